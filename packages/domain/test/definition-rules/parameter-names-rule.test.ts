import { describe, expect, it } from 'vitest';
import { parameterNamesRule } from '../../src/definition-rules/parameter-names-rule.js';
import { validateToolDefinition } from '../../src/validate-tool-definition.js';
import { validDefinition } from '../fixtures/definitions.js';

const withProperties = (properties: Record<string, unknown>) => validDefinition({ parameters: { type: 'object', properties } });

describe('parameter names rule (001 §4.3 snake_case)', () => {
  it('accepts snake_case names, top level and nested', () => {
    const definition = withProperties({ path: { type: 'string' }, max_depth_2: { type: 'integer' }, opts: { type: 'object', properties: { dry_run: { type: 'boolean' } } } });
    expect(parameterNamesRule.check(definition)).toEqual([]);
  });

  it('refuses a camelCase name at its path with a snake_case suggestion, through validateToolDefinition too', () => {
    const definition = withProperties({ filePath: { type: 'string' } });
    const expected = {
      code: 'ACODE-TSR-006',
      path: '/parameters/properties/filePath',
      message: 'parameter name "filePath" is not snake_case (lowercase letters, digits and underscores, starting with a letter); did you mean "file_path"?',
    };
    expect(parameterNamesRule.check(definition)).toEqual([expected]);
    expect(validateToolDefinition(definition)).toContainEqual(expected);
  });

  it.each(['file-path', 'FilePath', '_private', '2nd', 'naïve', ''])('refuses %j', (name) => {
    const [violation] = parameterNamesRule.check(withProperties({ [name]: { type: 'string' } }));
    expect(violation?.code).toBe('ACODE-TSR-006');
    expect(violation?.message).toContain('is not snake_case');
  });

  it('refuses a nested camelCase property and a name over 64 characters', () => {
    const nested = withProperties({ opts: { type: 'object', properties: { dryRun: { type: 'boolean' } } } });
    expect(parameterNamesRule.check(nested).map((v) => v.path)).toEqual(['/parameters/properties/opts/properties/dryRun']);
    const long = 'a'.repeat(65);
    expect(parameterNamesRule.check(withProperties({ [long]: { type: 'string' } }))[0]?.message).toContain('is longer than 64 characters');
  });
});
