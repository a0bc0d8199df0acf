import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationException } from '@acode/application';
import { loadConfig } from '../../src/config/load-config.js';
import { looksLikeSecret, showableEnvName } from '../../src/config/secret-text.js';
import { setConfigValue } from '../../src/config/set-config-value.js';
import { readProviderSettings } from '../../src/model-clients/provider-settings.js';
import { makeSandbox } from './config-fixture.js';

// Messages refusing a value written where a variable name or an address belongs never repeat a
// value that may be a key: the host logs them on every reload.

const SECRET = 'SECRETabcdef0123456789';

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationException);
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

function loadFailure(content: string): string {
  const sandbox = makeSandbox();
  sandbox.write('project/.agent/config.yml', content);
  return failure(() => loadConfig({ cwd: sandbox.project, homeDir: sandbox.home }));
}

describe('what may be a key', () => {
  it.each(['sk-proj-abc', 'sk_live_abc', 'ghp_abc', 'AbcDef0123456789xy', 'abcdefghijklmnopqrstuvwxyz0123'])('takes %s for a key', (text) => {
    expect(looksLikeSecret(text)).toBe(true);
    expect(showableEnvName(text)).toBe(false);
  });

  it.each(['OPENAI_API_KEY', 'ACODE_GATEWAY_TOKEN', 'vllm_key', 'MY_VERY_LONG_PROJECT_SPECIFIC_API_KEY_NAME'])('takes %s for a variable name', (text) => {
    expect(looksLikeSecret(text)).toBe(false);
    expect(showableEnvName(text)).toBe(true);
  });
});

describe('a refused value', () => {
  it('is not echoed for gateway.auth_token_env, whether or not it could pass for a name', () => {
    for (const value of [`sk-proj-${SECRET}`, `sk_live_${SECRET}`]) {
      const message = loadFailure(`gateway:\n  auth_token_env: ${value}\n`);
      expect(message).toContain('gateway.auth_token_env must be the name of an environment variable');
      expect(message).toContain('looks like a key itself, not the name of an environment variable');
      expect(message).not.toContain(SECRET);
    }
  });

  it("is not echoed for a provider's api_key_env, nor a key-like name that is not set", () => {
    const invalid = failure(() => readProviderSettings({ providers: { foo: { base_url: 'http://h/v1', api_key_env: `sk-ant-api03-${SECRET}` } } }, 'foo', {}));
    expect(invalid).toMatch(/^model\.providers\.foo\.api_key_env must be the name of an environment variable .*looks like a key itself/);
    const unset = failure(() => readProviderSettings({ providers: { foo: { base_url: 'http://h/v1', api_key_env: `sk_live_${SECRET}` } } }, 'foo', {}));
    expect(unset).toMatch(/^model\.providers\.foo\.api_key_env names an environment variable that is not set, and .*looks like a key itself/);
    for (const message of [invalid, unset]) expect(message).not.toContain(SECRET);
    // A plain name is still named: it is what the user has to export.
    expect(failure(() => readProviderSettings({ providers: { foo: { base_url: 'http://h/v1', api_key_env: 'FOO_API_KEY' } } }, 'foo', {}))).toContain('names the environment variable FOO_API_KEY, which is not set');
  });

  it('is not echoed for a base_url with a query or a fragment, read or set', () => {
    for (const url of [`http://h/?key=${SECRET}`, `http://h/v1#${SECRET}`]) {
      const read = failure(() => readProviderSettings({ providers: { foo: { base_url: url } } }, 'foo', {}));
      expect(read).toMatch(/^model\.providers\.foo\.base_url must be an http or https URL without credentials, query or fragment; got a URL with a (query|fragment)/);
      expect(read).not.toContain(SECRET);
      const sandbox = makeSandbox();
      const result = setConfigValue({ file: join(sandbox.project, '.agent', 'config.yml'), key: 'gateway.upstream.base_url', rawValue: url });
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
  });

  it('names the keys under the path given for a section that stands in for another', () => {
    const message = failure(() => readProviderSettings({ providers: { gateway: { base_url: 'http://u:p@h/v1' } } }, 'gateway', {}, {}, ['gateway', 'upstream']));
    expect(message).toContain('gateway.upstream.base_url must not contain a user name or password');
    expect(message).not.toContain('model.providers');
  });
});
