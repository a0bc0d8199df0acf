import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SETTINGS, loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

// Issue 15: the gateway: section.

function load(projectText: string, userText?: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', projectText);
  if (userText !== undefined) box.write('home/.acode/config.yml', userText);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('gateway:', () => {
  it('defaults: a local Ollama upstream, pass_through, strict, 8 MiB bodies', () => {
    const { gateway } = load('tool_registry: {}\n').load();
    expect(gateway).toEqual(DEFAULT_GATEWAY_SETTINGS);
    expect(gateway).toEqual({ upstream: { baseUrl: 'http://127.0.0.1:11434', type: 'ollama' }, onInvalid: 'pass_through', strict: true, maxBodyBytes: 8 * 1024 * 1024, maxConcurrentUpstream: 32, requestTimeoutMs: 600_000, bodyTimeoutMs: 30_000, maxBufferedBytes: 16 * 1024 * 1024, maxTotalBufferedBytes: 128 * 1024 * 1024, allowedOrigins: [], allowedHosts: [], models: [] });
  });

  it('reads every key; the project file wins key by key over the user file', () => {
    const project = 'gateway:\n  upstream:\n    provider: vllm\n  on_invalid: error\n  timeout_ms: 30000\n';
    const user = 'gateway:\n  strict: false\n  max_body_bytes: 1048576\n  on_invalid: pass_through\n';
    expect(load(project, user).load().gateway).toEqual({ upstream: { provider: 'vllm' }, onInvalid: 'error', strict: false, maxBodyBytes: 1048576, timeoutMs: 30000, maxConcurrentUpstream: 32, requestTimeoutMs: 600_000, bodyTimeoutMs: 30_000, maxBufferedBytes: 16 * 1024 * 1024, maxTotalBufferedBytes: 128 * 1024 * 1024, allowedOrigins: [], allowedHosts: [], models: [] });
  });

  it('reads auth_token_env (a variable name, never its value) and max_concurrent_upstream', () => {
    const gateway = load('gateway:\n  auth_token_env: ACODE_GATEWAY_TOKEN\n  max_concurrent_upstream: 4\n').load().gateway;
    expect(gateway.authTokenEnv).toBe('ACODE_GATEWAY_TOKEN');
    expect(gateway.maxConcurrentUpstream).toBe(4);
    expect(load('gateway:\n  keep_alive_ms: 250\n').load().gateway.keepAliveMs).toBe(250);
    expect(load('gateway:\n  max_concurrent_upstream: 1024\n').load().gateway.maxConcurrentUpstream).toBe(1024);
    expect(load('gateway:\n  strict: true\n').load().gateway.authTokenEnv).toBeUndefined();
  });

  it('reads the deadlines and memory bounds', () => {
    const gateway = load('gateway:\n  request_timeout_ms: 90000\n  body_timeout_ms: 2000\n  max_buffered_bytes: 1048576\n  max_total_buffered_bytes: 33554432\n').load().gateway;
    expect(gateway).toMatchObject({ requestTimeoutMs: 90_000, bodyTimeoutMs: 2000, maxBufferedBytes: 1024 * 1024, maxTotalBufferedBytes: 32 * 1024 * 1024 });
  });

  it('reads an upstream given by base_url, type and api_key_env', () => {
    const text = 'gateway:\n  upstream:\n    base_url: http://127.0.0.1:8000/v1\n    type: openai-compatible\n    api_key_env: VLLM_KEY\n';
    expect(load(text).load().gateway.upstream).toEqual({ baseUrl: 'http://127.0.0.1:8000/v1', type: 'openai-compatible', apiKeyEnv: 'VLLM_KEY' });
  });

  it.each([
    ['on_invalid: drop', 'gateway.on_invalid'],
    ['strict: maybe', 'gateway.strict'],
    ['max_body_bytes: 10', 'gateway.max_body_bytes'],
    ['timeout_ms: 5', 'gateway.timeout_ms'],
    ['max_concurrent_upstream: 0', 'gateway.max_concurrent_upstream'],
    ['keep_alive_ms: 99', 'gateway.keep_alive_ms'],
    ['keep_alive_ms: 600001', 'gateway.keep_alive_ms'],
    ['request_timeout_ms: 999', 'gateway.request_timeout_ms'],
    ['body_timeout_ms: 99', 'gateway.body_timeout_ms'],
    ['max_buffered_bytes: 1024', 'gateway.max_buffered_bytes'],
    ['max_total_buffered_bytes: 1024', 'gateway.max_total_buffered_bytes'],
    ['max_concurrent_upstream: 1025', 'gateway.max_concurrent_upstream'],
    ['max_concurrent_upstream: two', 'gateway.max_concurrent_upstream'],
    ['auth_token_env: ""', 'gateway.auth_token_env'],
    ['auth_token_env: 1TOKEN', 'gateway.auth_token_env'],
    ['auth_token_env: "MY-TOKEN"', 'gateway.auth_token_env'],
    ['auth_token_env: 42', 'gateway.auth_token_env'],
    ['upstream: ollama', 'gateway.upstream'],
    ['upstream: { type: ollama }', 'gateway.upstream'],
    ['upstream: { provider: a, base_url: "http://x" }', 'gateway.upstream'],
    ['upstream: { base_url: "http://x", type: grpc }', 'gateway.upstream.type'],
  ])('refuses %s with ACODE-CFG-002 naming %s', (line, key) => {
    const { file, load: run } = load(`gateway:\n  ${line}\n`);
    const error = catchConfigError(run, 'ACODE-CFG-002');
    expect(error.file).toBe(file);
    expect(error.message).toContain(key);
  });

  it('warns about an unknown key and goes on', () => {
    const config = load('gateway:\n  on_invalid: error\n  listen: 0.0.0.0\n').load();
    expect(config.gateway.onInvalid).toBe('error');
    expect(config.warnings.map((warning) => warning.key)).toContain('gateway.listen');
  });
});
