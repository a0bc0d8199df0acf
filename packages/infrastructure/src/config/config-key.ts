import { ERROR_CODES } from '@acode/domain';
import type { ConfigProblem } from './config-problem.js';
import { quote } from './describe-value.js';
import { GATEWAY_KEYS, GATEWAY_SETTINGS, GATEWAY_UPSTREAM_KEYS } from './gateway-settings.js';
import { LICENSE_SETTINGS } from './license-settings.js';
import type { SettingRule } from './setting-rule.js';
import { PROVIDER_NAME_PATTERN, TOOL_CALL_SETTINGS, isToolCallSettingKey } from './tool-call-settings.js';
import { TOOL_REGISTRY_SETTINGS, isToolRegistrySettingKey } from './tool-registry-settings.js';

/** Longest dotted key accepted; the longest real one is well under 100 characters. */
export const MAX_CONFIG_KEY_LENGTH = 256;

/**
 * A provider's connection keys (`model.providers.<name>.<key>`), checked by
 * `readProviderSettings`. Kept in the order `config show` prints them.
 */
export const PROVIDER_CONNECTION_KEYS = Object.freeze(['type', 'base_url', 'model', 'timeout_ms', 'api_key_env'] as const);

/** One of {@link PROVIDER_CONNECTION_KEYS}. */
export type ProviderConnectionKey = (typeof PROVIDER_CONNECTION_KEYS)[number];

/** What a dotted key names in the configuration schema. */
export type ConfigKeyTarget =
  | { readonly kind: 'root'; readonly path: readonly [] }
  /** `tool_registry`, `model`, `model.providers`, `gateway`, `gateway.upstream`, `license`. */
  | { readonly kind: 'section'; readonly path: readonly string[] }
  /** `model.providers.<provider>`. */
  | { readonly kind: 'provider'; readonly path: readonly string[]; readonly provider: string }
  /** `model.providers.<provider>.tool_call`. */
  | { readonly kind: 'tool-call'; readonly path: readonly string[]; readonly provider: string }
  /** A scalar key of `tool_registry:`, `tool_call:`, `gateway:` or `license:`, checked by its rule. */
  | { readonly kind: 'setting'; readonly path: readonly string[]; readonly rule: SettingRule }
  /** A connection key of a provider, checked by `readProviderSettings`. */
  | { readonly kind: 'connection'; readonly path: readonly string[]; readonly provider: string; readonly key: ProviderConnectionKey }
  /** `tool_registry.disabled_tools`: a list of tool names. */
  | { readonly kind: 'tool-names'; readonly path: readonly string[] }
  /** `tool_registry.custom_tools`: definitions, shown by name and edited in the file. */
  | { readonly kind: 'custom-tools'; readonly path: readonly string[] }
  /** `gateway.auth_token_env`, a key of `gateway.upstream`, or a list of `gateway.allowed_origins` / `allowed_hosts`: checked by `checkGatewayValue`. */
  | { readonly kind: 'gateway-text'; readonly path: readonly string[] };

/** The outcome of {@link resolveConfigKey}. */
export type ResolveConfigKeyResult = { readonly ok: true; readonly target: ConfigKeyTarget } | { readonly ok: false; readonly problem: ConfigProblem };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Resolves a dotted key (`model.providers.ollama.tool_call.max_retries`) against the same
 * setting tables the loader checks files with. The empty key is the whole configuration. An
 * unknown key is ACODE-CFG-003 naming the keys that exist at that level.
 */
export function resolveConfigKey(key: string): ResolveConfigKeyResult {
  if (key === '') return found({ kind: 'root', path: [] });
  if (key.length > MAX_CONFIG_KEY_LENGTH) return unknown(key, `is ${key.length} characters long; keys are at most ${MAX_CONFIG_KEY_LENGTH}`);
  const path = key.split('.');
  if (!path.every((segment) => SEGMENT.test(segment))) return unknown(key, 'is not a dotted key such as tool_registry.max_errors');

  const [section, second, provider, fourth, fifth, ...extra] = path;
  if (section === 'tool_registry') {
    if (second === undefined) return found({ kind: 'section', path });
    if (path.length > 2) return unknown(key, `${second} has no keys beneath it`);
    if (isToolRegistrySettingKey(second)) return found({ kind: 'setting', path, rule: TOOL_REGISTRY_SETTINGS[second] });
    if (second === 'disabled_tools') return found({ kind: 'tool-names', path });
    if (second === 'custom_tools') return found({ kind: 'custom-tools', path });
    return unknown(key, `keys of tool_registry: ${[...Object.keys(TOOL_REGISTRY_SETTINGS), 'disabled_tools', 'custom_tools'].join(', ')}`);
  }
  if (section === 'tools') {
    return unknown(key, 'custom tools from every list (tools.custom, tools.custom_tools) are shown under tool_registry.custom_tools');
  }
  if (section === 'gateway') return resolveGatewayKey(key, path);
  if (section === 'license') return resolveLicenseKey(key, path);
  if (section !== 'model') return unknown(key, 'top-level sections: tool_registry, model, gateway, license');
  if (second === undefined) return found({ kind: 'section', path });
  if (second !== 'providers') return unknown(key, 'keys of model: providers');
  if (provider === undefined) return found({ kind: 'section', path });
  if (!PROVIDER_NAME_PATTERN.test(provider)) {
    return unknown(key, `provider names are lowercase letters, digits, "_" or "-", start with a letter and are at most 64 characters`);
  }
  if (fourth === undefined) return found({ kind: 'provider', path, provider });
  if ((PROVIDER_CONNECTION_KEYS as readonly string[]).includes(fourth)) {
    if (fifth !== undefined) return unknown(key, `${fourth} has no keys beneath it`);
    return found({ kind: 'connection', path, provider, key: fourth as ProviderConnectionKey });
  }
  if (fourth !== 'tool_call') return unknown(key, `keys of model.providers.${provider}: ${[...PROVIDER_CONNECTION_KEYS, 'tool_call'].join(', ')}`);
  if (fifth === undefined) return found({ kind: 'tool-call', path, provider });
  if (extra.length > 0) return unknown(key, `${fifth} has no keys beneath it`);
  if (isToolCallSettingKey(fifth)) return found({ kind: 'setting', path, rule: TOOL_CALL_SETTINGS[fifth] });
  return unknown(key, `keys of tool_call: ${Object.keys(TOOL_CALL_SETTINGS).join(', ')}`);
}

/** `gateway`, its scalar settings, `gateway.auth_token_env`, the allowed lists, `gateway.upstream` and its keys. */
function resolveGatewayKey(key: string, path: readonly string[]): ResolveConfigKeyResult {
  const [, second, third, ...extra] = path;
  if (second === undefined) return found({ kind: 'section', path });
  if (second === 'upstream') {
    if (third === undefined) return found({ kind: 'section', path });
    if (extra.length > 0) return unknown(key, `${third} has no keys beneath it`);
    if ((GATEWAY_UPSTREAM_KEYS as readonly string[]).includes(third)) return found({ kind: 'gateway-text', path });
    return unknown(key, `keys of gateway.upstream: ${GATEWAY_UPSTREAM_KEYS.join(', ')}`);
  }
  if (third !== undefined) return unknown(key, `${second} has no keys beneath it`);
  if (Object.hasOwn(GATEWAY_SETTINGS, second)) return found({ kind: 'setting', path, rule: GATEWAY_SETTINGS[second as keyof typeof GATEWAY_SETTINGS] });
  if ((GATEWAY_KEYS as readonly string[]).includes(second)) return found({ kind: 'gateway-text', path });
  return unknown(key, `keys of gateway: ${GATEWAY_KEYS.join(', ')}`);
}

/** `license` and `license.tier`. */
function resolveLicenseKey(key: string, path: readonly string[]): ResolveConfigKeyResult {
  const [, second, third] = path;
  if (second === undefined) return found({ kind: 'section', path });
  if (third !== undefined) return unknown(key, `${second} has no keys beneath it`);
  if (Object.hasOwn(LICENSE_SETTINGS, second)) return found({ kind: 'setting', path, rule: LICENSE_SETTINGS[second as keyof typeof LICENSE_SETTINGS] });
  return unknown(key, `keys of license: ${Object.keys(LICENSE_SETTINGS).join(', ')}`);
}

function found(target: ConfigKeyTarget): ResolveConfigKeyResult {
  return { ok: true, target };
}

function unknown(key: string, hint: string): ResolveConfigKeyResult {
  return {
    ok: false,
    problem: { code: ERROR_CODES.CONFIG_UNKNOWN_KEY, key: quote(key), message: `Unknown configuration key ${quote(key)}: ${hint}` },
  };
}
