export type { AcodeConfig, ConfigCustomTool, ConfigWarning, ConfigWarningCode } from './acode-config.js';
export { MAX_CONFIG_ALIAS_COUNT, MAX_CONFIG_DEPTH, MAX_CONFIG_FILE_BYTES, PROJECT_CONFIG_PATH, USER_CONFIG_PATH } from './config-limits.js';
export { CUSTOM_TOOL_KEYS, type CustomToolKey } from './custom-tool-keys.js';
export { findProjectConfig } from './find-config-file.js';
export { loadConfig, type LoadConfigOptions } from './load-config.js';
export { normalizeCategory } from './normalize-category.js';
export { TOOL_REGISTRY_SETTINGS, type SettingRule, type ToolRegistrySettingKey } from './tool-registry-settings.js';
