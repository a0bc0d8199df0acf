import { describe, expect, it } from 'vitest';
import { changedSettings } from '../../src/config/changed-settings.js';
import { GATEWAY_KEYS, GATEWAY_SETTINGS } from '../../src/config/gateway-settings.js';
import { loadConfig } from '../../src/config/load-config.js';
import { resolveConfigKey } from '../../src/config/config-key.js';
import { settingEffect, sortByEffect } from '../../src/config/setting-effect.js';
import { showConfig } from '../../src/config/show-config.js';
import { makeSandbox } from './config-fixture.js';

// Which settings a running host applies at once, which need a restart, and which keys changed
// between two readings of the files: the rule the host's reload and `config set` share.

function configOf(content: string) {
  const sandbox = makeSandbox();
  const file = sandbox.write('project/.agent/config.yml', content);
  return loadConfig({ cwd: sandbox.project, configPath: file, homeDir: sandbox.home });
}

/** A valid value for every key of `gateway:`; a key added to the loader's table without one here fails the first test. */
const GATEWAY_SAMPLES: Record<string, string> = {
  upstream: '\n    base_url: http://127.0.0.1:9999\n    type: openai-compatible\n    api_key_env: UPSTREAM_KEY',
  on_invalid: 'error',
  strict: 'false',
  max_body_bytes: '4096',
  timeout_ms: '5000',
  max_concurrent_upstream: '3',
  keep_alive_ms: '500',
  request_timeout_ms: '60000',
  body_timeout_ms: '1000',
  max_buffered_bytes: '131072',
  max_total_buffered_bytes: '2097152',
  auth_token_env: 'ACODE_TOKEN',
  allowed_origins: '[https://tools.example.com]',
  allowed_hosts: '[tools.example.com]',
  models: '\n    gpt-4o: llama3.2',
};

describe('the keys of gateway:', () => {
  it('are each accepted by the loader, known to config set and shown by config show', () => {
    expect(Object.keys(GATEWAY_SAMPLES).sort()).toEqual([...GATEWAY_KEYS].sort());
    const content = `gateway:\n${Object.entries(GATEWAY_SAMPLES).map(([key, value]) => `  ${key}: ${value}`).join('\n')}\n`;
    const config = configOf(content);
    expect(config.warnings).toEqual([]);
    const shown = showConfig(config, 'gateway');
    if (!shown.ok) throw new Error(shown.problem.message);
    expect(Object.keys(shown.value as object)).toEqual([...GATEWAY_KEYS]);
    expect(shown.value).toMatchObject({ timeout_ms: 5000, auth_token_env: 'ACODE_TOKEN', max_concurrent_upstream: 3, models: { 'gpt-4o': 'llama3.2' } });
    for (const key of GATEWAY_KEYS) expect(resolveConfigKey(`gateway.${key}`).ok).toBe(true);
  });

  it('are all shown, with their defaults, when no file sets them', () => {
    const shown = showConfig(configOf('# nothing yet\n'), 'gateway');
    if (!shown.ok) throw new Error(shown.problem.message);
    const section = shown.value as Record<string, unknown>;
    expect(Object.keys(section)).toEqual([...GATEWAY_KEYS]);
    for (const [key, rule] of Object.entries(GATEWAY_SETTINGS)) expect([key, section[key]]).toEqual([key, rule.default]);
    expect(section['auth_token_env']).toBeNull();
    expect(section['upstream']).toEqual({ base_url: 'http://127.0.0.1:11434', type: 'ollama', api_key_env: null });
  });
});

describe('settingEffect', () => {
  it('applies the gateway\'s forwarding, limits and retries live', () => {
    for (const key of ['gateway.upstream.base_url', 'gateway.upstream', 'gateway.models', 'gateway.strict', 'gateway.on_invalid', 'gateway.max_concurrent_upstream', 'gateway.timeout_ms', 'model.providers.vllm.tool_call.max_retries', 'model.providers.vllm.base_url']) {
      expect([key, settingEffect(key)]).toEqual([key, 'live']);
    }
  });

  it('needs a restart for access, the registry, execution and the license', () => {
    for (const key of ['gateway.auth_token_env', 'gateway.allowed_origins', 'gateway.allowed_hosts', 'tool_registry.max_errors', 'tool_registry.custom_tools', 'execution.protected_paths', 'license.tier']) {
      expect([key, settingEffect(key)]).toEqual([key, 'restart']);
    }
  });

  it('sorts keys by their effect, keeping their order', () => {
    expect(sortByEffect(['license.tier', 'gateway.strict', 'tool_registry.max_errors', 'gateway.models'])).toEqual({
      live: ['gateway.strict', 'gateway.models'],
      restart: ['license.tier', 'tool_registry.max_errors'],
    });
  });
});

describe('changedSettings', () => {
  const BASE = 'gateway:\n  upstream:\n    base_url: http://127.0.0.1:1111\n    type: ollama\n  strict: true\nmodel:\n  providers:\n    vllm:\n      base_url: http://127.0.0.1:2222\n      api_key_env: VLLM_KEY\n      tool_call:\n        max_retries: 2\n';

  it('names each changed key, never a value', () => {
    const before = configOf(BASE);
    const after = configOf(
      BASE.replace('1111', '3333').replace('strict: true', 'strict: false').replace('max_retries: 2', 'max_retries: 4').replace('VLLM_KEY', 'OTHER_KEY') + 'license:\n  tier: core\n',
    );
    expect(changedSettings(before, after)).toEqual([
      'gateway.upstream.base_url',
      'gateway.strict',
      'model.providers.vllm.api_key_env',
      'model.providers.vllm.tool_call.max_retries',
      'license.tier',
    ]);
    expect(changedSettings(before, after).join(' ')).not.toMatch(/3333|OTHER_KEY/);
  });

  it('finds nothing in a change of comments, order, spelling of a default, or an unknown key', () => {
    const before = configOf(BASE);
    const reordered = '# a comment\nmodel:\n  providers:\n    vllm:\n      tool_call:\n        max_retries: 2\n      api_key_env: VLLM_KEY\n      base_url: http://127.0.0.1:2222\n      colour: blue\ngateway:\n  strict: true\n  on_invalid: pass_through\n  upstream:\n    type: ollama\n    base_url: http://127.0.0.1:1111\n';
    expect(changedSettings(before, configOf(reordered))).toEqual([]);
  });

  it('sees a model map and custom tools changed as a whole', () => {
    const before = configOf('gateway:\n  models:\n    gpt-4o: llama3.2\n');
    const after = configOf('gateway:\n  models:\n    gpt-4o: qwen3\n    claude-*: qwen3\n');
    expect(changedSettings(before, after)).toEqual(['gateway.models']);
  });
});
