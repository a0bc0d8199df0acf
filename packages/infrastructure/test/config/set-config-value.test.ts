import { chmodSync, existsSync, readFileSync, readdirSync, statSync, symlinkSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileToEdit, setConfigValue, type SetConfigValueResult } from '../../src/config/set-config-value.js';
import { loadConfig } from '../../src/config/load-config.js';
import { makeSandbox } from './config-fixture.js';

const COMMENTED = `# Project configuration: keep this comment
tool_registry:
    # limits, in bytes
    max_schema_size: 65536   # trailing comment
    disabled_tools: [git_commit,  git_diff]

model:
  providers:
    ollama:
      base_url: 'http://127.0.0.1:11434'   # local
      tool_call:
        max_retries: 3


        retry_prompt_template: |
          Fix it: {error_message}
# the end
`;

function project(content?: string): { file: string; dir: string } {
  const sandbox = makeSandbox();
  const file = join(sandbox.project, '.agent', 'config.yml');
  if (content !== undefined) sandbox.write('project/.agent/config.yml', content);
  return { file, dir: sandbox.project };
}

function expectRefused(result: SetConfigValueResult, code: string): string {
  if (result.ok) throw new Error(`expected ${code}, got a change`);
  expect(result.problem.code).toBe(code);
  expect(result.problem.message).not.toMatch(/\n\s+at /);
  return result.problem.message;
}

function noTemporaryFiles(dir: string): void {
  expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
}

describe('setConfigValue: edits in place', () => {
  it('replaces an existing value and leaves every other byte of the file as it was', () => {
    const { file } = project(COMMENTED);
    const result = setConfigValue({ file, key: 'model.providers.ollama.tool_call.max_retries', rawValue: '5' });
    expect(result).toMatchObject({ ok: true, previous: 3, value: 5, created: false });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED.replace('max_retries: 3', 'max_retries: 5'));
  });

  it('keeps the trailing comment and the quoting of a string it replaces', () => {
    const { file } = project(COMMENTED);
    setConfigValue({ file, key: 'model.providers.ollama.base_url', rawValue: 'http://10.0.0.5:11434' });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED.replace("'http://127.0.0.1:11434'   # local", "'http://10.0.0.5:11434'   # local"));
  });

  it('replaces a block scalar and keeps the lines after it', () => {
    const { file } = project(COMMENTED);
    const result = setConfigValue({ file, key: 'model.providers.ollama.tool_call.retry_prompt_template', rawValue: '"Again: {error_message}"' });
    expect(result).toMatchObject({ ok: true, previous: 'Fix it: {error_message}\n', value: 'Again: {error_message}' });
    expect(readFileSync(file, 'utf8')).toBe(
      COMMENTED.replace('retry_prompt_template: |\n          Fix it: {error_message}\n', 'retry_prompt_template: "Again: {error_message}"\n'),
    );
  });

  it('appends a new key at the end of its section, in the section indentation', () => {
    const { file } = project(COMMENTED);
    setConfigValue({ file, key: 'tool_registry.max_errors', rawValue: '20' });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED.replace('git_diff]\n', 'git_diff]\n    max_errors: 20\n'));
  });

  it('creates missing sections beneath the deepest one that exists', () => {
    const { file } = project(COMMENTED);
    setConfigValue({ file, key: 'model.providers.vllm.tool_call.retry_delay_ms', rawValue: '250' });
    const expected = COMMENTED.replace(
      '          Fix it: {error_message}\n',
      '          Fix it: {error_message}\n    vllm:\n        tool_call:\n            retry_delay_ms: 250\n',
    );
    // The file indents by 2 at its least; new levels use that step from the parent's indentation.
    expect(readFileSync(file, 'utf8')).toBe(expected.replace('    vllm:\n        tool_call:\n            retry_delay_ms', '    vllm:\n      tool_call:\n        retry_delay_ms'));
    expect(loadConfig({ cwd: '/', configPath: file, homeDir: '/nonexistent' }).toolCall['vllm']).toEqual({ retryDelayMs: 250 });
  });

  it('writes a list in flow style and reads strings, numbers and booleans as YAML does', () => {
    const { file } = project(COMMENTED);
    expect(setConfigValue({ file, key: 'tool_registry.disabled_tools', rawValue: '[file_write, command_execute]' })).toMatchObject({
      ok: true,
      previous: ['git_commit', 'git_diff'],
      value: ['file_write', 'command_execute'],
    });
    expect(setConfigValue({ file, key: 'tool_registry.include_actual_values', rawValue: 'false' })).toMatchObject({ ok: true, value: false });
    const config = loadConfig({ cwd: '/', configPath: file, homeDir: '/nonexistent' });
    expect(config.registry.disabledTools).toEqual(['file_write', 'command_execute']);
    expect(config.registry.includeActualValues).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('# the end\n');
  });

  it('creates .agent/config.yml in the working directory when there is none', () => {
    const { dir } = project();
    const file = configFileToEdit(dir);
    expect(file).toBe(join(dir, '.agent', 'config.yml'));
    const result = setConfigValue({ file, key: 'model.providers.ollama.tool_call.max_retries', rawValue: '2' });
    expect(result).toMatchObject({ ok: true, created: true, previous: undefined, value: 2 });
    expect(readFileSync(file, 'utf8')).toBe('model:\n  providers:\n    ollama:\n      tool_call:\n        max_retries: 2\n');
    noTemporaryFiles(join(dir, '.agent'));
  });

  it('keeps CRLF line endings and the file mode', () => {
    const { file } = project('tool_registry:\r\n  max_errors: 5\r\n');
    chmodSync(file, 0o600);
    setConfigValue({ file, key: 'tool_registry.pattern_timeout_ms', rawValue: '50' });
    expect(readFileSync(file, 'utf8')).toBe('tool_registry:\r\n  max_errors: 5\r\n  pattern_timeout_ms: 50\r\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('edits the file a symbolic link points to and keeps the link', () => {
    const sandbox = makeSandbox();
    const real = sandbox.write('shared/config.yml', 'tool_registry:\n  max_errors: 5\n');
    const link = join(sandbox.project, 'config.yml');
    symlinkSync(real, link);
    expect(setConfigValue({ file: link, key: 'tool_registry.max_errors', rawValue: '6' })).toMatchObject({ ok: true, file: real });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('tool_registry:\n  max_errors: 6\n');
  });

  it('fills a section written with nothing under it', () => {
    const { file } = project('# settings\ntool_registry:\n');
    expect(setConfigValue({ file, key: 'tool_registry.max_errors', rawValue: '7' })).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8')).toContain('# settings');
    expect(loadConfig({ cwd: '/', configPath: file, homeDir: '/nonexistent' }).registrySettings.max_errors).toBe(7);
  });

  it('writes a value with a line break or YAML punctuation so it reads back the same', () => {
    const { file } = project('');
    const template = 'Line one: {error_message}\n# not a comment {tool_name}';
    expect(setConfigValue({ file, key: 'model.providers.ollama.tool_call.retry_prompt_template', rawValue: JSON.stringify(template) })).toMatchObject({ ok: true });
    expect(loadConfig({ cwd: '/', configPath: file, homeDir: '/nonexistent' }).toolCall['ollama']?.retryPromptTemplate).toBe(template);
  });

  it('sets a key inside a flow mapping, keeping comments and the other keys', () => {
    const content = '# header\nmodel: { providers: { ollama: { model: llama3 } } }  # inline\ntool_registry:\n  max_errors: 5\n';
    const { file } = project(content);
    expect(setConfigValue({ file, key: 'model.providers.ollama.timeout_ms', rawValue: '5000' })).toMatchObject({ ok: true });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# header');
    expect(text).toContain('max_errors: 5');
    expect(loadConfig({ cwd: '/', configPath: file, homeDir: '/nonexistent' }).model).toEqual({ providers: { ollama: { model: 'llama3', timeout_ms: 5000 } } });
  });

  it('reports a value accepted but not honoured as a warning', () => {
    const { file } = project('');
    const result = setConfigValue({ file, key: 'tool_registry.cache_compiled_schemas', rawValue: 'false' });
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['ACODE-CFG-002']);
    expect(result.warnings[0]?.message).toMatch(/always cached/);
  });

  it('fixes a wrong value already in the file, since only the new file must be valid', () => {
    const { file } = project('model:\n  providers:\n    ollama:\n      tool_call:\n        max_retries: 99\n');
    expect(setConfigValue({ file, key: 'model.providers.ollama.tool_call.max_retries', rawValue: '4' })).toMatchObject({ ok: true, previous: 99 });
  });
});

describe('setConfigValue: refusals leave the file byte for byte as it was', () => {
  const refusals: Array<[string, string, string, RegExp]> = [
    ['an unknown key', 'tool_registry.max_schma_size', '5', /Unknown configuration key "tool_registry.max_schma_size".*max_schema_size/],
    ['an unknown tool_call key', 'model.providers.ollama.tool_call.retries', '5', /keys of tool_call: max_retries/],
    ['an unknown section', 'telemetry.path', 'x', /top-level sections/],
    ['a key with unsafe characters', 'tool_registry.max_errors\u001b[2J', '5', /not a dotted key/],
    ['an oversized key', `tool_registry.${'a'.repeat(10_000)}`, '5', /at most 256/],
  ];
  it.each(refusals)('refuses %s with ACODE-CFG-003', (_, key, rawValue, message) => {
    const { file } = project(COMMENTED);
    expect(expectRefused(setConfigValue({ file, key, rawValue }), 'ACODE-CFG-003')).toMatch(message);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  const invalid: Array<[string, string, string, RegExp]> = [
    ['a value out of range', 'model.providers.ollama.tool_call.max_retries', '11', /max_retries must be an integer from 1 to 10 .*got integer 11/],
    ['a number written as a string', 'tool_registry.max_errors', '"20"', /must be an integer from 1 to 200; got string "20"/],
    ['a YAML 1.1 boolean', 'tool_registry.include_actual_values', 'yes', /must be true or false; got string "yes"/],
    ['strict mode off', 'tool_registry.strict_mode', 'false', /cannot be false/],
    ['an empty value', 'tool_registry.max_errors', '', /got null/],
    ['a value that is not YAML', 'tool_registry.max_errors', '[1, 2', /not valid YAML/],
    ['an oversized value', 'model.providers.ollama.tool_call.retry_prompt_template', 'x'.repeat(70_000), /at most 65536/],
    ['a deeply nested value', 'tool_registry.disabled_tools', '['.repeat(50_000), /YAML/],
    ['a list of non-names', 'tool_registry.disabled_tools', '[1, 2]', /tool name/],
    ['a section', 'model.providers.ollama.tool_call', '3', /it is a section/],
    ['custom tools', 'tool_registry.custom_tools', '[]', /edit them in/],
    ['a timeout out of range', 'model.providers.ollama.timeout_ms', '10', /timeout_ms must be an integer from 1000 to 600000/],
    ['a base URL that is not http', 'model.providers.ollama.base_url', 'ftp://host', /base_url must be an http or https URL/],
    ['an unknown provider type', 'model.providers.vllm.type', 'grpc', /one of ollama, openai-compatible/],
  ];
  it.each(invalid)('refuses %s with ACODE-CFG-002', (_, key, rawValue, message) => {
    const { file } = project(COMMENTED);
    expect(expectRefused(setConfigValue({ file, key, rawValue }), 'ACODE-CFG-002')).toMatch(message);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
    noTemporaryFiles(join(file, '..'));
  });

  it('refuses an API key given as api_key_env without echoing it', () => {
    const { file } = project(COMMENTED);
    const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
    const message = expectRefused(setConfigValue({ file, key: 'model.providers.openai.api_key_env', rawValue: secret }), 'ACODE-CFG-002');
    expect(message).toMatch(/name of an environment variable/);
    expect(message).not.toContain('abcdefghij');
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  it('accepts an environment variable name for api_key_env without reading the variable', () => {
    const { file } = project(COMMENTED);
    expect(setConfigValue({ file, key: 'model.providers.openai.api_key_env', rawValue: 'ACODE_TEST_UNSET_VARIABLE' })).toMatchObject({ ok: true });
  });

  it('refuses a file with YAML errors, with line and column, and does not touch it', () => {
    const broken = 'tool_registry:\n  max_errors: [1, 2\n';
    const { file } = project(broken);
    expect(expectRefused(setConfigValue({ file, key: 'tool_registry.max_errors', rawValue: '5' }), 'ACODE-CFG-001')).toMatch(/config\.yml:\d+:\d+: YAML syntax error/);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });

  it('refuses when a section on the way is not a mapping', () => {
    const content = 'model: gpt\n';
    const { file } = project(content);
    expect(expectRefused(setConfigValue({ file, key: 'model.providers.ollama.model', rawValue: 'llama3' }), 'ACODE-CFG-002')).toMatch(
      /model in .* is a string "gpt", not a mapping/,
    );
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('refuses when another value in the file is wrong, naming it', () => {
    const content = 'tool_registry:\n  max_errors: 0\n';
    const { file } = project(content);
    expect(expectRefused(setConfigValue({ file, key: 'tool_registry.pattern_timeout_ms', rawValue: '5' }), 'ACODE-CFG-002')).toMatch(/max_errors/);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('refuses a path that is a directory', () => {
    const { dir } = project();
    expectRefused(setConfigValue({ file: dir, key: 'tool_registry.max_errors', rawValue: '5' }), 'ACODE-CFG-001');
  });

  // Skipped as root only: root writes anywhere, so the permission cannot be taken away.
  it.skipIf(process.getuid?.() === 0)('reports a directory it cannot write to and leaves no temporary file', () => {
    const { file } = project(COMMENTED);
    const directory = join(file, '..');
    chmodSync(directory, 0o500);
    try {
      expect(expectRefused(setConfigValue({ file, key: 'tool_registry.max_errors', rawValue: '5' }), 'ACODE-CFG-001')).toMatch(/permission denied/);
    } finally {
      chmodSync(directory, 0o700);
    }
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
    noTemporaryFiles(directory);
  });

  it('does not create the file when the set is refused', () => {
    const { dir } = project();
    const file = configFileToEdit(dir);
    expectRefused(setConfigValue({ file, key: 'tool_registry.max_errors', rawValue: '0' }), 'ACODE-CFG-002');
    expect(existsSync(file)).toBe(false);
  });
});
