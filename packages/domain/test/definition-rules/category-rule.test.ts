import { describe, expect, it } from 'vitest';
import { categoryRule } from '../../src/definition-rules/category-rule.js';
import { TOOL_CATEGORIES } from '../../src/tool-category.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (category: unknown) => categoryRule.check(validDefinition({ category }));

describe('category rule', () => {
  it('accepts every category, and none at all', () => {
    for (const category of TOOL_CATEGORIES) expect(check(category)).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it.each([
    ['FileSystem', '"FileSystem"'],
    ['web', '"web"'],
    [3, 'an integer'],
    ['constructor', '"constructor"'],
  ])('refuses %j and lists the categories', (category, got) => {
    expect(check(category)).toEqual([
      { code: 'ACODE-DEF-001', path: '/category', message: `category must be one of: ${TOOL_CATEGORIES.join(', ')}; got ${got}` },
    ]);
  });
});
