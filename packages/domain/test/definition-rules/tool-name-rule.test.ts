import { describe, expect, it } from 'vitest';
import { toolNameRule } from '../../src/definition-rules/tool-name-rule.js';
import { TEN_MB, validDefinition } from '../fixtures/definitions.js';

const check = (name: unknown) => toolNameRule.check(validDefinition({ name }));

describe('tool-name rule', () => {
  it.each(['file_read', 'a', 'git_status2', 'x'.repeat(64), 'executes', 'run_tests'])('accepts %s', (name) => {
    expect(check(name)).toEqual([]);
  });

  it.each([
    ['ReadFile', 'name "ReadFile" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['read file', 'name "read file" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['read-file', 'name "read-file" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['123_tool', 'name "123_tool" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['_tool', 'name "_tool" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['tool\n', 'name "tool\\n" must be lowercase snake_case: a letter a-z, then letters, digits or underscores'],
    ['', 'name must not be empty'],
    ['execute', 'name "execute" is reserved (execute, run, call, invoke); choose a name that says what the tool does'],
    ['invoke', 'name "invoke" is reserved (execute, run, call, invoke); choose a name that says what the tool does'],
    [7, 'name must be a string'],
    [null, 'name must be a string'],
    [['file_read'], 'name must be a string'],
  ])('refuses %j (001 §12 InvalidName cases)', (name, message) => {
    expect(check(name)).toEqual([{ code: 'ACODE-DEF-001', path: '/name', message }]);
  });

  it('requires a name', () => {
    const { name: _omitted, ...definition } = validDefinition();
    expect(toolNameRule.check(definition)).toEqual([{ code: 'ACODE-DEF-001', path: '/name', message: 'name is required' }]);
  });

  it('refuses 65 characters and quotes at most 64 of a long name', () => {
    expect(check('x'.repeat(65))[0]!.message).toBe(`name "${'x'.repeat(64)}"… is longer than 64 characters (65)`);
    const [violation] = check(TEN_MB);
    expect(violation!.message).toBe(`name "${'a'.repeat(64)}"… is longer than 64 characters (${TEN_MB.length})`);
  });
});
