/**
 * `@acode/infrastructure/config`: the `.agent/config.yml` loader, editor and project-root lookup. Uses `yaml`
 * (a dependency). No optional peer needed.
 *
 * @packageDocumentation
 */
export type { AcodeConfig, ConfigCustomTool, ConfigWarning, ConfigWarningCode } from './acode-config.js';
export { MAX_CONFIG_ALIAS_COUNT, MAX_CONFIG_DEPTH, MAX_CONFIG_FILE_BYTES, PROJECT_CONFIG_PATH, USER_CONFIG_PATH } from './config-limits.js';
export { CUSTOM_TOOL_KEYS, type CustomToolKey } from './custom-tool-keys.js';
export { findProjectConfig } from './find-config-file.js';
export { loadConfig, type LoadConfigOptions } from './load-config.js';
export { resolveProjectRoot } from './resolve-project-root.js';
export { normalizeCategory } from './normalize-category.js';
export { describeRule, type SettingRule, type SettingValue } from './setting-rule.js';
export {
  MAX_RETRY_PROMPT_TEMPLATE_BYTES,
  PROVIDER_NAME_PATTERN,
  RETRY_PROMPT_PLACEHOLDERS,
  TOOL_CALL_SETTINGS,
  type ToolCallSettingKey,
  type ToolCallSettingRule,
} from './tool-call-settings.js';
export { TOOL_REGISTRY_SETTINGS, type ToolRegistrySettingKey } from './tool-registry-settings.js';
export {
  MAX_CONFIG_KEY_LENGTH,
  PROVIDER_CONNECTION_KEYS,
  resolveConfigKey,
  type ConfigKeyTarget,
  type ProviderConnectionKey,
  type ResolveConfigKeyResult,
} from './config-key.js';
export type { ConfigProblem, ConfigProblemCode } from './config-problem.js';
export { MAX_CONFIG_VALUE_BYTES } from './parse-config-value.js';
export { showConfig, type ConfigSection, type ConfigValue, type ShowConfigResult } from './show-config.js';
export {
  configFileToEdit,
  setConfigValue,
  type ConfigChange,
  type SetConfigValueOptions,
  type SetConfigValueResult,
} from './set-config-value.js';
export { MAX_ALLOWED_NAMES, canonicalHostName, canonicalHostPattern, canonicalOrigin } from './gateway-allowed-names.js';
export {
  ALLOWED_HOSTS_EXPECTED,
  ALLOWED_ORIGINS_EXPECTED,
  DEFAULT_GATEWAY_SETTINGS,
  DEFAULT_GATEWAY_UPSTREAM,
  GATEWAY_KEYS,
  GATEWAY_SETTINGS,
  GATEWAY_UPSTREAM_KEYS,
  type GatewaySettings,
  type GatewayUpstreamSettings,
} from './gateway-settings.js';
export {
  DEFAULT_LICENSE_SETTINGS,
  DEFAULT_LICENSE_TIER,
  LICENSE_SETTINGS,
  licenseContextOf,
  type LicenseSettings,
} from './license-settings.js';
export { MAX_MODEL_MAPPINGS, globMatches, isGlob, readModelMap, resolveModel, type ModelMapping } from './gateway-model-map.js';
export { settingEffect, sortByEffect, type SettingEffect } from './setting-effect.js';
export { changedSettings } from './changed-settings.js';
