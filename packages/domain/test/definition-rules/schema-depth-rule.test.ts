import { describe, expect, it } from 'vitest';
import { schemaDepthRule } from '../../src/definition-rules/schema-depth-rule.js';
import { nestedObjectSchema, validDefinition } from '../fixtures/definitions.js';

const check = (depth: number) => schemaDepthRule.check(validDefinition({ parameters: nestedObjectSchema(depth) }));

describe('schema-depth rule', () => {
  it('accepts 64 levels of property schemas', () => {
    expect(check(64)).toEqual([]);
  });

  it('reports the first schema past level 64', () => {
    expect(check(65)).toEqual([
      {
        code: 'ACODE-TSR-006',
        path: `/parameters${'/properties/a'.repeat(65)}`,
        message: 'parameters nest deeper than 64 levels; nothing below this point was checked',
      },
    ]);
  });

  it('survives 100,000 levels with the same single violation', () => {
    expect(check(100_000)).toEqual(check(65));
  });

  it('counts array items as a level', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 70; i++) schema = { type: 'array', items: schema };
    const [violation] = schemaDepthRule.check(validDefinition({ parameters: { type: 'object', properties: { list: schema } } }));
    expect(violation!.path).toBe(`/parameters/properties/list${'/items'.repeat(64)}`);
  });
});
