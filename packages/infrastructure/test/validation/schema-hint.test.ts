import { describe, expect, it } from 'vitest';
import { buildSchemaHint, MAX_SCHEMA_HINT_LENGTH } from '../../src/validation/schema-hint.js';
import { FILE_READ_SCHEMA } from './support/file-read-schema.js';

describe('buildSchemaHint', () => {
  it('summarises file_read as 000 shows it', () => {
    expect(buildSchemaHint('file_read', FILE_READ_SCHEMA)).toBe(
      "file_read expects: {path: string (required), encoding?: 'utf-8'|'ascii'|'utf-16'|'utf-32', start_line?: integer, end_line?: integer}",
    );
  });

  it('nests objects one level, shows arrays, unions, refs and consts, never defaults or patterns', () => {
    const hint = buildSchemaHint('t', {
      type: 'object',
      properties: {
        opts: { type: 'object', properties: { depth: { type: 'integer', default: 99 }, inner: { type: 'object', properties: { x: { type: 'string' } } } }, required: ['depth'] },
        tags: { type: 'array', items: { type: 'string', pattern: '^secret$' } },
        id: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        point: { $ref: '#/$defs/Point' },
        kind: { const: 'fixed' },
      },
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
    });
    expect(hint).toBe("t expects: {opts?: {depth: integer (required), inner?: object}, tags?: string[], id?: string|null, point?: {x?: number}, kind?: 'fixed'}");
  });

  it('is bounded, whatever the schema', () => {
    const properties = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`property_${i}_${'x'.repeat(100)}`, { type: 'string' }]));
    const hint = buildSchemaHint('wide', { type: 'object', properties });
    expect(hint).toHaveLength(MAX_SCHEMA_HINT_LENGTH);
    expect(hint.endsWith('…')).toBe(true);
  });

  it('escapes hostile names and survives odd or circular schemas', () => {
    expect(buildSchemaHint("x'\n", { type: 'object', properties: { "a'\u0000": { type: 'string' } } })).toBe("x\\'\\u000a expects: {a\\'\\u0000?: string}");
    expect(buildSchemaHint('loop', { type: 'object', properties: { a: { $ref: '#/properties/a' } } })).toBe('loop expects: {a?: any}');
    expect(buildSchemaHint('empty', {})).toBe('empty expects: {}');
    expect(buildSchemaHint('bool', true)).toBe('bool expects: {}');
  });
});
