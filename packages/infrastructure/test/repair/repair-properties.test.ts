import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repair } from './repair-test-kit.js';

/** Text in which the repairer's special characters are frequent. */
const damageChar = fc.constantFrom(',', '{', '}', '[', ']', ':', '"', "'", '\\', '/', '*', '#', '`', '“', '”', ' ', '\n', 'a', 'T', '1', '-', '.');

const damage = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), char: damageChar }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
);

function applyDamage(text: string, edits: readonly { kind: 'delete' | 'insert' | 'cut'; at: number; char?: string }[]): string {
  let damaged = text;
  for (const edit of edits) {
    const at = damaged.length === 0 ? 0 : edit.at % (damaged.length + 1);
    if (edit.kind === 'delete') damaged = damaged.slice(0, at) + damaged.slice(at + 1);
    else if (edit.kind === 'insert') damaged = damaged.slice(0, at) + (edit.char ?? '') + damaged.slice(at);
    else damaged = damaged.slice(0, at);
  }
  return damaged;
}

describe('repair properties', () => {
  it('returns any JSON value, stringified with or without indentation, unchanged and unflagged', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(repair(text)).toEqual({ attempted: false, success: true, original: text, repaired: text, repairs: [] });
      }),
      { numRuns: 500 },
    );
  });

  it('turns any prefix of a JSON object into an object, or a clean error, never a throw', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), fc.constantFrom(undefined, 2), fc.nat(), (object, indent, cut) => {
        const text = JSON.stringify(object, null, indent);
        const prefix = text.slice(0, 1 + (cut % text.length));
        const result = repair(prefix);
        if (result.success) {
          const parsed: unknown = JSON.parse(result.repaired ?? '');
          expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
        } else {
          expect(result.error?.code).toBe('ACODE-TLP-003');
          expect(result.error?.position).toBeGreaterThanOrEqual(0);
          expect(result.error?.position).toBeLessThanOrEqual(prefix.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent on damaged JSON, and every success parses', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.array(damage, { minLength: 1, maxLength: 4 }), (value, edits) => {
        const damaged = applyDamage(JSON.stringify(value, null, 1), edits);
        const first = repair(damaged);
        if (!first.success) {
          expect(first.error?.code).toBe('ACODE-TLP-003');
          return;
        }
        const repaired = first.repaired ?? '';
        expect(() => JSON.parse(repaired)).not.toThrow();
        expect(repair(repaired)).toEqual({ attempted: false, success: true, original: repaired, repaired, repairs: [] });
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: damageChar, maxLength: 200 })), (text) => {
        const result = repair(text);
        expect(typeof result.success).toBe('boolean');
        if (result.success) expect(() => JSON.parse(result.repaired ?? '')).not.toThrow();
        else expect(result.error?.code).toBe('ACODE-TLP-003');
      }),
      { numRuns: 2000 },
    );
  });
});
