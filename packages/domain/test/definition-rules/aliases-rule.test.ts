import { describe, expect, it } from 'vitest';
import { aliasesRule } from '../../src/definition-rules/aliases-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (aliases: unknown) => aliasesRule.check(validDefinition({ aliases }));

describe('aliases rule', () => {
  it('accepts valid, distinct names other than the tool\'s own', () => {
    expect(check(['read_file', 'cat'])).toEqual([]);
    expect(check([])).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it('refuses a non-list', () => {
    expect(check('read_file')).toEqual([{ code: 'ACODE-DEF-001', path: '/aliases', message: 'aliases must be a list of tool names; got a string' }]);
  });

  it('holds each alias to the name rules, the own name and uniqueness, ignoring case', () => {
    expect(check(['ReadFile', 'run', 'file_read', 'cat', 'cat', 9]).map((v) => [v.path, v.message])).toEqual([
      ['/aliases/0', 'alias "ReadFile" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
      ['/aliases/1', 'alias "run" is reserved (execute, run, call, invoke); choose a name that says what the tool does'],
      ['/aliases/2', 'alias "file_read" is the tool\'s own name'],
      ['/aliases/4', 'alias "cat" is listed more than once'],
      ['/aliases/5', 'alias must be a string'],
    ]);
  });
});
