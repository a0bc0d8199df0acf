import type { JsonObject, JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { hasStrictForm, omitStrictNulls } from '../../src/tool-calls/omit-strict-nulls.js';

/** kb_search's parameters, as shipped in tools/kb-search/schema.json (shortened descriptions). */
const KB_SEARCH: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    query: { type: 'string', minLength: 1 },
    namespace: { type: 'string', enum: ['studio', 'personal', 'public'], default: 'studio' },
    filters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: ['project', 'person'] },
        tags: { type: 'array', items: { type: 'string' } },
        date_range: { type: 'object', additionalProperties: false, properties: { start: { type: 'string' }, end: { type: 'string' } } },
      },
    },
    top_k: { type: 'integer', minimum: 1, default: 5 },
    include_snippets: { type: 'boolean', default: true },
  },
};

const omit = (value: JsonObject, schema = KB_SEARCH) => omitStrictNulls(value, schema, 16);

describe('omitStrictNulls', () => {
  it('drops the nulls of optional properties, at every level of nested objects', () => {
    const sent = { query: 'onboarding', namespace: null, top_k: null, include_snippets: null, filters: { type: null, tags: null, date_range: { start: null, end: '2024-01-01' } } };
    expect(omit(sent)).toEqual({ query: 'onboarding', filters: { date_range: { end: '2024-01-01' } } });
    expect(omit({ query: 'x', filters: null })).toEqual({ query: 'x' });
  });

  it('keeps the null of a required property, for validation to refuse', () => {
    expect(omit({ query: null, top_k: null })).toEqual({ query: null });
    expect(omit({ query: null })).toBeUndefined();
  });

  it('keeps a null the original schema accepts: there it is a value', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { clear: { type: ['string', 'null'] }, pick: { enum: ['a', null] }, either: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, loose: { description: 'no type' } },
    };
    expect(omit({ clear: null, pick: null, either: null, loose: null }, schema)).toBeUndefined();
  });

  it('drops the nulls in objects inside arrays, and through local references', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } }, main: { $ref: '#/$defs/Item' } },
      $defs: { Item: { type: 'object', properties: { id: { type: 'integer' }, note: { type: 'string' } }, required: ['id'] } },
    };
    expect(omit({ items: [{ id: 1, note: null }, { id: 2 }], main: { id: 3, note: null } }, schema)).toEqual({ items: [{ id: 1 }, { id: 2 }], main: { id: 3 } });
  });

  it('never guesses into a union, and leaves properties the schema does not have', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { shape: { anyOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'object', properties: { w: { type: 'number' } } }] } },
    };
    expect(omit({ shape: { r: null }, extra: null }, schema)).toBeUndefined();
  });

  it('leaves the input unchanged', () => {
    const input = { query: 'x', top_k: null };
    expect(omit(input)).toEqual({ query: 'x' });
    expect(input).toEqual({ query: 'x', top_k: null });
  });
});

describe('hasStrictForm', () => {
  it('is true for a schema strict mode can express, false for an open map', () => {
    expect(hasStrictForm(KB_SEARCH)).toBe(true);
    expect(hasStrictForm({ type: 'object', additionalProperties: { type: 'string' } })).toBe(false);
  });
});
