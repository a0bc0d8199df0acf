import { describe, expect, it } from 'vitest';
import { metaSchemaCheck } from '../../../src/schema/checks/meta-schema-check.js';
import { checkContext, malformed } from './check-context.js';

const VALID_TYPES = 'Valid types: string, number, integer, boolean, array, object, null';

describe('metaSchemaCheck', () => {
  it('accepts a valid draft 2020-12 schema', () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string', minLength: 1, pattern: '^[a-z]' }, n: { type: ['integer', 'null'], minimum: 0 } },
      required: ['path'],
      additionalProperties: false,
      $defs: { x: { type: 'boolean' } },
    };
    expect(metaSchemaCheck.run(schema, checkContext())).toEqual([]);
  });

  it('refuses an unknown type name at its path, listing the valid types (000 scenario 7)', () => {
    expect(metaSchemaCheck.run({ type: 'object', properties: { v: { type: 'invalid_type_name' } } }, checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/v/type', message: `/parameters/properties/v/type: Invalid schema type "invalid_type_name". ${VALID_TYPES}` },
    ]);
  });

  it('names the bad entry of a type list', () => {
    expect(metaSchemaCheck.run({ type: 'object', properties: { v: { type: ['string', 'text'] } } }, checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/v/type/1', message: `/parameters/properties/v/type/1: Invalid schema type "text". ${VALID_TYPES}` },
    ]);
  });

  it('finds errors deep inside items, $defs and compositions', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'strin' } } },
      $defs: { d: { anyOf: [{ type: 'number', minimum: 'zero' }] } },
    };
    const paths = metaSchemaCheck.run(schema, checkContext()).map((violation) => violation.path);
    expect(paths.sort()).toEqual(['/parameters/$defs/d/anyOf/0/minimum', '/parameters/properties/list/items/type']);
  });

  it('reports every problem, each at the deepest location', () => {
    const violations = metaSchemaCheck.run(malformed({ type: 'object', required: 'a', properties: { a: { type: 'string', minLength: -1 } } }), checkContext());
    expect(violations.map((violation) => violation.path).sort()).toEqual(['/parameters/properties/a/minLength', '/parameters/required']);
    expect(violations.find((violation) => violation.path.endsWith('minLength'))?.message).toContain('-1 is less than 0');
  });

  it('refuses a property schema that is not a schema', () => {
    const [violation] = metaSchemaCheck.run(malformed({ type: 'object', properties: { x: 'string' } }), checkContext());
    expect(violation?.path).toBe('/parameters/properties/x');
    expect(violation?.message).toContain('Expected "object", "boolean"');
  });

  it('treats a property named "type" as a property, not the keyword', () => {
    const [violation] = metaSchemaCheck.run(malformed({ type: 'object', properties: { type: 'text' } }), checkContext());
    expect(violation?.path).toBe('/parameters/properties/type');
    expect(violation?.message).not.toContain('Valid types');
  });
});
