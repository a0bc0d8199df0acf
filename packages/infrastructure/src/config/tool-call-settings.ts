import { DEFAULT_TOOL_CALL_SETTINGS, TEXT_CALL_FORMATS, TOOL_CALL_SETTING_RANGES, type ToolCallSettings } from '@acode/domain';
import type { SettingRule } from './setting-rule.js';

/** A `tool_call:` rule and the `ToolCallSettings` field its key fills. */
export type ToolCallSettingRule = SettingRule & { readonly field: keyof ToolCallSettings };

/** Largest `retry_prompt_template`, in UTF-8 bytes: it is sent to the model on every retry. */
export const MAX_RETRY_PROMPT_TEMPLATE_BYTES = 8 * 1024;

/** The placeholders a retry prompt template may use (002 FR-055); the retry prompt fills them in. */
export const RETRY_PROMPT_PLACEHOLDERS = Object.freeze([
  'failure_summary',
  'error_type',
  'error_position',
  'error_message',
  'malformed_json',
  'tool_name',
  'schema_example',
] as const);

/**
 * Provider names under `model.providers`: lowercase, starting with a letter, at most 64
 * characters (`ollama`, `openai-compatible`, `lm_studio`).
 */
export const PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

const defaults = DEFAULT_TOOL_CALL_SETTINGS;
const ranges = TOOL_CALL_SETTING_RANGES;

/**
 * Every key of `model.providers.<provider>.tool_call:` with its type, range and default (002
 * "Configuration Reference", plus `extract_from_content`, `strict_schemas` and `text_formats`). Checked by the
 * same machinery as `tool_registry:`; defaults and ranges come from the domain so the catalog and
 * the loader agree.
 */
export const TOOL_CALL_SETTINGS = Object.freeze({
  max_retries: { field: 'maxRetries', type: 'integer', ...ranges.maxRetries, unit: 'attempts, including the first', default: defaults.maxRetries },
  retry_delay_ms: { field: 'retryDelayMs', type: 'integer', ...ranges.retryDelayMs, unit: 'ms', default: defaults.retryDelayMs },
  enable_auto_repair: { field: 'enableAutoRepair', type: 'boolean', default: defaults.enableAutoRepair },
  repair_timeout_ms: { field: 'repairTimeoutMs', type: 'integer', ...ranges.repairTimeoutMs, unit: 'ms', default: defaults.repairTimeoutMs },
  strict_validation: {
    field: 'strictValidation',
    type: 'boolean',
    default: defaults.strictValidation,
    unsupported: {
      value: false,
      severity: 'error',
      reason: 'tool-call arguments are always validated strictly; remove the key or set it to true',
    },
  },
  max_nesting_depth: { field: 'maxNestingDepth', type: 'integer', ...ranges.maxNestingDepth, unit: 'levels', default: defaults.maxNestingDepth },
  max_argument_size: { field: 'maxArgumentSize', type: 'integer', ...ranges.maxArgumentSize, unit: 'bytes', default: defaults.maxArgumentSize },
  log_repair_details: { field: 'logRepairDetails', type: 'boolean', default: defaults.logRepairDetails },
  log_argument_values: { field: 'logArgumentValues', type: 'boolean', default: defaults.logArgumentValues },
  retry_prompt_template: {
    field: 'retryPromptTemplate',
    type: 'string',
    maxBytes: MAX_RETRY_PROMPT_TEMPLATE_BYTES,
    placeholders: RETRY_PROMPT_PLACEHOLDERS,
    default: defaults.retryPromptTemplate,
  },
  extract_from_content: { field: 'extractFromContent', type: 'boolean', default: defaults.extractFromContent },
  strict_schemas: { field: 'strictSchemas', type: 'boolean', default: defaults.strictSchemas },
  // Issue 12: which text-call formats are looked for, in priority order; unset means all of them.
  text_formats: { field: 'textFormats', type: 'list', values: TEXT_CALL_FORMATS, default: TEXT_CALL_FORMATS },
} satisfies Record<string, ToolCallSettingRule>);

/** A key of `tool_call:`. */
export type ToolCallSettingKey = keyof typeof TOOL_CALL_SETTINGS;

/** True when `key` is a key of `tool_call:`. */
export function isToolCallSettingKey(key: string): key is ToolCallSettingKey {
  return Object.hasOwn(TOOL_CALL_SETTINGS, key);
}
