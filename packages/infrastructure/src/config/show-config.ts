import type { AcodeConfig } from './acode-config.js';
import { PROVIDER_CONNECTION_KEYS, resolveConfigKey, type ConfigKeyTarget } from './config-key.js';
import { configProblemOf, type ConfigProblem } from './config-problem.js';
import { gatewayConfigSection, gatewayUpstreamSection } from './gateway-config-value.js';
import { licenseConfigSection } from './license-settings.js';
import { readConnectionSettings } from './provider-connection.js';
import { PROVIDER_TIMEOUT_MS } from '../model-clients/provider-settings.js';
import { PROVIDER_NAME_PATTERN, TOOL_CALL_SETTINGS } from './tool-call-settings.js';

/** A value of the effective configuration: what YAML and JSON can both say. */
export type ConfigValue = string | number | boolean | null | readonly ConfigValue[] | { readonly [key: string]: ConfigValue };

/** A section of the effective configuration, keys in the file's spelling. */
export type ConfigSection = { readonly [key: string]: ConfigValue };

/** The outcome of {@link showConfig}. */
export type ShowConfigResult =
  | {
      readonly ok: true;
      /** The dotted key shown; empty for the whole configuration. */
      readonly key: string;
      /** What the key names, so a caller can pick a layout (a section, a setting). */
      readonly target: ConfigKeyTarget;
      /** The value in effect; `undefined` for a key that is neither set nor has a default (a provider's `model`). */
      readonly value: ConfigValue | undefined;
    }
  | { readonly ok: false; readonly problem: ConfigProblem };

/**
 * The configuration in effect under `key` (all of it when absent): `tool_registry.*` and every
 * `model.providers.<p>.tool_call.*` with defaults filled in, custom tools by name, providers'
 * connection settings with their defaults, `gateway.*` with its defaults, and `license.tier`. A provider that is not configured shows the
 * defaults it would get, so `model.providers.ollama.tool_call` always answers (002). Only known
 * keys are shown: an unknown key in the file (which might hold a pasted secret) never is.
 * An unknown key is ACODE-CFG-003; a provider whose connection settings are wrong, ACODE-CFG-002.
 */
export function showConfig(config: AcodeConfig, key = ''): ShowConfigResult {
  const resolved = resolveConfigKey(key);
  if (!resolved.ok) return resolved;
  const { target } = resolved;
  try {
    return { ok: true, key, target, value: valueOf(config, target) };
  } catch (error) {
    const problem = configProblemOf(error, config.files.at(-1));
    if (problem === undefined) throw error;
    return { ok: false, problem };
  }
}

function valueOf(config: AcodeConfig, target: ConfigKeyTarget): ConfigValue | undefined {
  const [section, second, , fourth, fifth] = target.path;
  switch (target.kind) {
    case 'root':
      return {
        tool_registry: registrySection(config),
        model: { providers: providersSection(config) },
        gateway: gatewaySection(config),
        license: licenseConfigSection(config.license),
      };
    case 'section':
      if (section === 'tool_registry') return registrySection(config);
      if (section === 'gateway') return second === undefined ? gatewaySection(config) : gatewayUpstreamSection(config.gateway.upstream);
      if (section === 'license') return licenseConfigSection(config.license);
      return second === undefined ? { providers: providersSection(config) } : providersSection(config);
    case 'provider':
      return providerSection(config, target.provider);
    case 'tool-call':
      return toolCallSection(config, target.provider);
    case 'connection':
      return readConnectionSettings(config.model, target.provider)[target.key];
    case 'setting':
      if (section === 'gateway') return gatewaySection(config)[second!];
      if (section === 'license') return licenseConfigSection(config.license)[second as 'tier'];
      return section === 'tool_registry' ? registrySection(config)[second!] : toolCallSection(config, target.path[2]!)[fifth ?? fourth!];
    case 'gateway-text':
      return second === 'upstream' ? gatewayUpstreamSection(config.gateway.upstream)[target.path[2]!] : gatewaySection(config)[second!];
    case 'tool-names':
    case 'custom-tools':
      return registrySection(config)[second!];
  }
}

/** `gateway:` in effect; `timeout_ms` unset shows the upstream's own timeout, which is what applies. */
function gatewaySection(config: AcodeConfig): Record<string, ConfigValue> {
  return gatewayConfigSection(config.gateway, upstreamTimeoutMs(config));
}

/** The timeout of the upstream when `gateway.timeout_ms` is unset: its provider's, or the model clients' default. */
function upstreamTimeoutMs(config: AcodeConfig): number {
  const upstream = config.gateway.upstream;
  if (!('provider' in upstream)) return PROVIDER_TIMEOUT_MS.default;
  try {
    const timeout = readConnectionSettings(config.model, upstream.provider)['timeout_ms'];
    return typeof timeout === 'number' ? timeout : PROVIDER_TIMEOUT_MS.default;
  } catch {
    // A provider with a wrong setting is reported where it is shown (model.providers); here the default stands in.
    return PROVIDER_TIMEOUT_MS.default;
  }
}

function registrySection(config: AcodeConfig): ConfigSection {
  return {
    ...config.registrySettings,
    disabled_tools: [...config.registry.disabledTools],
    custom_tools: config.customTools.map(({ definition }) => customToolName(definition)),
  };
}

/** A custom tool's name as written; the registry reports entries without a usable one. */
function customToolName(definition: unknown): string {
  const name = definition !== null && typeof definition === 'object' ? (definition as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : '(unnamed)';
}

function providersSection(config: AcodeConfig): ConfigSection {
  const providers: Record<string, ConfigValue> = {};
  for (const name of configuredProviders(config)) {
    // defineProperty: a name such as `constructor` stays a plain data key.
    Object.defineProperty(providers, name, { value: providerSection(config, name), enumerable: true });
  }
  return providers;
}

/** Providers the files mention, in the order written. */
function configuredProviders(config: AcodeConfig): string[] {
  const model = config.model;
  const written =
    model !== null && typeof model === 'object' && Object.hasOwn(model, 'providers') ? (model as { providers: unknown }).providers : undefined;
  const names = written !== null && typeof written === 'object' && !Array.isArray(written) ? Object.keys(written) : [];
  return [...new Set([...names, ...Object.keys(config.toolCall)])].filter((name) => PROVIDER_NAME_PATTERN.test(name));
}

function providerSection(config: AcodeConfig, provider: string): ConfigSection {
  const connection = readConnectionSettings(config.model, provider);
  const ordered: Record<string, ConfigValue> = {};
  // Every key, `null` for one with no value (a model not named, no API key): `config show` lists all of them.
  for (const key of PROVIDER_CONNECTION_KEYS) ordered[key] = connection[key] ?? null;
  return { ...ordered, tool_call: toolCallSection(config, provider) };
}

function toolCallSection(config: AcodeConfig, provider: string): ConfigSection {
  const written = Object.hasOwn(config.toolCall, provider) ? config.toolCall[provider] : undefined;
  const section: Record<string, ConfigValue> = {};
  for (const [key, rule] of Object.entries(TOOL_CALL_SETTINGS)) section[key] = written?.[rule.field] ?? rule.default;
  return section;
}
