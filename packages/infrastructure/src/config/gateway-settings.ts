import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { checkSetting } from './check-setting.js';
import { MAX_ALLOWED_NAMES, canonicalHostPattern, canonicalOrigin } from './gateway-allowed-names.js';
import { invalidValue, isMapping, sectionMapping, unknownKey } from './config-problems.js';
import { readModelMap, type ModelMapping } from './gateway-model-map.js';
import type { ConfigWarning } from './acode-config.js';
import type { SettingRule } from './setting-rule.js';
import { NOT_A_VARIABLE_NAME, showableEnvName } from './secret-text.js';

const MiB = 1024 * 1024;

/**
 * Where the gateway (issue 15) sends the requests it checks: a provider of `model.providers`, or
 * a server given by `base_url` and `type`. The model-client settings check the values (URL,
 * type, the API key's variable) when the host builds the client.
 */
export type GatewayUpstreamSettings =
  | { readonly provider: string }
  | { readonly baseUrl: string; readonly type: string; readonly apiKeyEnv?: string };

/** The `gateway:` section, with defaults for every key the files leave out. */
export interface GatewaySettings {
  /** `gateway.upstream`; Ollama at `http://127.0.0.1:11434` by default. */
  readonly upstream: GatewayUpstreamSettings;
  /** `gateway.on_invalid`: what the client gets when a call stays invalid after its retries. */
  readonly onInvalid: 'pass_through' | 'error';
  /** `gateway.strict`: strict validation of the request's tools (decision 7); `false` validates exactly what the schemas say. */
  readonly strict: boolean;
  /** `gateway.max_body_bytes`: largest client request body. */
  readonly maxBodyBytes: number;
  /** `gateway.timeout_ms`: longest upstream silence; absent means the model client's default. */
  readonly timeoutMs?: number;
  /**
   * `gateway.auth_token_env`: the NAME of the environment variable holding the bearer token the
   * gateway's routes require; absent means no token (then the host binds loopback only).
   */
  readonly authTokenEnv?: string;
  /** `gateway.max_concurrent_upstream`: gateway requests served at once; as many more wait, the rest get 503. */
  readonly maxConcurrentUpstream: number;
  /** `gateway.keep_alive_ms`: longest silence of a client stream while its answer is decided; absent means 10 s. */
  readonly keepAliveMs?: number;
  /** `gateway.request_timeout_ms`: longest a gateway request may last in all, retries and streaming included. */
  readonly requestTimeoutMs: number;
  /** `gateway.body_timeout_ms`: longest a client may take to send its request body (read before a slot is taken). */
  readonly bodyTimeoutMs: number;
  /** `gateway.max_buffered_bytes`: most bytes one request's answer may hold in memory (held text, call arguments, a whole answer). */
  readonly maxBufferedBytes: number;
  /** `gateway.max_total_buffered_bytes`: most bytes all answers together may hold in memory. */
  readonly maxTotalBufferedBytes: number;
  /**
   * `gateway.allowed_origins`: origins (`https://tools.example.com`) whose browser requests the
   * host serves although they are not its own (a reverse proxy that rewrites `Host`); canonical
   * form, none by default.
   */
  readonly allowedOrigins: readonly string[];
  /**
   * `gateway.allowed_hosts`: names the `Host` header may carry beyond the host's own addresses
   * (`tools.example.com`, `*.example.com`); lower-case, none by default.
   */
  readonly allowedHosts: readonly string[];
  /** `gateway.models`: the agents' own model names (or globs) mapped to upstream models; none by default, so a name goes upstream as it is. */
  readonly models: readonly ModelMapping[];
}

/** The keys of `gateway:` other than `upstream`, as setting rules. */
export const GATEWAY_SETTINGS = Object.freeze({
  on_invalid: { type: 'enum', values: ['pass_through', 'error'], default: 'pass_through' },
  strict: { type: 'boolean', default: true },
  max_body_bytes: { type: 'integer', min: 1024, max: 64 * MiB, unit: 'bytes', default: 8 * MiB },
  timeout_ms: { type: 'integer', min: 1000, max: 600_000, unit: 'ms', default: 120_000 },
  max_concurrent_upstream: { type: 'integer', min: 1, max: 1024, default: 32 },
  keep_alive_ms: { type: 'integer', min: 100, max: 600_000, unit: 'ms', default: 10_000 },
  request_timeout_ms: { type: 'integer', min: 1000, max: 3_600_000, unit: 'ms', default: 600_000 },
  body_timeout_ms: { type: 'integer', min: 100, max: 600_000, unit: 'ms', default: 30_000 },
  max_buffered_bytes: { type: 'integer', min: 64 * 1024, max: 1024 * MiB, unit: 'bytes', default: 16 * MiB },
  max_total_buffered_bytes: { type: 'integer', min: 1 * MiB, max: 16 * 1024 * MiB, unit: 'bytes', default: 128 * MiB },
} satisfies Record<string, SettingRule>);

/**
 * Every key of `gateway:`, in the order `config show` prints them: `upstream`, the one-value
 * settings of {@link GATEWAY_SETTINGS}, the token variable, the two allowed lists and the model map.
 * The loader, `config show` and `config set` all take the section's keys from here.
 */
export const GATEWAY_KEYS = Object.freeze(['upstream', ...(Object.keys(GATEWAY_SETTINGS) as (keyof typeof GATEWAY_SETTINGS)[]), 'auth_token_env', 'allowed_origins', 'allowed_hosts', 'models'] as const);

/** The keys of `gateway.upstream`, in the order `config show` prints them. */
export const GATEWAY_UPSTREAM_KEYS = Object.freeze(['provider', 'base_url', 'type', 'api_key_env'] as const);

/** The gateway's default upstream: a local Ollama. */
export const DEFAULT_GATEWAY_UPSTREAM: GatewayUpstreamSettings = Object.freeze({ baseUrl: 'http://127.0.0.1:11434', type: 'ollama' });

/** Every default of `gateway:`. */
export const DEFAULT_GATEWAY_SETTINGS: GatewaySettings = Object.freeze({
  upstream: DEFAULT_GATEWAY_UPSTREAM,
  onInvalid: 'pass_through',
  strict: true,
  maxBodyBytes: GATEWAY_SETTINGS.max_body_bytes.default,
  maxConcurrentUpstream: GATEWAY_SETTINGS.max_concurrent_upstream.default,
  requestTimeoutMs: GATEWAY_SETTINGS.request_timeout_ms.default,
  bodyTimeoutMs: GATEWAY_SETTINGS.body_timeout_ms.default,
  maxBufferedBytes: GATEWAY_SETTINGS.max_buffered_bytes.default,
  maxTotalBufferedBytes: GATEWAY_SETTINGS.max_total_buffered_bytes.default,
  allowedOrigins: Object.freeze([]),
  allowedHosts: Object.freeze([]),
  models: Object.freeze([]),
});


type MutableGateway = { -readonly [K in keyof GatewaySettings]?: GatewaySettings[K] };

/** The settings of `gateway:` that are one value each, checked by their rule in {@link GATEWAY_SETTINGS}: the key and its field. */
const SCALAR_FIELDS = Object.freeze({
  on_invalid: 'onInvalid',
  strict: 'strict',
  max_body_bytes: 'maxBodyBytes',
  timeout_ms: 'timeoutMs',
  max_concurrent_upstream: 'maxConcurrentUpstream',
  keep_alive_ms: 'keepAliveMs',
  request_timeout_ms: 'requestTimeoutMs',
  body_timeout_ms: 'bodyTimeoutMs',
  max_buffered_bytes: 'maxBufferedBytes',
  max_total_buffered_bytes: 'maxTotalBufferedBytes',
} satisfies Record<keyof typeof GATEWAY_SETTINGS, keyof GatewaySettings>);

/** Checks one file's `gateway:` section; only the keys it sets. ACODE-CFG-002 for a wrong value, CFG-003 warnings for unknown keys. */
export function readGatewaySection(document: ConfigDocument, body: unknown, warnings: ConfigWarning[]): Partial<GatewaySettings> {
  const gateway: MutableGateway = {};
  for (const [key, value] of Object.entries(sectionMapping(document, ['gateway'], body))) {
    const path: ConfigPath = ['gateway', key];
    if (Object.hasOwn(SCALAR_FIELDS, key)) {
      const setting = key as keyof typeof SCALAR_FIELDS;
      (gateway as Record<string, unknown>)[SCALAR_FIELDS[setting]] = checkSetting(document, path, GATEWAY_SETTINGS[setting], value, warnings);
      continue;
    }
    switch (key) {
      case 'upstream':
        gateway.upstream = readUpstream(document, path, value, warnings);
        break;
      case 'auth_token_env':
        // Only the variable's name is configured; the host reads (and requires) its value at startup.
        // A name that looks like a token is refused too: the host would name it in "not set".
        if (typeof value !== 'string' || !showableEnvName(value)) {
          const expected = 'the name of an environment variable (letters, digits and "_", not starting with a digit)';
          // A string here may be the token itself: it is never echoed (the message reaches the log on a reload).
          const reason = typeof value === 'string' ? `gateway.auth_token_env must be ${expected}; ${NOT_A_VARIABLE_NAME}` : undefined;
          throw invalidValue(document, path, expected, value, reason);
        }
        gateway.authTokenEnv = value;
        break;
      case 'allowed_origins':
        gateway.allowedOrigins = readNameList(document, path, value, canonicalOrigin, ALLOWED_ORIGINS_EXPECTED);
        break;
      case 'allowed_hosts':
        gateway.allowedHosts = readNameList(document, path, value, canonicalHostPattern, ALLOWED_HOSTS_EXPECTED);
        break;
      case 'models':
        gateway.models = readModelMap(document, path, value);
        break;
      default:
        warnings.push(unknownKey(document, path));
    }
  }
  return gateway;
}

/** What an entry of `gateway.allowed_origins` must be. */
export const ALLOWED_ORIGINS_EXPECTED = 'an http or https origin without path, query or credentials (such as https://tools.example.com or http://10.0.0.5:7420)';

/** What an entry of `gateway.allowed_hosts` must be. */
export const ALLOWED_HOSTS_EXPECTED = 'a host name (tools.example.com), a wildcard over the names beneath one (*.example.com) or an IP address, without a port';

/**
 * `gateway.allowed_origins` or `gateway.allowed_hosts`: a list (empty when `null`) of at most
 * {@link MAX_ALLOWED_NAMES} entries, each in its canonical form, duplicates dropped. ACODE-CFG-002
 * naming the entry's index for anything else.
 */
export function readNameList(
  document: ConfigDocument,
  path: ConfigPath,
  value: unknown,
  canonical: (entry: unknown) => string | undefined,
  expected: string,
): readonly string[] {
  if (value === null) return Object.freeze([]);
  if (!Array.isArray(value) || value.length > MAX_ALLOWED_NAMES) throw invalidValue(document, path, `a list of at most ${MAX_ALLOWED_NAMES} entries, each ${expected}`, value);
  const entries = value.map((entry, index) => {
    const found = canonical(entry);
    if (found === undefined) throw invalidValue(document, [...path, index], expected, entry);
    return found;
  });
  return Object.freeze([...new Set(entries)]);
}

const UPSTREAM_EXPECTED = 'a mapping with either provider (a name of model.providers) or base_url and type (ollama or openai-compatible), and optionally api_key_env';

function readUpstream(document: ConfigDocument, path: ConfigPath, value: unknown, warnings: ConfigWarning[]): GatewayUpstreamSettings {
  if (!isMapping(value)) throw invalidValue(document, path, UPSTREAM_EXPECTED, value);
  const text = (key: string): string | undefined => {
    const found = value[key];
    if (found === undefined || found === null) return undefined;
    if (typeof found !== 'string' || found.trim() === '') throw invalidValue(document, [...path, key], 'a non-empty string', found);
    return found;
  };
  for (const key of Object.keys(value)) {
    if (!(GATEWAY_UPSTREAM_KEYS as readonly string[]).includes(key)) warnings.push(unknownKey(document, [...path, key]));
  }
  const provider = text('provider');
  const baseUrl = text('base_url');
  const type = text('type');
  const apiKeyEnv = text('api_key_env');
  if (provider !== undefined) {
    if (baseUrl !== undefined || type !== undefined || apiKeyEnv !== undefined) {
      throw invalidValue(document, path, UPSTREAM_EXPECTED, value, 'gateway.upstream sets provider and base_url, type or api_key_env; give one or the other (a provider takes them from model.providers)');
    }
    return { provider };
  }
  if (baseUrl === undefined) throw invalidValue(document, path, UPSTREAM_EXPECTED, value, 'gateway.upstream must set provider (a name of model.providers) or base_url and type');
  if (type !== undefined && type !== 'ollama' && type !== 'openai-compatible') throw invalidValue(document, [...path, 'type'], 'ollama or openai-compatible', type);
  return { baseUrl, type: type ?? 'openai-compatible', ...(apiKeyEnv === undefined ? {} : { apiKeyEnv }) };
}
