import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { describeValue, dottedKey, quote } from '../config/describe-value.js';
import { describeAddressValue, ENV_NAME, NOT_A_VARIABLE_NAME, showableEnvName } from '../config/secret-text.js';
import { PROVIDER_NAME_PATTERN } from '../config/tool-call-settings.js';
import { SecretValue } from './secret-value.js';
import type { ServerNaming } from './server-naming.js';

/** The two wire formats a provider may speak. */
export const PROVIDER_TYPES = Object.freeze(['ollama', 'openai-compatible'] as const);

/** One of {@link PROVIDER_TYPES}. */
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Range and default of `timeout_ms`, in milliseconds. */
export const PROVIDER_TIMEOUT_MS = Object.freeze({ min: 1000, max: 600_000, default: 120_000 });

/** Where Ollama listens unless told otherwise (its own default, on the IPv4 loopback it binds). */
export const DEFAULT_OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

/** A provider's connection settings, checked (`model.providers.<name>` minus `tool_call`). */
export interface ProviderSettings {
  /** The provider's name under `model.providers`. */
  readonly name: string;
  /** Wire format: `type`, or from the name (`ollama` → ollama, anything else → openai-compatible). */
  readonly type: ProviderType;
  /** Server root without a trailing slash, such as `http://127.0.0.1:11434` or `http://host:8000/v1`. */
  readonly baseUrl: string;
  /** Model to ask for when a request does not name one. */
  readonly model?: string;
  /**
   * Longest silence tolerated, in milliseconds: before the response headers, and between two
   * pieces of the body. A stream that keeps producing is never cut; one that falls silent is.
   */
  readonly timeoutMs: number;
  /** Name of the environment variable holding the API key (never the key). */
  readonly apiKeyEnv?: string;
  /** The key read from that variable; redacted wherever it is printed. */
  readonly apiKey?: SecretValue;
  /** Keys that were ignored (ACODE-CFG-003); never fatal. */
  readonly warnings: readonly ProviderSettingsWarning[];
  /**
   * `tool_call.strict_schemas` (checked by the configuration loader): send every tool in OpenAI
   * strict form, as the parser then expects. Absent means false.
   */
  readonly strictSchemas?: boolean;
  /**
   * How error messages name this server and the settings that change it; absent, by the
   * provider's name and its `model.providers.<name>` keys (see `asGatewayUpstream` for the gateway's).
   */
  readonly naming?: ServerNaming;
}

/** A key of a provider section that is not understood and was ignored. */
export interface ProviderSettingsWarning {
  readonly code: typeof ERROR_CODES.CONFIG_UNKNOWN_KEY;
  /** Dotted key, such as `model.providers.ollama.base_ur`. */
  readonly key: string;
  readonly message: string;
}

/** Values given on the command line (`--base-url`, `--model`); they win over the file and are checked the same way. */
export interface ProviderSettingsOverrides {
  readonly baseUrl?: string;
  readonly model?: string;
  readonly timeoutMs?: number;
}

/** The environment, as `process.env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

const KNOWN_KEYS = new Set(['type', 'base_url', 'model', 'timeout_ms', 'api_key_env', 'tool_call']);
/** Keys that would put a secret in the file: refused, not ignored, so the secret is noticed and moved. */
const SECRET_KEYS = new Set(['api_key', 'apikey', 'key', 'token', 'password', 'secret', 'authorization']);
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const MAX_BASE_URL_LENGTH = 2048;
const MAX_MODEL_NAME_LENGTH = 256;

/**
 * Reads and checks `model.providers.<providerName>` from the raw `model:` section of the
 * configuration (`AcodeConfig.model`). A provider that is not configured gets the defaults,
 * which only Ollama can use (it has a well-known address). `tool_call` is left to the
 * configuration loader, which checks it.
 *
 * @throws ConfigurationException ACODE-CFG-002 naming the key and what is allowed, for a wrong
 *   value, a missing `base_url`, a key written into the file, or an `api_key_env` naming an unset variable.
 */
export function readProviderSettings(
  model: unknown,
  providerName: string,
  env: Environment,
  overrides: ProviderSettingsOverrides = {},
  keyPath: readonly string[] = ['model', 'providers', providerName],
): ProviderSettings {
  // Messages name the keys where the user wrote them: `keyPath` when the section stands in for another (`gateway.upstream`).
  const path = [...keyPath];
  if (!PROVIDER_NAME_PATTERN.test(providerName)) {
    throw invalid(path, `provider name ${quote(providerName)} must be lowercase letters, digits, "_" or "-", start with a letter and be at most 64 characters`);
  }
  const section = providerSection(model, providerName);
  const warnings: ProviderSettingsWarning[] = [];
  for (const key of Object.keys(section)) {
    if (SECRET_KEYS.has(key.toLowerCase())) {
      throw invalid([...path, key], `${dottedKey([...path, key])} is not allowed: an API key never goes in the configuration; put it in an environment variable and name that variable in api_key_env`);
    }
    if (!KNOWN_KEYS.has(key)) {
      const dotted = dottedKey([...path, key]);
      warnings.push({ code: ERROR_CODES.CONFIG_UNKNOWN_KEY, key: dotted, message: `unknown key ${dotted} is ignored; known keys: ${[...KNOWN_KEYS].join(', ')}` });
    }
  }

  const type = readType(path, section['type'], providerName);
  const baseUrl = readBaseUrl(path, overrides.baseUrl ?? section['base_url'] ?? (type === 'ollama' ? DEFAULT_OLLAMA_BASE_URL : undefined));
  const modelName = overrides.model ?? section['model'];
  const timeoutMs = readTimeout(path, overrides.timeoutMs ?? section['timeout_ms'] ?? PROVIDER_TIMEOUT_MS.default);
  const apiKeyEnv = section['api_key_env'];
  return {
    name: providerName,
    type,
    baseUrl,
    ...(modelName === undefined || modelName === null ? {} : { model: readModelName(path, modelName) }),
    timeoutMs,
    ...(apiKeyEnv === undefined || apiKeyEnv === null ? {} : readApiKey(path, apiKeyEnv, env)),
    warnings,
    ...(sendsStrictSchemas(section['tool_call']) ? { strictSchemas: true } : {}),
  };
}

/** `tool_call.strict_schemas: true`; the loader has refused any other value than a boolean. */
function sendsStrictSchemas(toolCall: unknown): boolean {
  return isMapping(toolCall) && Object.hasOwn(toolCall, 'strict_schemas') && toolCall['strict_schemas'] === true;
}

function providerSection(model: unknown, providerName: string): Record<string, unknown> {
  if (model === undefined || model === null) return {};
  if (!isMapping(model)) throw invalid(['model'], `model must be a mapping; got ${describeValue(model)}`);
  const providers = Object.hasOwn(model, 'providers') ? model['providers'] : undefined;
  if (providers === undefined || providers === null) return {};
  if (!isMapping(providers)) throw invalid(['model', 'providers'], `model.providers must be a mapping; got ${describeValue(providers)}`);
  const section = Object.hasOwn(providers, providerName) ? providers[providerName] : undefined;
  if (section === undefined || section === null) return {};
  if (!isMapping(section)) throw invalid(['model', 'providers', providerName], `${dottedKey(['model', 'providers', providerName])} must be a mapping; got ${describeValue(section)}`);
  return section;
}

function readType(path: string[], value: unknown, providerName: string): ProviderType {
  if (value === undefined || value === null) return providerName === 'ollama' ? 'ollama' : 'openai-compatible';
  if (typeof value === 'string' && (PROVIDER_TYPES as readonly string[]).includes(value)) return value as ProviderType;
  throw mustBe([...path, 'type'], `one of ${PROVIDER_TYPES.join(', ')}`, describeValue(value));
}

function readBaseUrl(path: string[], value: unknown): string {
  const key = [...path, 'base_url'];
  const expected = 'an http or https URL without credentials, query or fragment';
  if (value === undefined) throw invalid(key, `${dottedKey(key)} is required for a provider that is not ollama; set it to the server's URL, such as http://127.0.0.1:8000/v1`);
  // A URL that may carry a credential (`@`, a query, a fragment) is described, never echoed.
  const shown = describeAddressValue(value);
  if (typeof value !== 'string' || value.length > MAX_BASE_URL_LENGTH || CONTROL_CHARACTER.test(value)) throw mustBe(key, expected, shown);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw mustBe(key, expected, shown);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw mustBe(key, expected, shown);
  if (url.username !== '' || url.password !== '') {
    // The value is not echoed: it holds a credential.
    throw invalid(key, `${dottedKey(key)} must not contain a user name or password; put the key in an environment variable and name it in api_key_env`);
  }
  if (url.search !== '' || url.hash !== '') throw mustBe(key, expected, shown);
  return url.href.replace(/\/+$/, '');
}

function readModelName(path: string[], value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_MODEL_NAME_LENGTH && !CONTROL_CHARACTER.test(value)) return value;
  throw mustBe([...path, 'model'], `a non-empty model name of at most ${MAX_MODEL_NAME_LENGTH} characters`, describeValue(value));
}

function readTimeout(path: string[], value: unknown): number {
  const { min, max } = PROVIDER_TIMEOUT_MS;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw mustBe([...path, 'timeout_ms'], `an integer from ${min} to ${max} (milliseconds)`, describeValue(value));
}

function readApiKey(path: string[], value: unknown, env: Environment): { apiKeyEnv: string; apiKey: SecretValue } {
  const key = [...path, 'api_key_env'];
  const expected = 'the name of an environment variable (letters, digits and "_", not starting with a digit)';
  // A string here may be the key itself, pasted by mistake: it is never echoed (reloads log these messages).
  if (typeof value === 'string' && !ENV_NAME.test(value)) throw invalid(key, `${dottedKey(key)} must be ${expected}; ${NOT_A_VARIABLE_NAME}`);
  if (typeof value !== 'string') throw mustBe(key, expected, describeValue(value));
  const secret = Object.hasOwn(env, value) ? env[value] : undefined;
  if (secret === undefined || secret === '') {
    if (!showableEnvName(value)) {
      throw invalid(key, `${dottedKey(key)} names an environment variable that is not set, and ${NOT_A_VARIABLE_NAME}; put the key in an environment variable and name that variable in api_key_env`);
    }
    throw invalid(key, `${dottedKey(key)} names the environment variable ${value}, which is not set; export it or remove api_key_env`);
  }
  return { apiKeyEnv: value, apiKey: new SecretValue(secret) };
}

/** ACODE-CFG-002: `<key> must be <expected>; got <described>`, where `described` is what {@link describeValue} says, or less. */
function mustBe(path: readonly string[], expected: string, described: string): ConfigurationException {
  return invalid(path, `${dottedKey(path)} must be ${expected}; got ${described}`);
}

function invalid(path: readonly string[], message: string): ConfigurationException {
  return new ConfigurationException(ERROR_CODES.CONFIG_INVALID, message, { key: dottedKey(path) });
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
