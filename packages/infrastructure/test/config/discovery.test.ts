import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

describe('loadConfig: finding and layering files', () => {
  it('returns the documented defaults when no file exists', () => {
    const box = makeSandbox();
    const config = loadConfig({ cwd: box.project, homeDir: box.home });
    expect(config.files).toEqual([]);
    expect(config.warnings).toEqual([]);
    expect(config.customTools).toEqual([]);
    expect(config.model).toBeUndefined();
    expect(config.registry).toEqual({
      limits: {
        maxSchemaSizeBytes: 51200,
        maxSchemaDepth: 20,
        maxArgumentSizeBytes: 1048576,
        maxArgumentDepth: 64,
        maxValidationErrors: 50,
        patternTimeoutMs: 100,
      },
      includeActualValues: true,
      validationFailureLogLevel: 'warn',
      disabledTools: [],
    });
  });

  it('walks up from a nested working directory to the nearest .agent/config.yml', () => {
    const box = makeSandbox();
    const file = box.write('project/.agent/config.yml', 'tool_registry:\n  max_errors: 7\n');
    const nested = join(box.project, 'src', 'deep', 'er');
    mkdirSync(nested, { recursive: true });

    const config = loadConfig({ cwd: nested, homeDir: box.home });

    expect(config.files).toEqual([file]);
    expect(config.registry.limits.maxValidationErrors).toBe(7);
  });

  it('uses only the nearest project file, not every one above it', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'tool_registry:\n  max_errors: 7\n  pattern_timeout_ms: 250\n');
    const inner = box.write('project/packages/app/.agent/config.yml', 'tool_registry:\n  max_errors: 9\n');

    const config = loadConfig({ cwd: join(box.project, 'packages', 'app', 'src'), homeDir: box.home });

    expect(config.files).toEqual([inner]);
    expect(config.registry.limits.maxValidationErrors).toBe(9);
    expect(config.registry.limits.patternTimeoutMs).toBe(100);
  });

  it('layers the user file beneath the project file: mappings merge, the project wins, lists are replaced', () => {
    const box = makeSandbox();
    const user = box.write(
      'home/.acode/config.yml',
      [
        'tool_registry:',
        '  max_errors: 10',
        '  pattern_timeout_ms: 200',
        '  disabled_tools: [command_execute]',
        '  custom_tools:',
        '    - { name: from_home, version: "1.0.0" }',
        'model:',
        '  providers:',
        '    ollama:',
        '      tool_call: { max_retries: 3, repair: true }',
      ].join('\n'),
    );
    const project = box.write(
      'project/.agent/config.yml',
      [
        'tool_registry:',
        '  pattern_timeout_ms: 300',
        '  custom_tools:',
        '    - { name: from_project, version: "1.0.0" }',
        'model:',
        '  providers:',
        '    ollama:',
        '      tool_call: { repair: false }',
      ].join('\n'),
    );

    const config = loadConfig({ cwd: box.project, homeDir: box.home });

    expect(config.files).toEqual([user, project]);
    expect(config.registry.limits.maxValidationErrors).toBe(10);
    expect(config.registry.limits.patternTimeoutMs).toBe(300);
    expect(config.registry.disabledTools).toEqual(['command_execute']);
    expect(config.customTools.map((tool) => (tool.definition as { name: string }).name)).toEqual(['from_project']);
    expect(config.model).toEqual({ providers: { ollama: { tool_call: { max_retries: 3, repair: false } } } });
  });

  it('keeps the user list when the project file does not set that key', () => {
    const box = makeSandbox();
    box.write('home/.acode/config.yml', 'tools:\n  custom:\n    - { name: from_home, version: "1.0.0" }\n');
    box.write('project/.agent/config.yml', 'tool_registry:\n  max_errors: 5\n');

    const config = loadConfig({ cwd: box.project, homeDir: box.home });

    expect(config.customTools.map((tool) => tool.source)).toEqual([`${join(box.home, '.acode', 'config.yml')}#tools.custom[0]`]);
  });

  it('reads the home directory from the environment when none is given', () => {
    const box = makeSandbox();
    box.write('home/.acode/config.yml', 'tool_registry:\n  max_errors: 11\n');
    const config = loadConfig({ cwd: box.project, env: { HOME: box.home } });
    expect(config.registry.limits.maxValidationErrors).toBe(11);
  });

  it('uses --config instead of the search, relative to the working directory', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'tool_registry:\n  max_errors: 7\n');
    const chosen = box.write('project/ci/acode.yml', 'tool_registry:\n  max_errors: 3\n');

    const config = loadConfig({ cwd: box.project, homeDir: box.home, configPath: 'ci/acode.yml' });

    expect(config.files).toEqual([chosen]);
    expect(config.registry.limits.maxValidationErrors).toBe(3);
  });

  it('refuses a --config file that does not exist with ACODE-CFG-001 naming it', () => {
    const box = makeSandbox();
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home, configPath: 'missing.yml' }), 'ACODE-CFG-001');
    expect(error.message).toContain(join(box.project, 'missing.yml'));
    expect(error.message).toContain('not found');
    expect(error.file).toBe(join(box.project, 'missing.yml'));
  });

  it('refuses a --config path that is a directory', () => {
    const box = makeSandbox();
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home, configPath: '.' }), 'ACODE-CFG-001');
    expect(error.message).toContain('not a regular file');
  });

  it('reports a broken user file as that file, even when the project file is fine', () => {
    const box = makeSandbox();
    const user = box.write('home/.acode/config.yml', 'tool_registry:\n  max_errors: many\n');
    box.write('project/.agent/config.yml', 'tool_registry:\n  max_errors: 5\n');
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
    expect(error.file).toBe(user);
  });
});
