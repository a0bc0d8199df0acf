import { describe, expect, it } from 'vitest';
import { remoteRefCheck } from '../../../src/schema/checks/remote-ref-check.js';
import { checkContext } from './check-context.js';

describe('remoteRefCheck', () => {
  it('accepts local references and a root $id', () => {
    const schema = { $id: 'https://acode.dev/tools/x', type: 'object', properties: { a: { $ref: '#/$defs/a' }, b: { $ref: '#' } }, $defs: { a: { type: 'string' } } };
    expect(remoteRefCheck.run(schema, checkContext())).toEqual([]);
  });

  it.each(['https://evil.example/schema.json', 'http://localhost:1234/integer.json', 'other.json#/a', 'file:///etc/passwd', '//host/x'])('refuses $ref %s', (ref) => {
    expect(remoteRefCheck.run({ type: 'object', properties: { a: { $ref: ref } } }, checkContext())).toEqual([
      {
        code: 'ACODE-TSR-006',
        path: '/parameters/properties/a/$ref',
        message: `/parameters/properties/a/$ref: Remote $ref is not allowed (${JSON.stringify(ref)}); reference a local definition such as "#/$defs/name"`,
      },
    ]);
  });

  it('refuses $dynamicRef and $recursiveRef, even local ones', () => {
    const schema = { type: 'object', properties: { a: { $dynamicRef: '#meta' }, b: { $recursiveRef: '#' } } };
    expect(remoteRefCheck.run(schema, checkContext()).map((violation) => violation.path)).toEqual(['/parameters/properties/a/$dynamicRef', '/parameters/properties/b/$recursiveRef']);
  });

  it('refuses an embedded $id', () => {
    const [violation] = remoteRefCheck.run({ type: 'object', $defs: { a: { $id: 'https://evil.example/a', type: 'string' } } }, checkContext());
    expect(violation?.path).toBe('/parameters/$defs/a/$id');
    expect(violation?.message).toContain('Embedded $id is not allowed');
  });

  it('finds remote refs inside items, compositions and $defs', () => {
    const ref = 'https://x.example/s';
    const schema = { type: 'object', properties: { l: { type: 'array', items: { $ref: ref } } }, allOf: [{ $ref: ref }], $defs: { d: { not: { $ref: ref } } } };
    expect(remoteRefCheck.run(schema, checkContext()).map((violation) => violation.path)).toEqual(['/parameters/properties/l/items/$ref', '/parameters/allOf/0/$ref', '/parameters/$defs/d/not/$ref']);
  });
});
