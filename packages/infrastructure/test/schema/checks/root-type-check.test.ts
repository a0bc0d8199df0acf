import { describe, expect, it } from 'vitest';
import { rootTypeCheck } from '../../../src/schema/checks/root-type-check.js';
import { checkContext } from './check-context.js';

describe('rootTypeCheck', () => {
  it('accepts type "object"', () => {
    expect(rootTypeCheck.run({ type: 'object' }, checkContext())).toEqual([]);
  });

  it.each([
    [{}, 'no type'],
    [{ type: 'string' }, 'type "string"'],
    [{ type: ['object', 'null'] }, 'type ["object","null"]'],
  ])('refuses %j', (schema, found) => {
    expect(rootTypeCheck.run(schema, checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/type', message: `/parameters/type: Tool parameters must be an object schema with type "object"; found ${found}` },
    ]);
  });
});
