import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

// Issue 13 items 3 and 4: execution.protected_paths and execution.handler_env.

function load(projectText: string, userText?: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', projectText);
  if (userText !== undefined) box.write('home/.acode/config.yml', userText);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('execution.protected_paths', () => {
  it('is empty by default (the built-in protections need no setting)', () => {
    expect(load('tool_registry: {}\n').load().execution.protectedPaths).toEqual([]);
  });

  it('adds up across files: a project cannot lift what the user file protects', () => {
    const config = load('execution:\n  protected_paths: [deploy.sh, secrets/]\n', 'execution:\n  protected_paths: [secrets/, infra/prod]\n').load();
    expect(config.execution.protectedPaths).toEqual(['secrets/', 'infra/prod', 'deploy.sh']);
  });

  it.each([['"/etc/passwd"'], ['"../outside"'], ['"a/../../b"'], ['""'], ['42'], ['"C:/x"']])('refuses %s naming the key', (entry) => {
    const { file, load: run } = load(`execution:\n  protected_paths: [${entry}]\n`);
    const error = catchConfigError(run, 'ACODE-CFG-002');
    expect(error.file).toBe(file);
    expect(error.message).toContain('execution.protected_paths');
  });

  it('refuses a value that is not a list', () => {
    catchConfigError(load('execution:\n  protected_paths: secrets/\n').load, 'ACODE-CFG-002');
  });
});

describe('execution.handler_env', () => {
  it('is empty by default, and the project list replaces the user list', () => {
    expect(load('tool_registry: {}\n').load().execution.handlerEnv).toEqual([]);
    expect(load('execution:\n  handler_env: [GH_PAT]\n', 'execution:\n  handler_env: [NPM_TOKEN]\n').load().execution.handlerEnv).toEqual(['GH_PAT']);
  });

  it.each([['"NOT A NAME"'], ['"1ABC"'], ['"A=B"'], ['""'], ['7']])('refuses %s naming the key', (entry) => {
    const { load: run } = load(`execution:\n  handler_env: [${entry}]\n`);
    expect(catchConfigError(run, 'ACODE-CFG-002').message).toContain('execution.handler_env');
  });

  it('warns about an unknown execution key (ACODE-CFG-003)', () => {
    const config = load('execution:\n  handler_envs: [X]\n').load();
    expect(config.warnings.map((warning) => [warning.code, warning.key])).toContainEqual(['ACODE-CFG-003', 'execution.handler_envs']);
  });
});
