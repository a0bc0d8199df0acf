import { readModelMap } from './gateway-model-map.js';
import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { ConfigValue } from './show-config.js';
import { invalidValue } from './config-problems.js';
import { dottedKey } from './describe-value.js';
import { canonicalHostPattern, canonicalOrigin } from './gateway-allowed-names.js';
import { ALLOWED_HOSTS_EXPECTED, ALLOWED_ORIGINS_EXPECTED, GATEWAY_KEYS, GATEWAY_SETTINGS, readNameList, type GatewaySettings, type GatewayUpstreamSettings } from './gateway-settings.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { describeAddressValue, showableEnvName } from './secret-text.js';
import { PROVIDER_NAME_PATTERN } from './tool-call-settings.js';

/**
 * `gateway:` in effect, in the file's spelling and in the order of {@link GATEWAY_KEYS}: every key,
 * with its default when no file sets it. `timeout_ms` unset is `upstreamTimeoutMs` (the upstream
 * provider's own timeout, which then applies), or `null` when not given; `auth_token_env` unset
 * is `null` (no token is required). The upstream is a provider name, or `base_url` + `type` +
 * `api_key_env` (`null` when the server takes no key).
 */
export function gatewayConfigSection(gateway: GatewaySettings, upstreamTimeoutMs?: number): Record<string, ConfigValue> {
  const section: Record<(typeof GATEWAY_KEYS)[number], ConfigValue> = {
    upstream: gatewayUpstreamSection(gateway.upstream),
    on_invalid: gateway.onInvalid,
    strict: gateway.strict,
    max_body_bytes: gateway.maxBodyBytes,
    timeout_ms: gateway.timeoutMs ?? upstreamTimeoutMs ?? null,
    max_concurrent_upstream: gateway.maxConcurrentUpstream,
    keep_alive_ms: gateway.keepAliveMs ?? GATEWAY_SETTINGS.keep_alive_ms.default,
    request_timeout_ms: gateway.requestTimeoutMs,
    body_timeout_ms: gateway.bodyTimeoutMs,
    max_buffered_bytes: gateway.maxBufferedBytes,
    max_total_buffered_bytes: gateway.maxTotalBufferedBytes,
    auth_token_env: gateway.authTokenEnv ?? null,
    allowed_origins: [...gateway.allowedOrigins],
    allowed_hosts: [...gateway.allowedHosts],
    models: Object.fromEntries(gateway.models.map((mapping) => [mapping.name, mapping.upstream])),
  };
  // The table's order, so a key added to GATEWAY_KEYS without a value here fails to compile above.
  return Object.fromEntries(GATEWAY_KEYS.map((key) => [key, section[key]]));
}

/** `gateway.upstream` in the file's spelling. */
export function gatewayUpstreamSection(upstream: GatewayUpstreamSettings): Record<string, ConfigValue> {
  if ('provider' in upstream) return { provider: upstream.provider };
  return { base_url: upstream.baseUrl, type: upstream.type, api_key_env: upstream.apiKeyEnv ?? null };
}

/**
 * Checks one text value of `gateway:` set alone (`gateway.auth_token_env`,
 * `gateway.upstream.<key>`, and the lists `gateway.allowed_origins` and `gateway.allowed_hosts`,
 * given whole: `[https://tools.example.com]`) by the rules the host applies when it starts, so `config set` refuses
 * what the host would: a provider name of the wrong shape, a type other than the two wire formats,
 * a base URL that is not http(s) or carries credentials, a query or a fragment, a variable name
 * that is not one. A value that looks like a key or token is refused without being echoed. How
 * the keys combine (a provider and a base URL both set) is the loader's whole-file check.
 *
 * @throws ConfigurationException ACODE-CFG-002 naming the key and what is allowed.
 */
export function checkGatewayValue(document: ConfigDocument, path: ConfigPath, value: unknown): void {
  const key = path.at(-1);
  if (key === 'allowed_origins') {
    readNameList(document, path, value, canonicalOrigin, ALLOWED_ORIGINS_EXPECTED);
    return;
  }
  if (key === 'models') {
    readModelMap(document, path, value);
    return;
  }
  if (key === 'allowed_hosts') {
    readNameList(document, path, value, canonicalHostPattern, ALLOWED_HOSTS_EXPECTED);
    return;
  }
  if (key === 'auth_token_env' || key === 'api_key_env') {
    if (typeof value === 'string' && !showableEnvName(value)) {
      // Not echoed: it may be the secret itself.
      throw new ConfigurationException(
        ERROR_CODES.CONFIG_INVALID,
        `${dottedKey(path)} must be the name of an environment variable (such as ACODE_GATEWAY_TOKEN), never the secret itself; the value given is not a variable name and was not written`,
        { key: dottedKey(path) },
      );
    }
    if (typeof value !== 'string') throw invalidValue(document, path, 'the name of an environment variable', value);
    return;
  }
  if (key === 'provider') {
    if (typeof value !== 'string' || !PROVIDER_NAME_PATTERN.test(value)) throw invalidValue(document, path, 'a name of model.providers (lowercase letters, digits, "_" or "-", starting with a letter)', value);
    return;
  }
  if (key === 'type') {
    if (value !== 'ollama' && value !== 'openai-compatible') throw invalidValue(document, path, 'ollama or openai-compatible', value);
    return;
  }
  if (key === 'base_url' && !isPlainHttpUrl(value)) {
    const expected = 'an http or https URL without credentials, query or fragment';
    // A URL that may carry a credential (user, query, fragment) is described, never echoed.
    throw invalidValue(document, path, expected, value, `${dottedKey(path)} must be ${expected}; got ${describeAddressValue(value)}`);
  }
}

function isPlainHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048 || /[\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
}
