import { describe, expect, it } from 'vitest';
import { schemaDepthCheck } from '../../../src/schema/checks/schema-depth-check.js';
import { checkContext, malformed } from './check-context.js';

function nestedProperties(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('schemaDepthCheck', () => {
  it('accepts a schema exactly at the limit', () => {
    // 19 wrappers around a leaf: 20 schema objects on the deepest path.
    expect(schemaDepthCheck.run(nestedProperties(19), checkContext())).toEqual([]);
  });

  it('refuses one level more, naming the path where the limit is crossed', () => {
    const violations = schemaDepthCheck.run(nestedProperties(20), checkContext());
    const path = `/parameters${'/properties/a'.repeat(20)}`;
    expect(violations).toEqual([{ code: 'ACODE-TSR-006', path, message: `${path}: Schema exceeds maximum nesting depth of 20` }]);
  });

  it('honours a configured limit', () => {
    expect(schemaDepthCheck.run(nestedProperties(3), checkContext({ maxSchemaDepth: 3 }))).toHaveLength(1);
    expect(schemaDepthCheck.run(nestedProperties(2), checkContext({ maxSchemaDepth: 3 }))).toEqual([]);
  });

  it('counts nesting through items and compositions too', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 25; level++) schema = level % 2 === 0 ? { type: 'array', items: schema } : { allOf: [schema] };
    // The root is an array schema; schema 21 sits 20 hops down, alternating items and allOf/0.
    expect(schemaDepthCheck.run(schema, checkContext())[0]?.path).toBe(`/parameters${'/items/allOf/0'.repeat(10)}`);
  });

  it('reports a 100,000-deep schema without overflowing the stack', () => {
    const violations = schemaDepthCheck.run(nestedProperties(100_000), checkContext());
    expect(violations).toHaveLength(1);
    expect(violations[0]?.message).toContain('maximum nesting depth of 20');
  });

  it('bounds data nested inside keywords such as enum and default', () => {
    let value: unknown = 1;
    for (let level = 0; level < 100_000; level++) value = [value];
    const violations = schemaDepthCheck.run(malformed({ type: 'object', default: value }), checkContext());
    expect(violations).toHaveLength(1);
    expect(violations[0]?.path.startsWith('/parameters/default/0/0')).toBe(true);
  });

  it('terminates on a cyclic object', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(schemaDepthCheck.run(schema, checkContext())).toHaveLength(1);
  });
});
