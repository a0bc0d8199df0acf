import { DEFAULT_TOOL_CALL_SETTINGS } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { showConfig } from '../../src/config/show-config.js';
import { makeSandbox } from './config-fixture.js';

function configOf(content: string) {
  const sandbox = makeSandbox();
  const file = sandbox.write('project/.agent/config.yml', content);
  return loadConfig({ cwd: sandbox.project, configPath: file, homeDir: sandbox.home });
}

const CONFIG = `
tool_registry:
  max_errors: 20
  cache_compiled_schemas: false
  disabled_tools: [git_commit]
  custom_tools:
    - name: custom_greeting
      version: "1.0.0"
      description: Greets
      parameters: { type: object, properties: {} }
tools:
  custom:
    - { name: second_tool, version: "1.0.0", description: Second, parameters: { type: object, properties: {} } }
model:
  providers:
    ollama:
      model: llama3.2
      extra_header: never-shown
      tool_call:
        max_retries: 5
    vllm:
      tool_call: { enable_auto_repair: false }
`;

describe('showConfig', () => {
  it('shows a provider tool_call section with the defaults beneath what the file sets', () => {
    const result = showConfig(configOf(CONFIG), 'model.providers.ollama.tool_call');
    expect(result).toMatchObject({ ok: true, target: { kind: 'tool-call', provider: 'ollama' } });
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      max_retries: 5,
      retry_delay_ms: DEFAULT_TOOL_CALL_SETTINGS.retryDelayMs,
      enable_auto_repair: true,
      strict_validation: true,
      max_nesting_depth: 64,
      max_argument_size: 1_048_576,
    });
  });

  it('answers for a provider that is not configured with the defaults (002 `config show model.providers.ollama.tool_call`)', () => {
    const result = showConfig(configOf(''), 'model.providers.ollama.tool_call.max_retries');
    expect(result).toMatchObject({ ok: true, value: DEFAULT_TOOL_CALL_SETTINGS.maxRetries });
  });

  it('shows the effective registry settings: an ignored value shows what is in effect', () => {
    const result = showConfig(configOf(CONFIG), 'tool_registry');
    expect(result).toMatchObject({
      ok: true,
      value: {
        strict_mode: true,
        max_errors: 20,
        cache_compiled_schemas: true,
        disabled_tools: ['git_commit'],
        custom_tools: ['custom_greeting', 'second_tool'],
      },
    });
  });

  it('shows the whole configuration with connection defaults and never an unknown key', () => {
    const result = showConfig(configOf(CONFIG));
    if (!result.ok) throw new Error(result.problem.message);
    const providers = (result.value as { model: { providers: Record<string, Record<string, unknown>> } }).model.providers;
    expect(Object.keys(providers)).toEqual(['ollama', 'vllm']);
    expect(providers['ollama']).toMatchObject({ type: 'ollama', base_url: 'http://127.0.0.1:11434', model: 'llama3.2', timeout_ms: 120_000 });
    // vllm has no address yet: shown as not set rather than refused; every connection key is listed.
    expect(providers['vllm']).toMatchObject({ type: 'openai-compatible', base_url: null, model: null, api_key_env: null, tool_call: { enable_auto_repair: false } });
    expect(JSON.stringify(result.value)).not.toContain('never-shown');
  });

  it('shows an unset key without a default as undefined', () => {
    expect(showConfig(configOf(''), 'model.providers.vllm.model')).toMatchObject({ ok: true, value: undefined });
  });

  it.each([
    ['a misspelt key', 'tool_registry.max_schma_size', /max_schema_size/],
    ['an upper-case provider', 'model.providers.Ollama', /provider names are lowercase/],
    ['a key beneath a setting', 'model.providers.ollama.tool_call.max_retries.deeper', /has no keys beneath it/],
    ['a 100 000 character key', 'x'.repeat(100_000), /at most 256/],
    ['an empty segment', 'tool_registry..max_errors', /not a dotted key/],
  ])('refuses %s with ACODE-CFG-003', (_, key, message) => {
    const result = showConfig(configOf(''), key);
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-003' } });
    if (!result.ok) expect(result.problem.message).toMatch(message);
  });

  it('reports an API key written into the file with ACODE-CFG-002, without showing it', () => {
    const result = showConfig(configOf('model:\n  providers:\n    ollama:\n      api_key: sk-secret-value\n'));
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    if (!result.ok) expect(result.problem.message).not.toContain('sk-secret-value');
  });

  it('reports a wrong connection value with ACODE-CFG-002', () => {
    const result = showConfig(configOf('model:\n  providers:\n    ollama:\n      timeout_ms: 5\n'), 'model.providers.ollama');
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    if (!result.ok) expect(result.problem.message).toMatch(/timeout_ms must be an integer from 1000 to 600000/);
  });
});
