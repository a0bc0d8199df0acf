import { describe, expect, it } from 'vitest';
import { refResolutionCheck } from '../../../src/schema/checks/ref-resolution-check.js';
import { checkContext } from './check-context.js';

describe('refResolutionCheck', () => {
  it('accepts refs to $defs, the root, an $anchor, escaped names and boolean schemas', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/a' },
        b: { $ref: '#' },
        c: { $ref: '#named' },
        d: { $ref: '#/$defs/with~1slash%20space' },
        e: { $ref: '#/$defs/never' },
      },
      $defs: { a: { type: 'string' }, n: { $anchor: 'named', type: 'number' }, 'with/slash space': { type: 'null' }, never: false },
    };
    expect(refResolutionCheck.run(schema, checkContext())).toEqual([]);
  });

  it('refuses a pointer that leads nowhere (000 scenario 7)', () => {
    expect(refResolutionCheck.run({ type: 'object', properties: { a: { $ref: '#/invalid/path' } } }, checkContext())).toEqual([
      {
        code: 'ACODE-TSR-006',
        path: '/parameters/properties/a/$ref',
        message: '/parameters/properties/a/$ref: Could not resolve reference "#/invalid/path": no schema at that location in this document',
      },
    ]);
  });

  it.each([
    ['an unknown anchor', '#nowhere'],
    ['a value that is not a schema', '#/properties/a/type'],
    ['a keyword map rather than a schema', '#/properties'],
    ['an array index out of range', '#/allOf/5'],
    ['a malformed pointer', '#/%E0%A4%A'],
  ])('refuses %s', (_name, ref) => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { $ref: ref } }, allOf: [{ type: 'object' }] };
    expect(refResolutionCheck.run(schema, checkContext()).map((violation) => violation.path)).toEqual(['/parameters/properties/b/$ref']);
  });

  it('leaves remote refs to the remote-ref check', () => {
    expect(refResolutionCheck.run({ type: 'object', properties: { a: { $ref: 'https://x.example/s' } } }, checkContext())).toEqual([]);
  });
});
