import type { JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { nullable, toOpenAiStrictSchema, toOpenAiStrictTool } from '../../src/provider-schemas/index.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchemaObject => ({ type: 'object', properties, additionalProperties: false, ...extra }) as JsonSchemaObject;

describe('toOpenAiStrictSchema', () => {
  it('closes an object that forgot additionalProperties (decision 7 already rejects unknown properties)', () => {
    expect(toOpenAiStrictSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({
      ok: true,
      schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
    });
  });

  it('turns oneOf into anyOf, merges allOf, and drops keywords outside the subset', () => {
    const result = toOpenAiStrictSchema(
      object(
        {
          pick: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          tags: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, maxItems: 3 },
          when: { type: 'string', format: 'uri' },
        },
        { required: ['pick', 'tags', 'when'], allOf: [{ properties: { extra: { type: 'boolean' } } }] },
      ),
    );
    expect(result).toEqual({
      ok: true,
      schema: {
        type: 'object',
        properties: {
          pick: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          when: { type: 'string' },
          extra: { type: ['boolean', 'null'] },
        },
        required: ['pick', 'tags', 'when', 'extra'],
        additionalProperties: false,
      },
    });
  });

  it.each([
    ['an open map', object({ m: { type: 'object', additionalProperties: { type: 'string' } } }), 'additionalProperties other than false'],
    ['patternProperties', object({ m: { type: 'object', patternProperties: { '^x': { type: 'string' } } } }), 'patternProperties'],
    ['a root union', { anyOf: [object({}), object({})] } as JsonSchemaObject, 'root schema'],
    ['a root that is not an object', { type: 'string' } as JsonSchemaObject, 'root schema'],
    ['the always-true schema', object({ any: true }), 'any value'],
  ])('refuses %s with a reason, and never throws', (_label, schema, reason) => {
    const result = toOpenAiStrictSchema(schema);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('refuses objects nested past 10 levels, and falls back to a non-strict tool', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 12; level++) schema = object({ next: schema }, { required: ['next'] });
    const result = toOpenAiStrictSchema(schema);
    expect(!result.ok && result.reason).toMatch(/deeper than 10/);
    const tool = toOpenAiStrictTool({ name: 'deep', description: 'Deep.', parameters: schema });
    expect(tool.function.strict).toBe(false);
    expect(tool.function.parameters).toBe(schema);
  });

  it('refuses more than 1,000 enum values in all', () => {
    const values = Array.from({ length: 600 }, (_, index) => `v${index}`);
    const result = toOpenAiStrictSchema(object({ a: { type: 'string', enum: values }, b: { type: 'string', enum: values } }, { required: ['a', 'b'] }));
    expect(!result.ok && result.reason).toMatch(/1000 enum values/);
  });
});

describe('nullable', () => {
  it.each([
    [{ type: 'string' }, { type: ['string', 'null'] }],
    [{ type: ['string', 'integer'] }, { type: ['string', 'integer', 'null'] }],
    [{ type: ['string', 'null'] }, { type: ['string', 'null'] }],
    [{ type: 'string', enum: ['a'] }, { type: ['string', 'null'], enum: ['a', null] }],
    [{ enum: [1, 2] }, { enum: [1, 2, null] }],
    [{ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    [{ anyOf: [{ type: 'null' }] }, { anyOf: [{ type: 'null' }] }],
    [{ const: 'x', type: 'string', description: 'd' }, { description: 'd', anyOf: [{ const: 'x', type: 'string' }, { type: 'null' }] }],
    [{ $ref: '#/$defs/a' }, { anyOf: [{ $ref: '#/$defs/a' }, { type: 'null' }] }],
  ])('%j becomes %j', (input, expected) => {
    expect(nullable(input)).toEqual(expected);
  });
});
