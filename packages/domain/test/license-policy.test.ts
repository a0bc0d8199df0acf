import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/error-codes.js';
import { checkLicense, MAX_LICENSE_KEYWORD_VIOLATIONS, TIER_LIMITS } from '../src/license-policy.js';
import { LICENSE_TIERS, type LicenseTier } from '../src/license-tier.js';
import type { ToolDefinition } from '../src/tool-definition.js';
import { validDefinition, withProperties } from './fixtures/definitions.js';

// 001 §3.2 (tier limits) and §10 items 5 and 6, as the domain policy.

const { LICENSE_CUSTOM_LIMIT, LICENSE_SCHEMA_KEYWORD } = ERROR_CODES;

function definition(overrides: Record<string, unknown> = {}): ToolDefinition {
  return validDefinition(overrides) as unknown as ToolDefinition;
}

function create(tier: LicenseTier, customCount: number, def: ToolDefinition = definition()) {
  return checkLicense(tier, { customCount, definition: def, isNew: true });
}

function withSchema(property: Record<string, unknown>): ToolDefinition {
  return withProperties({ value: property }, ['value']) as unknown as ToolDefinition;
}

describe('TIER_LIMITS (001 §3.2)', () => {
  it('holds a row for every tier, as 001 states it', () => {
    expect(Object.keys(TIER_LIMITS).sort()).toEqual([...LICENSE_TIERS].sort());
    expect(TIER_LIMITS.core).toEqual({ builtInDefinitions: 5, customDefinitions: 0, validationLevel: 'basic' });
    expect(TIER_LIMITS.writer_pro).toEqual({ builtInDefinitions: 5, customDefinitions: 10, validationLevel: 'basic' });
    expect(TIER_LIMITS.teams).toEqual({ builtInDefinitions: 8, customDefinitions: 50, validationLevel: 'advanced' });
    expect(TIER_LIMITS.enterprise).toEqual({ builtInDefinitions: 8, customDefinitions: Infinity, validationLevel: 'full' });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TIER_LIMITS)).toBe(true);
    for (const tier of LICENSE_TIERS) expect(Object.isFrozen(TIER_LIMITS[tier])).toBe(true);
  });
});

describe('checkLicense: custom definition limits', () => {
  it('refuses any create on Core with a license error naming the tier and its limit (001 §10 item 5)', () => {
    const violations = create('core', 0);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ code: LICENSE_CUSTOM_LIMIT, path: '' });
    expect(violations[0]!.message).toContain('core tier allows 0 custom definitions');
    expect(violations[0]!.message).toContain('writer_pro');
  });

  it('lets WriterPro create its 10th and refuses the 11th (001 §10 item 6)', () => {
    expect(create('writer_pro', 9)).toEqual([]);
    const violations = create('writer_pro', 10);
    expect(violations).toEqual([expect.objectContaining({ code: LICENSE_CUSTOM_LIMIT, path: '' })]);
    expect(violations[0]!.message).toContain('The writer_pro tier allows 10 custom definitions; this project has 10');
  });

  it('lets Teams create its 50th and refuses the 51st', () => {
    expect(create('teams', 49)).toEqual([]);
    const violations = create('teams', 50);
    expect(violations).toEqual([expect.objectContaining({ code: LICENSE_CUSTOM_LIMIT, path: '' })]);
    expect(violations[0]!.message).toContain('The teams tier allows 50 custom definitions; this project has 50');
  });

  it('puts no limit on Enterprise', () => {
    expect(create('enterprise', 0)).toEqual([]);
    expect(create('enterprise', 1000)).toEqual([]);
    expect(create('enterprise', 1_000_000)).toEqual([]);
  });

  it('refuses a create on a project already past the limit (after a move to a smaller tier)', () => {
    expect(create('writer_pro', 37)[0]).toMatchObject({ code: LICENSE_CUSTOM_LIMIT });
    expect(create('writer_pro', 37)[0]!.message).toContain('this project has 37');
  });

  it('never refuses an update for the count, on any tier', () => {
    for (const tier of LICENSE_TIERS) {
      expect(checkLicense(tier, { customCount: 500, definition: definition(), isNew: false })).toEqual([]);
    }
  });
});

describe('checkLicense: schema validation levels', () => {
  const advancedOnly: ReadonlyArray<[string, Record<string, unknown>]> = [
    ['pattern', { type: 'string', pattern: '^[a-z]+$' }],
    ['anyOf', { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['$ref', { $ref: '#/$defs/name' }],
    ['format', { type: 'string', format: 'date' }],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }],
    ['uniqueItems', { type: 'array', items: { type: 'string' }, uniqueItems: true }],
  ];

  it.each(advancedOnly)('Basic refuses %s at its path, naming the tier and the level it needs', (keyword, schema) => {
    for (const tier of ['core', 'writer_pro'] as const) {
      const violations = checkLicense(tier, { customCount: 0, definition: withSchema(schema), isNew: false });
      const refusal = violations.find((violation) => violation.path === `/parameters/properties/value/${keyword}`);
      expect(refusal).toMatchObject({ code: LICENSE_SCHEMA_KEYWORD });
      expect(refusal!.message).toContain(`The ${tier} tier allows basic`);
      expect(refusal!.message).toContain(`"${keyword}"`);
      expect(refusal!.message).toContain('needs advanced');
    }
  });

  it.each(advancedOnly)('Advanced allows %s', (_keyword, schema) => {
    expect(checkLicense('teams', { customCount: 0, definition: withSchema(schema), isNew: true })).toEqual([]);
  });

  it('Basic allows the plain keywords: types, enums, bounds, lengths, items, annotations', () => {
    const def = withProperties(
      {
        name: { type: 'string', title: 'Name', description: 'A name.', minLength: 1, maxLength: 64, default: 'a', examples: ['b'] },
        count: { type: 'integer', minimum: 0, maximum: 10 },
        mode: { type: 'string', enum: ['a', 'b'] },
        fixed: { const: 'x' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 0, maxItems: 5 },
        options: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'], additionalProperties: false, minProperties: 1, maxProperties: 3 },
      },
      ['name'],
    ) as unknown as ToolDefinition;
    expect(checkLicense('core', { customCount: 0, definition: def, isNew: false })).toEqual([]);
  });

  it.each([
    ['if', { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } }, ['if', 'then']],
    ['unevaluatedProperties', { type: 'object', unevaluatedProperties: false }, ['unevaluatedProperties']],
    ['dependentSchemas', { type: 'object', dependentSchemas: { a: { required: ['b'] } } }, ['dependentSchemas']],
    ['contains', { type: 'array', items: { type: 'string' }, contains: { const: 'x' } }, ['contains']],
    ['$dynamicRef', { $dynamicRef: '#node' }, ['$dynamicRef']],
  ])('Advanced refuses %s; Full allows it', (_name, schema, keywords) => {
    const violations = checkLicense('teams', { customCount: 0, definition: withSchema(schema), isNew: false });
    expect(violations.map((violation) => violation.path)).toEqual(keywords.map((keyword) => `/parameters/properties/value/${keyword}`));
    for (const violation of violations) {
      expect(violation.code).toBe(LICENSE_SCHEMA_KEYWORD);
      expect(violation.message).toContain('The teams tier allows advanced');
      expect(violation.message).toContain('needs full (the enterprise tier)');
    }
    expect(checkLicense('enterprise', { customCount: 0, definition: withSchema(schema), isNew: false })).toEqual([]);
  });

  it('Full + Custom allows vendor keywords; lower levels refuse them as custom keywords', () => {
    const def = withSchema({ type: 'string', 'x-ui-widget': 'textarea' });
    expect(checkLicense('enterprise', { customCount: 0, definition: def, isNew: false })).toEqual([]);
    const [refusal] = checkLicense('teams', { customCount: 0, definition: def, isNew: false });
    expect(refusal).toMatchObject({ code: LICENSE_SCHEMA_KEYWORD, path: '/parameters/properties/value/x-ui-widget' });
    expect(refusal!.message).toContain('custom keyword "x-ui-widget"');
  });

  it('finds keywords inside composition branches, $defs, tuples and the output schema', () => {
    const def = definition({
      parameters: {
        type: 'object',
        properties: {
          value: { anyOf: [{ type: 'string' }, { type: 'object', if: { required: ['a'] }, then: { required: ['a'] } }] },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'object', unevaluatedProperties: false }] },
        },
        $defs: { node: { type: 'object', dependentSchemas: { a: { required: ['b'] } } } },
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { text: { type: 'string', contains: { const: 1 } } } },
    });
    const paths = checkLicense('teams', { customCount: 0, definition: def, isNew: false }).map((violation) => violation.path);
    expect(paths).toEqual([
      '/parameters/properties/value/anyOf/1/if',
      '/parameters/properties/value/anyOf/1/then',
      '/parameters/properties/pair/prefixItems/1/unevaluatedProperties',
      '/parameters/$defs/node/dependentSchemas',
      '/outputSchema/properties/text/contains',
    ]);
  });

  it('reads names and data as such: a property called "pattern" or an enum listing "anyOf" is no keyword', () => {
    const def = withProperties({
      pattern: { type: 'string', enum: ['anyOf', 'pattern'], default: 'pattern' },
      if: { type: 'object', properties: { $ref: { type: 'string' } }, examples: [{ $ref: 'x', if: 1 }] },
    }) as unknown as ToolDefinition;
    expect(checkLicense('core', { customCount: 0, definition: def, isNew: false })).toEqual([]);
  });

  it('escapes keyword paths as JSON Pointers', () => {
    const def = withProperties({ 'a/b': { type: 'string', pattern: '^x$' } }) as unknown as ToolDefinition;
    const [refusal] = checkLicense('core', { customCount: 0, definition: def, isNew: false });
    expect(refusal!.path).toBe('/parameters/properties/a~1b/pattern');
  });

  it('returns every refusal at once: the count and each keyword, each with a code and a path', () => {
    const def = withProperties({ a: { type: 'string', pattern: '^a$' }, b: { anyOf: [{ type: 'string' }, { type: 'null' }] } }) as unknown as ToolDefinition;
    const violations = create('core', 0, def);
    expect(violations.map(({ code, path }) => [code, path])).toEqual([
      [LICENSE_CUSTOM_LIMIT, ''],
      [LICENSE_SCHEMA_KEYWORD, '/parameters/properties/a/pattern'],
      [LICENSE_SCHEMA_KEYWORD, '/parameters/properties/b/anyOf'],
    ]);
    for (const violation of violations) {
      expect(violation.code).toMatch(/^ACODE-LIC-\d{3}$/);
      expect(typeof violation.path).toBe('string');
      expect(violation.message).toContain('core');
    }
  });

  it(`lists at most ${MAX_LICENSE_KEYWORD_VIOLATIONS} keyword refusals, then says how many more there were`, () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 80; index++) properties[`p${index}`] = { type: 'string', pattern: '^x$' };
    const violations = checkLicense('core', { customCount: 0, definition: withProperties(properties) as unknown as ToolDefinition, isNew: false });
    expect(violations).toHaveLength(MAX_LICENSE_KEYWORD_VIOLATIONS + 1);
    expect(violations.at(-1)).toMatchObject({ code: LICENSE_SCHEMA_KEYWORD, path: '/parameters' });
    expect(violations.at(-1)!.message).toContain('30 more');
  });

  it('stops at the schema depth bound instead of recursing without end', () => {
    const root: Record<string, unknown> = { type: 'object' };
    let current = root;
    for (let level = 0; level < 10_000; level++) {
      const next: Record<string, unknown> = { type: 'object', pattern: 'x' };
      current['not'] = next;
      current = next;
    }
    const violations = checkLicense('enterprise', { customCount: 0, definition: definition({ parameters: root }), isNew: false });
    expect(violations).toEqual([]);
    const basic = checkLicense('core', { customCount: 0, definition: definition({ parameters: root }), isNew: false });
    expect(basic.length).toBe(MAX_LICENSE_KEYWORD_VIOLATIONS + 1);
  });
});
