import { describe, expect, it } from 'vitest';
import { schemaSizeCheck } from '../../../src/schema/checks/schema-size-check.js';
import { checkContext } from './check-context.js';

/** A schema whose canonical JSON is exactly `bytes` long: `{"description":"xxx…","type":"object"}`. */
function schemaOfSize(bytes: number): Record<string, unknown> {
  const overhead = '{"description":"","type":"object"}'.length;
  return { type: 'object', description: 'x'.repeat(bytes - overhead) };
}

describe('schemaSizeCheck', () => {
  it('accepts a schema of exactly 50 KiB', () => {
    expect(schemaSizeCheck.run(schemaOfSize(50 * 1024), checkContext())).toEqual([]);
  });

  it('refuses one byte more, with both sizes in the message', () => {
    expect(schemaSizeCheck.run(schemaOfSize(50 * 1024 + 1), checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters', message: '/parameters: Schema exceeds maximum size of 51200 bytes (got 51201)' },
    ]);
  });

  it('measures UTF-8 bytes, not characters', () => {
    // 34 bytes of structure plus 10 three-byte characters: 64 bytes, but only 44 characters.
    const schema = { type: 'object', description: '€'.repeat(10) };
    expect(schemaSizeCheck.run(schema, checkContext({ maxSchemaSizeBytes: 64 }))).toEqual([]);
    expect(schemaSizeCheck.run(schema, checkContext({ maxSchemaSizeBytes: 50 }))[0]?.message).toContain('(got 64)');
  });

  it('honours a configured limit', () => {
    expect(schemaSizeCheck.run({ type: 'object' }, checkContext({ maxSchemaSizeBytes: 10 }))[0]?.message).toContain('maximum size of 10 bytes (got 17)');
  });
});
