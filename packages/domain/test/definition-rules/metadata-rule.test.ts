import { describe, expect, it } from 'vitest';
import { metadataRule } from '../../src/definition-rules/metadata-rule.js';
import { nestedArray, validDefinition } from '../fixtures/definitions.js';

const check = (metadata: unknown) => metadataRule.check(validDefinition({ metadata }));

describe('metadata rule', () => {
  it('accepts an object of JSON values', () => {
    expect(check({ author: 'acode', risk: 2, tags: ['fs', null], nested: { ok: true }, sensitive: true })).toEqual([]);
  });

  it.each([[[]], ['x'], [null], [new Date(0)]])('refuses %o as metadata', (metadata) => {
    expect(check(metadata)[0]!.path).toBe('/metadata');
  });

  it('points at the first value JSON cannot hold', () => {
    expect(check({ a: { b: [1, Number.NaN] } })).toEqual([
      { code: 'ACODE-DEF-001', path: '/metadata/a/b/1', message: 'metadata values must be finite numbers' },
    ]);
    expect(check({ 'a/b': () => 1 })).toEqual([{ code: 'ACODE-DEF-001', path: '/metadata/a~1b', message: 'metadata values must be JSON; got a function' }]);
  });

  it('insists sensitive is a boolean, since only true hides values', () => {
    expect(check({ sensitive: 'yes' })).toEqual([
      { code: 'ACODE-DEF-001', path: '/metadata/sensitive', message: 'metadata.sensitive must be true or false; got a string' },
    ]);
  });

  it('stops at 64 levels on 100,000-deep nesting and cycles', () => {
    const [deep] = check({ deep: nestedArray(100_000) });
    expect(deep!.message).toBe('metadata nests deeper than 64 levels');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(check(cycle)[0]!.message).toBe('metadata nests deeper than 64 levels');
  });
});
