import { describe, expect, it } from 'vitest';
import { circularRefCheck } from '../../../src/schema/checks/circular-ref-check.js';
import { checkContext } from './check-context.js';

describe('circularRefCheck', () => {
  it('refuses a $ref chain that loops on the same value', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } };
    expect(circularRefCheck.run(schema, checkContext())).toEqual([
      {
        code: 'ACODE-TSR-006',
        path: '/parameters/$defs/a/$ref',
        message: '/parameters/$defs/a/$ref: Circular reference detected: /parameters/$defs/a -> /parameters/$defs/b -> /parameters/$defs/a never reaches a property or item, so validation could not end',
      },
    ]);
  });

  it('refuses a self reference and a loop through allOf', () => {
    const schema = { type: 'object', $defs: { self: { $ref: '#/$defs/self' }, viaAllOf: { allOf: [{ $ref: '#/$defs/viaAllOf' }] } } };
    expect(circularRefCheck.run(schema, checkContext()).map((violation) => violation.path).sort()).toEqual(['/parameters/$defs/self/$ref', '/parameters/$defs/viaAllOf/allOf/0/$ref']);
  });

  it('refuses the root referencing itself in place', () => {
    expect(circularRefCheck.run({ type: 'object', anyOf: [{ $ref: '#' }] }, checkContext())).toHaveLength(1);
  });

  it('accepts recursion through properties and items (a tree of nodes)', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } }, parent: { $ref: '#/$defs/node' } } } },
    };
    expect(circularRefCheck.run(schema, checkContext())).toEqual([]);
  });

  it('accepts a diamond of refs that shares a target without looping', () => {
    const schema = { type: 'object', allOf: [{ $ref: '#/$defs/a' }, { $ref: '#/$defs/b' }], $defs: { a: { $ref: '#/$defs/c' }, b: { $ref: '#/$defs/c' }, c: { type: 'object' } } };
    expect(circularRefCheck.run(schema, checkContext())).toEqual([]);
  });
});
