import { describe, expect, it } from 'vitest';
import { versionRule } from '../../src/definition-rules/version-rule.js';
import { TEN_MB, validDefinition } from '../fixtures/definitions.js';

const check = (version: unknown) => versionRule.check(validDefinition({ version }));

describe('version rule', () => {
  it.each(['1.0.0', '0.1.0-beta.1', '2.0.0+build.7'])('accepts %s', (version) => {
    expect(check(version)).toEqual([]);
  });

  it.each(['1.0', 'v1.0.0', '01.0.0', 'latest', ''])('refuses %j and says what a version looks like', (version) => {
    expect(check(version)).toEqual([
      {
        code: 'ACODE-DEF-001',
        path: '/version',
        message: `version ${JSON.stringify(version)} is not a semantic version: use MAJOR.MINOR.PATCH without a "v" or leading zeros, such as "1.0.0" or "2.1.0-beta.1"`,
      },
    ]);
  });

  it('refuses numbers, which YAML makes of an unquoted 1.0', () => {
    expect(check(1.5)[0]!.message).toBe('version must be a string such as "1.0.0", got a number');
  });

  it('refuses oversized text without quoting it', () => {
    expect(check(TEN_MB)[0]!.message).toBe('version must be at most 256 characters');
  });

  it('requires a version (decision 4)', () => {
    const { version: _omitted, ...definition } = validDefinition();
    expect(versionRule.check(definition)[0]!.path).toBe('/version');
  });
});
