import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { setConfigValue, type SetConfigValueResult } from '../../src/config/set-config-value.js';
import { showConfig } from '../../src/config/show-config.js';
import { makeSandbox } from './config-fixture.js';

// `config show` and `config set` over the `gateway:` section (issue 15), by the rules the loader
// and the host check it with.

function project(content?: string): { file: string; dir: string; home: string } {
  const sandbox = makeSandbox();
  const file = join(sandbox.project, '.agent', 'config.yml');
  if (content !== undefined) sandbox.write('project/.agent/config.yml', content);
  return { file, dir: sandbox.project, home: sandbox.home };
}

function shown(content: string, key: string): unknown {
  const { file, dir, home } = project(content);
  const result = showConfig(loadConfig({ cwd: dir, configPath: file, homeDir: home }), key);
  if (!result.ok) throw new Error(result.problem.message);
  return result.value;
}

function effective(file: string, dir: string, home: string) {
  return loadConfig({ cwd: dir, configPath: file, homeDir: home }).gateway;
}

function refused(result: SetConfigValueResult, code: string): string {
  if (result.ok) throw new Error(`expected ${code}, got a change`);
  expect(result.problem.code).toBe(code);
  return result.problem.message;
}

describe('config show gateway', () => {
  it('shows the defaults when the files have no gateway section', () => {
    const section = shown('', 'gateway') as Record<string, unknown>;
    expect(section).toMatchObject({ upstream: { base_url: 'http://127.0.0.1:11434', type: 'ollama' }, on_invalid: 'pass_through', strict: true });
    // Every key is shown: no token variable is `null` (none required).
    expect(section).toHaveProperty('auth_token_env', null);
    expect(shown('', 'gateway.max_concurrent_upstream')).toBe(32);
    expect(shown('gateway:\n  keep_alive_ms: 2500\n', 'gateway.keep_alive_ms')).toBe(2500);
    // Unset: the upstream's own timeout applies, and is what is shown: the model clients' default for a base_url upstream...
    expect(shown('', 'gateway.timeout_ms')).toBe(120_000);
    // ...and the provider's own for a provider upstream.
    expect(shown('gateway:\n  upstream:\n    provider: slow\nmodel:\n  providers:\n    slow:\n      type: ollama\n      timeout_ms: 45000\n', 'gateway.timeout_ms')).toBe(45_000);
  });

  it('shows what the file sets, the upstream as written, and the section in the whole configuration', () => {
    const content = 'gateway:\n  upstream:\n    provider: vllm\n  on_invalid: error\n  timeout_ms: 5000\n  auth_token_env: ACODE_GATEWAY_TOKEN\n';
    expect(shown(content, 'gateway.on_invalid')).toBe('error');
    expect(shown(content, 'gateway.upstream')).toEqual({ provider: 'vllm' });
    expect(shown(content, 'gateway.upstream.provider')).toBe('vllm');
    expect(shown(content, 'gateway.auth_token_env')).toBe('ACODE_GATEWAY_TOKEN');
    expect(shown(content, 'gateway.timeout_ms')).toBe(5000);
    expect((shown(content, '') as { gateway: unknown }).gateway).toMatchObject({ upstream: { provider: 'vllm' }, on_invalid: 'error', timeout_ms: 5000 });
  });

  it.each([
    ['gateway.on_invalidd', /keys of gateway: upstream, on_invalid/],
    ['gateway.upstream.url', /keys of gateway.upstream: provider, base_url, type, api_key_env/],
    ['gateway.strict.deeper', /has no keys beneath it/],
  ])('refuses the unknown key %s with ACODE-CFG-003', (key, message) => {
    const { file, dir, home } = project('');
    const result = showConfig(loadConfig({ cwd: dir, configPath: file, homeDir: home }), key);
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-003' } });
    if (!result.ok) expect(result.problem.message).toMatch(message);
  });
});

describe('config set gateway', () => {
  it('sets the scalar settings, which the loader then reads', () => {
    const { file, dir, home } = project('# keep me\nmodel:\n  providers:\n    ollama:\n      model: llama3.2\n');
    for (const [key, value] of [
      ['gateway.on_invalid', 'error'],
      ['gateway.strict', 'false'],
      ['gateway.max_body_bytes', '1048576'],
      ['gateway.timeout_ms', '30000'],
      ['gateway.max_concurrent_upstream', '4'],
      ['gateway.auth_token_env', 'ACODE_GATEWAY_TOKEN'],
    ]) {
      expect(setConfigValue({ file, key: key!, rawValue: value! })).toMatchObject({ ok: true });
    }
    expect(effective(file, dir, home)).toMatchObject({ onInvalid: 'error', strict: false, maxBodyBytes: 1_048_576, timeoutMs: 30_000, maxConcurrentUpstream: 4, authTokenEnv: 'ACODE_GATEWAY_TOKEN' });
    expect(readFileSync(file, 'utf8')).toMatch(/^# keep me\n/);
  });

  it('sets the upstream key by key', () => {
    const { file, dir, home } = project('');
    expect(setConfigValue({ file, key: 'gateway.upstream.base_url', rawValue: 'http://127.0.0.1:8000/v1' })).toMatchObject({ ok: true });
    expect(setConfigValue({ file, key: 'gateway.upstream.type', rawValue: 'openai-compatible' })).toMatchObject({ ok: true });
    expect(setConfigValue({ file, key: 'gateway.upstream.api_key_env', rawValue: 'VLLM_API_KEY' })).toMatchObject({ ok: true });
    expect(effective(file, dir, home).upstream).toEqual({ baseUrl: 'http://127.0.0.1:8000/v1', type: 'openai-compatible', apiKeyEnv: 'VLLM_API_KEY' });

    const other = project('');
    expect(setConfigValue({ file: other.file, key: 'gateway.upstream.provider', rawValue: 'vllm' })).toMatchObject({ ok: true });
    expect(effective(other.file, other.dir, other.home).upstream).toEqual({ provider: 'vllm' });
  });

  it.each([
    ['gateway.on_invalid', 'ignore', /one of pass_through, error/],
    ['gateway.max_body_bytes', '10', /from 1024/],
    ['gateway.max_concurrent_upstream', '0', /from 1 to 1024/],
    ['gateway.strict', 'maybe', /true or false/],
    ['gateway.upstream.type', 'anthropic', /ollama or openai-compatible/],
    ['gateway.upstream.provider', 'Not A Name', /name of model.providers/],
    ['gateway.upstream.base_url', 'ftp://example.com', /http or https URL/],
    ['gateway.auth_token_env', '1TOKEN', /name of an environment variable/],
  ])('refuses %s = %s with ACODE-CFG-002 and leaves the file as it was', (key, value, message) => {
    const before = 'gateway:\n  strict: true\n';
    const { file } = project(before);
    expect(refused(setConfigValue({ file, key, rawValue: value }), 'ACODE-CFG-002')).toMatch(message);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('never echoes a token or a credential given where a name or URL belongs', () => {
    const { file } = project('');
    const token = 'sk-abcdefghijklmnopqrstuvwxyz012345';
    expect(refused(setConfigValue({ file, key: 'gateway.auth_token_env', rawValue: token }), 'ACODE-CFG-002')).not.toContain(token);
    expect(refused(setConfigValue({ file, key: 'gateway.upstream.api_key_env', rawValue: token }), 'ACODE-CFG-002')).not.toContain(token);
    const credential = 'http://user:hunter2@127.0.0.1:8000/v1';
    expect(refused(setConfigValue({ file, key: 'gateway.upstream.base_url', rawValue: credential }), 'ACODE-CFG-002')).not.toContain('hunter2');
  });

  it('refuses an upstream that would name a provider and a base URL at once', () => {
    const before = 'gateway:\n  upstream:\n    base_url: http://127.0.0.1:8000/v1\n    type: openai-compatible\n';
    const { file } = project(before);
    expect(refused(setConfigValue({ file, key: 'gateway.upstream.provider', rawValue: 'vllm' }), 'ACODE-CFG-002')).toMatch(/one or the other/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses to set a section', () => {
    const { file } = project('');
    expect(refused(setConfigValue({ file, key: 'gateway.upstream', rawValue: 'vllm' }), 'ACODE-CFG-002')).toMatch(/it is a section/);
  });
});
