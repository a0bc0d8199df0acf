import type { TextCallFormat } from './tool-call.js';
/**
 * Settings of tool-call parsing and retry for one provider, read from
 * `model.providers.<provider>.tool_call` (002's keys, defaults and ranges).
 */
export interface ToolCallSettings {
  /** Attempts including the first, 1..10 (002: "including initial attempt"). */
  readonly maxRetries: number;
  /** Base delay before a retry, in ms; backoff is `retryDelayMs * 2^attempt`. 0..60000. */
  readonly retryDelayMs: number;
  /** Repair malformed JSON before asking the model again. */
  readonly enableAutoRepair: boolean;
  /** Budget of one repair, in ms, 1..10000. */
  readonly repairTimeoutMs: number;
  /** Validate arguments against the registry (strict); cannot be turned off. */
  readonly strictValidation: boolean;
  /** Deepest nesting of arguments, 1..256. */
  readonly maxNestingDepth: number;
  /** Largest arguments text in bytes, 1 KiB..16 MiB. */
  readonly maxArgumentSize: number;
  /** Log what each repair did, at debug. */
  readonly logRepairDetails: boolean;
  /** Log argument values, at debug only, scrubbed of secret-looking values. */
  readonly logArgumentValues: boolean;
  /**
   * Template of the retry message (placeholders `{failure_summary}`, `{error_type}`,
   * `{error_position}`, ...). A template without `{failure_summary}` still works; it just does not
   * say in its own words what failed.
   */
  readonly retryPromptTemplate: string;
  /** Look for calls written into the assistant's text when there are no structured ones. */
  readonly extractFromContent: boolean;
  /**
   * The text-call formats to look for, in priority order (issue 12); `undefined` detects every
   * known format from its markers.
   */
  readonly textFormats?: readonly TextCallFormat[];
  /**
   * Send tools to the model in OpenAI strict form (optional properties required and nullable), and
   * read a `null` for such a property as absent. Off by default: `null` is refused unless declared.
   */
  readonly strictSchemas: boolean;
}

/**
 * 002's retry prompt template. Its first line, 002's "The tool call arguments you provided contain
 * invalid JSON.", is `{failure_summary}`, which names the failure (invalid JSON, schema violation,
 * truncated output, unknown tool), so a schema or truncation failure is not called invalid JSON.
 */
export const DEFAULT_RETRY_PROMPT_TEMPLATE = [
  '{failure_summary}',
  '',
  'Error: {error_type} at position {error_position}',
  'Details: {error_message}',
  '',
  'Your previous output:',
  '```json',
  '{malformed_json}',
  '```',
  '',
  "Expected format for '{tool_name}' tool:",
  '```json',
  '{schema_example}',
  '```',
  '',
  "Please provide corrected JSON arguments for the '{tool_name}' tool.",
  'Do not include any explanation, only the corrected JSON object.',
].join('\n');

/** 002's defaults, plus `extractFromContent: true` and `strictSchemas: false`. */
export const DEFAULT_TOOL_CALL_SETTINGS: ToolCallSettings = Object.freeze({
  maxRetries: 3,
  retryDelayMs: 100,
  enableAutoRepair: true,
  repairTimeoutMs: 100,
  strictValidation: true,
  maxNestingDepth: 64,
  maxArgumentSize: 1024 * 1024,
  logRepairDetails: true,
  logArgumentValues: false,
  retryPromptTemplate: DEFAULT_RETRY_PROMPT_TEMPLATE,
  extractFromContent: true,
  strictSchemas: false,
});

/** Inclusive ranges of the numeric settings; out-of-range values are configuration errors. */
export const TOOL_CALL_SETTING_RANGES = Object.freeze({
  maxRetries: Object.freeze({ min: 1, max: 10 }),
  retryDelayMs: Object.freeze({ min: 0, max: 60_000 }),
  repairTimeoutMs: Object.freeze({ min: 1, max: 10_000 }),
  maxNestingDepth: Object.freeze({ min: 1, max: 256 }),
  maxArgumentSize: Object.freeze({ min: 1024, max: 16 * 1024 * 1024 }),
});
