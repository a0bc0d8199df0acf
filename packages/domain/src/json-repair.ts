import type { ErrorCode } from './error-codes.js';

/**
 * The names of the repairs the JSON repairer and the tool-call parser can apply, as they appear in
 * `RepairResult.repairs`, `ToolCall.repairs`, logs and telemetry. The first seven are 002's
 * heuristics; then other damage local models emit in the text; then those the parser makes on
 * arguments (several calls in one string, envelopes, double encoding, strict mode's nulls, plain
 * text or XML parameters read by the tool's schema), never by the text repairer.
 */
export const REPAIR_NAMES = Object.freeze([
  'trailing_comma',
  'missing_closing_brace',
  'missing_closing_bracket',
  'single_quotes',
  'unquoted_keys',
  'truncated_string',
  'unescaped_inner_quotes',
  'markdown_fence',
  'comments',
  'python_literals',
  'curly_quotes',
  'missing_comma',
  'surrounding_text',
  // Issue 11: damage quoted in public issue threads, and what the parser does beyond the text.
  'raw_control_character',
  'invalid_escape',
  'literal_escape_whitespace',
  'trailing_markup',
  'escaped_quotes',
  'missing_opening_quote',
  'concatenated_calls_split',
  'duplicate_call_collapsed',
  'envelope_unwrapped',
  'double_encoded',
  'stringified_json_value',
  'strict_null_omitted',
  'plain_text_arguments',
  'xml_parameters',
] as const);

/** One of {@link REPAIR_NAMES}. */
export type RepairName = (typeof REPAIR_NAMES)[number];

/** Why a repair did not produce valid JSON. */
export interface RepairError {
  /** `ACODE-TLP-003` (could not repair) or `ACODE-TLP-007` (ran past the time budget). */
  readonly code: ErrorCode;
  /** What stopped the repair. */
  readonly message: string;
  /** Zero-based character offset in the original text, when one position is to blame. */
  readonly position?: number;
}

/** What the JSON repairer did with one text (002 FR-035..039). */
export interface RepairResult {
  /** False when the text was valid JSON already (it comes back untouched) or repair is off. */
  readonly attempted: boolean;
  /** True when `repaired` is valid JSON (or the text was valid to begin with). */
  readonly success: boolean;
  /** The text as received. */
  readonly original: string;
  /** The repaired text; present when `success` is true. */
  readonly repaired?: string;
  /** The repairs applied, in the order first applied, each named once. Empty for valid input. */
  readonly repairs: readonly RepairName[];
  /** Present when `success` is false. */
  readonly error?: RepairError;
}
