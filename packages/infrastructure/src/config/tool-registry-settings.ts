import { DEFAULT_TOOL_REGISTRY_OPTIONS } from '@acode/application';
import type { SettingRule, SettingValue } from './setting-rule.js';

const limits = DEFAULT_TOOL_REGISTRY_OPTIONS.limits;
const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Every scalar key of `tool_registry:` with its type, range and default (000 "Configuration
 * Options", decision 10). The one place a setting is declared; the loader only walks this table.
 * List keys (`custom_tools`, `disabled_tools`) are handled by the loader itself.
 */
export const TOOL_REGISTRY_SETTINGS = Object.freeze({
  strict_mode: {
    type: 'boolean',
    default: true,
    unsupported: {
      value: false,
      severity: 'error',
      reason: 'strict validation cannot be turned off; remove the key or set it to true',
    },
  },
  max_schema_size: { type: 'integer', min: KiB, max: MiB, unit: 'bytes', default: limits.maxSchemaSizeBytes },
  max_schema_depth: { type: 'integer', min: 1, max: 64, unit: 'levels', default: limits.maxSchemaDepth },
  max_argument_size: { type: 'integer', min: KiB, max: 16 * MiB, unit: 'bytes', default: limits.maxArgumentSizeBytes },
  max_argument_depth: { type: 'integer', min: 1, max: 256, unit: 'levels', default: limits.maxArgumentDepth },
  max_errors: { type: 'integer', min: 1, max: 200, default: limits.maxValidationErrors },
  pattern_timeout_ms: { type: 'integer', min: 1, max: 10_000, unit: 'ms', default: limits.patternTimeoutMs },
  cache_compiled_schemas: {
    type: 'boolean',
    default: true,
    unsupported: {
      value: false,
      severity: 'warning',
      reason: 'compiled schemas are always cached; the setting is ignored',
    },
  },
  validation_failure_log_level: {
    type: 'enum',
    values: ['debug', 'info', 'warning', 'warn', 'error'],
    default: DEFAULT_TOOL_REGISTRY_OPTIONS.validationFailureLogLevel,
  },
  include_actual_values: { type: 'boolean', default: DEFAULT_TOOL_REGISTRY_OPTIONS.includeActualValues },
} satisfies Record<string, SettingRule>);

/** A scalar key of `tool_registry:`. */
export type ToolRegistrySettingKey = keyof typeof TOOL_REGISTRY_SETTINGS;

/** The checked values of the keys a file sets. */
export type ToolRegistrySettings = Partial<Record<ToolRegistrySettingKey, SettingValue>>;

/** True when `key` is a scalar key of `tool_registry:`. */
export function isToolRegistrySettingKey(key: string): key is ToolRegistrySettingKey {
  return Object.hasOwn(TOOL_REGISTRY_SETTINGS, key);
}
