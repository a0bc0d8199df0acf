import { describe, expect, it } from 'vitest';
import { outputSchemaRule } from '../../src/definition-rules/output-schema-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('output-schema rule', () => {
  it('accepts an object schema and absence', () => {
    expect(outputSchemaRule.check(validDefinition({ outputSchema: { type: 'string' } }))).toEqual([]);
    expect(outputSchemaRule.check(validDefinition())).toEqual([]);
  });

  it.each([[true, 'a boolean'], ['string', 'a string'], [[], 'an array'], [null, 'null']])('refuses %j', (outputSchema, got) => {
    expect(outputSchemaRule.check(validDefinition({ outputSchema }))).toEqual([
      { code: 'ACODE-TSR-006', path: '/outputSchema', message: `outputSchema must be a JSON Schema object; got ${got}` },
    ]);
  });
});
