import { DEFAULT_EXECUTION_POLICY, DEFAULT_GRANTED_PERMISSIONS } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@acode/infrastructure/config';
import { executionPolicyOf } from '../../src/index.js';
import { catchConfigError, makeSandbox } from '../support/config-fixture.js';

// Issue 13 item 6: execution.granted_permissions and execution.retrieval_budget_per_turn.

function load(projectText: string, userText?: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', projectText);
  if (userText !== undefined) box.write('home/.acode/config.yml', userText);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('execution.granted_permissions', () => {
  it('is absent by default, and the policy then grants what the shipped core tools need', () => {
    const config = load('tool_registry:\n  strict_mode: true\n').load();
    expect(config.execution.grantedPermissions).toBeUndefined();
    expect(executionPolicyOf(config.execution).grantedPermissions).toEqual(DEFAULT_GRANTED_PERMISSIONS);
    expect(DEFAULT_GRANTED_PERMISSIONS).toEqual(['tool.filesystem.read', 'tool.filesystem.write', 'tool.process.execute', 'tool.git.read', 'tool.git.write']);
  });

  it('replaces the default list, the project file over the user file', () => {
    const config = load('execution:\n  granted_permissions: [tool.filesystem.read, tool.network.*]\n', 'execution:\n  granted_permissions: ["*"]\n').load();
    expect(config.execution.grantedPermissions).toEqual(['tool.filesystem.read', 'tool.network.*']);
    expect(executionPolicyOf(config.execution).grantedPermissions).toEqual(['tool.filesystem.read', 'tool.network.*']);
  });

  it.each([['"tool.fs read"'], ['"tool..x"'], ['"tool.*.x"'], ['42']])('refuses %s naming the key', (entry) => {
    const { file, load: run } = load(`execution:\n  granted_permissions: [${entry}]\n`);
    const error = catchConfigError(run, 'ACODE-CFG-002');
    expect(error.file).toBe(file);
    expect(error.message).toContain('execution.granted_permissions');
  });
});

describe('execution.retrieval_budget_per_turn', () => {
  it('defaults to voice 2 and text 5', () => {
    const config = load('execution:\n  handler_env: []\n').load();
    expect(executionPolicyOf(config.execution).retrievalBudgetPerTurn).toEqual({ text: 5, voice: 2 });
    expect(DEFAULT_EXECUTION_POLICY.retrievalBudgetPerTurn).toEqual({ text: 5, voice: 2 });
  });

  it('sets a mode, keeps the other, and takes null for no limit', () => {
    const config = load('execution:\n  retrieval_budget_per_turn:\n    text: 3\n', 'execution:\n  retrieval_budget_per_turn:\n    voice: null\n').load();
    expect(executionPolicyOf(config.execution).retrievalBudgetPerTurn).toEqual({ text: 3, voice: null });
  });

  it.each([['-1'], ['101'], ['2.5'], ['"five"']])('refuses text: %s naming the range', (value) => {
    const { load: run } = load(`execution:\n  retrieval_budget_per_turn:\n    text: ${value}\n`);
    const error = catchConfigError(run, 'ACODE-CFG-002');
    expect(error.message).toContain('execution.retrieval_budget_per_turn.text');
    expect(error.message).toContain('0 to 100');
  });

  it('warns about an unknown mode', () => {
    const config = load('execution:\n  retrieval_budget_per_turn:\n    video: 1\n').load();
    expect(config.warnings.map((w) => w.key)).toContain('execution.retrieval_budget_per_turn.video');
  });
});
