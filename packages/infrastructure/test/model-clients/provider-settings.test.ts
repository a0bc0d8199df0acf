import { inspect } from 'node:util';
import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { readProviderSettings } from '../../src/model-clients/index.js';

/** The `model:` section as the configuration loader hands it over. */
function modelSection(providers: Record<string, unknown>): unknown {
  return { providers };
}

function configError(read: () => unknown): ConfigurationException {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationException);
    expect((error as ConfigurationException).code).toBe(ERROR_CODES.CONFIG_INVALID);
    return error as ConfigurationException;
  }
  throw new Error('expected a ConfigurationException');
}

describe('readProviderSettings', () => {
  it('gives an unconfigured ollama its well-known address and the default timeout', () => {
    expect(readProviderSettings(undefined, 'ollama', {})).toEqual({
      name: 'ollama',
      type: 'ollama',
      baseUrl: 'http://127.0.0.1:11434',
      timeoutMs: 120_000,
      warnings: [],
    });
  });

  it('reads every key, trims the trailing slash and takes the type from the name unless set', () => {
    const model = modelSection({
      vllm: { base_url: 'http://gpu-box:8000/v1/', model: 'qwen2.5-coder:7b', timeout_ms: 30_000 },
      mine: { type: 'ollama', base_url: 'http://10.0.0.2:11434' },
    });
    expect(readProviderSettings(model, 'vllm', {})).toEqual({
      name: 'vllm',
      type: 'openai-compatible',
      baseUrl: 'http://gpu-box:8000/v1',
      model: 'qwen2.5-coder:7b',
      timeoutMs: 30_000,
      warnings: [],
    });
    expect(readProviderSettings(model, 'mine', {}).type).toBe('ollama');
  });

  it('lets command-line overrides win, checked like the file', () => {
    const settings = readProviderSettings(modelSection({ ollama: { model: 'a' } }), 'ollama', {}, { baseUrl: 'http://127.0.0.1:1', model: 'b' });
    expect(settings).toMatchObject({ baseUrl: 'http://127.0.0.1:1', model: 'b' });
    expect(configError(() => readProviderSettings(undefined, 'ollama', {}, { baseUrl: 'nope' })).key).toBe('model.providers.ollama.base_url');
  });

  it('requires base_url for a provider other than ollama', () => {
    const error = configError(() => readProviderSettings(undefined, 'lmstudio', {}));
    expect(error.key).toBe('model.providers.lmstudio.base_url');
    expect(error.message).toContain('is required');
  });

  it('takes the default for a timeout_ms written without a value (YAML null)', () => {
    expect(readProviderSettings(modelSection({ ollama: { timeout_ms: null } }), 'ollama', {}).timeoutMs).toBe(120_000);
  });

  it.each([999, 600_001, 1.5, '5000', true])('refuses timeout_ms %j, naming the key and the range', (value) => {
    const error = configError(() => readProviderSettings(modelSection({ ollama: { timeout_ms: value } }), 'ollama', {}));
    expect(error.key).toBe('model.providers.ollama.timeout_ms');
    expect(error.message).toContain('model.providers.ollama.timeout_ms must be an integer from 1000 to 600000 (milliseconds); got');
  });

  it.each(['ftp://host', 'not a url', 'http://host:8000/v1?key=abc', 'http://host/#x', 42, `http://${'a'.repeat(5000)}.com`, 'http://host\n:80'])(
    'refuses base_url %j',
    (value) => {
      const error = configError(() => readProviderSettings(modelSection({ local: { base_url: value } }), 'local', {}));
      expect(error.message).toContain('must be an http or https URL without credentials, query or fragment');
      expect(error.message.length).toBeLessThan(300);
    },
  );

  it('refuses credentials in base_url without repeating them', () => {
    const error = configError(() => readProviderSettings(modelSection({ local: { base_url: 'http://user:hunter2@host:8000' } }), 'local', {}));
    expect(error.message).toContain('must not contain a user name or password');
    expect(error.message).not.toContain('hunter2');
  });

  it.each(['api_key', 'token', 'API_KEY'])('refuses a key written into the file as %s, without repeating it', (key) => {
    const error = configError(() => readProviderSettings(modelSection({ local: { base_url: 'http://h', [key]: 'sk-live-123' } }), 'local', {}));
    expect(error.message).toContain('api_key_env');
    expect(error.message).not.toContain('sk-live-123');
  });

  it('reads the key from the variable api_key_env names, and never prints it', () => {
    const settings = readProviderSettings(modelSection({ local: { base_url: 'http://h', api_key_env: 'MY_KEY' } }), 'local', { MY_KEY: 'sk-live-123' });
    expect(settings.apiKeyEnv).toBe('MY_KEY');
    expect(settings.apiKey?.reveal()).toBe('sk-live-123');
    expect(JSON.stringify(settings)).not.toContain('sk-live-123');
    expect(inspect(settings, { depth: 10 })).not.toContain('sk-live-123');
    expect(`${String(settings.apiKey)}`).toBe('[redacted]');
  });

  it('refuses an api_key_env naming a variable that is unset or empty, or that is not a variable name', () => {
    for (const env of [{}, { MY_KEY: '' }]) {
      const error = configError(() => readProviderSettings(modelSection({ local: { base_url: 'http://h', api_key_env: 'MY_KEY' } }), 'local', env));
      expect(error.message).toBe('model.providers.local.api_key_env names the environment variable MY_KEY, which is not set; export it or remove api_key_env');
    }
    expect(configError(() => readProviderSettings(modelSection({ local: { base_url: 'http://h', api_key_env: 'sk-abc-123' } }), 'local', {})).key).toBe(
      'model.providers.local.api_key_env',
    );
  });

  it('reads tool_call.strict_schemas: true, so the client sends tools in strict form', () => {
    const model = modelSection({ vllm: { base_url: 'http://h:8000/v1', tool_call: { strict_schemas: true } }, lm: { base_url: 'http://h:1234', tool_call: { strict_schemas: false } } });
    expect(readProviderSettings(model, 'vllm', {})).toMatchObject({ name: 'vllm', strictSchemas: true, warnings: [] });
    expect(readProviderSettings(model, 'lm', {})).not.toHaveProperty('strictSchemas');
  });

  it('warns about unknown keys with ACODE-CFG-003 and leaves tool_call to the config loader', () => {
    const settings = readProviderSettings(modelSection({ ollama: { base_ur: 'http://h', tool_call: { max_retries: 9 } } }), 'ollama', {});
    expect(settings.warnings).toEqual([
      {
        code: ERROR_CODES.CONFIG_UNKNOWN_KEY,
        key: 'model.providers.ollama.base_ur',
        message: 'unknown key model.providers.ollama.base_ur is ignored; known keys: type, base_url, model, timeout_ms, api_key_env, tool_call',
      },
    ]);
  });

  it.each([
    ['model as a list', ['a'], 'ollama', 'model'],
    ['providers as a string', { providers: 'ollama' }, 'ollama', 'model.providers'],
    ['a provider as a number', { providers: { ollama: 3 } }, 'ollama', 'model.providers.ollama'],
    ['a prototype key as provider name', { providers: {} }, '__proto__', 'model.providers.__proto__'],
    ['an unknown type', { providers: { ollama: { type: 'anthropic' } } }, 'ollama', 'model.providers.ollama.type'],
    ['an empty model', { providers: { ollama: { model: '  ' } } }, 'ollama', 'model.providers.ollama.model'],
  ])('refuses %s', (_label, model, provider, key) => {
    expect(configError(() => readProviderSettings(model, provider, {})).key).toBe(key);
  });

  it('does not read a provider through the prototype chain', () => {
    const providers = Object.create({ inherited: { base_url: 'http://evil' } }) as Record<string, unknown>;
    expect(configError(() => readProviderSettings({ providers }, 'inherited', {})).message).toContain('is required');
  });
});
