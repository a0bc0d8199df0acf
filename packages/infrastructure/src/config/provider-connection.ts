import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { readProviderSettings, type Environment } from '../model-clients/provider-settings.js';
import type { ProviderConnectionKey } from './config-key.js';
import { dottedKey } from './describe-value.js';
import { showableEnvName } from './secret-text.js';

export { KEY_LIKE } from './secret-text.js';

/** Where a provider's base URL is assumed while checking one of its other keys alone. */
const STAND_IN_BASE_URL = 'http://127.0.0.1';

/**
 * A provider's connection settings in effect, in the file's spelling (`base_url`, `timeout_ms`),
 * defaults filled in by `readProviderSettings`. The variable `api_key_env` names is never read:
 * showing the settings must not depend on (or touch) the secret.
 *
 * @throws ConfigurationException ACODE-CFG-002 when a written value is wrong or a required one is missing.
 */
export function readConnectionSettings(model: unknown, provider: string): Record<string, string | number> {
  const section = providerSection(model, provider);
  // A provider other than Ollama has no default address; until `base_url` is set it is shown
  // without one rather than refused, so its other settings can still be seen.
  const written = section === undefined || section === null ? {} : section;
  const baseUrlMissing = isMapping(written) && !Object.hasOwn(written, 'base_url') && (written['type'] ?? provider) !== 'ollama';
  const checked = baseUrlMissing ? { providers: { [provider]: { ...written, base_url: STAND_IN_BASE_URL } } } : model;
  const settings = readProviderSettings(checked, provider, standInEnvironment(section));
  return {
    type: settings.type,
    ...(baseUrlMissing ? {} : { base_url: settings.baseUrl }),
    ...(settings.model !== undefined ? { model: settings.model } : {}),
    timeout_ms: settings.timeoutMs,
    ...(settings.apiKeyEnv !== undefined ? { api_key_env: settings.apiKeyEnv } : {}),
  };
}

/**
 * Checks one connection value alone, with `readProviderSettings` (the validator model clients
 * use), the provider's other keys held at valid stand-ins: `config set` may set them in any order.
 * An `api_key_env` that looks like a key itself is refused without echoing it.
 *
 * @throws ConfigurationException ACODE-CFG-002 naming the key and what is allowed.
 */
export function checkConnectionValue(provider: string, key: ProviderConnectionKey, value: unknown): void {
  const path = ['model', 'providers', provider, key];
  if (key === 'api_key_env' && typeof value === 'string' && !showableEnvName(value)) {
    // Not echoed: it may be the secret itself.
    throw new ConfigurationException(
      ERROR_CODES.CONFIG_INVALID,
      `${dottedKey(path)} must be the name of an environment variable (such as OPENAI_API_KEY), never the key itself; ` +
        'the value given is not a variable name and was not written',
      { key: dottedKey(path) },
    );
  }
  const section: Record<string, unknown> = key === 'base_url' ? {} : { base_url: STAND_IN_BASE_URL };
  section[key] = value;
  readConnectionSettings({ providers: { [provider]: section } }, provider);
}

/** `model.providers.<provider>` as written; whatever it is, `readProviderSettings` judges it. */
function providerSection(model: unknown, provider: string): unknown {
  const providers = isMapping(model) && Object.hasOwn(model, 'providers') ? model['providers'] : undefined;
  return isMapping(providers) && Object.hasOwn(providers, provider) ? providers[provider] : undefined;
}

/** An environment in which the variable `api_key_env` names is set, so its secret is never needed. */
function standInEnvironment(section: unknown): Environment {
  const name = isMapping(section) ? section['api_key_env'] : undefined;
  return typeof name === 'string' ? { [name]: 'stand-in' } : {};
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
