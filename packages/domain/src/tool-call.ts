import type { JsonObject } from './json-value.js';
import type { RepairName } from './json-repair.js';

/**
 * Where a tool call was found: a structured field of a server's response, a stream, or text the
 * model wrote into its content that the server's template did not recognise.
 */
export const TOOL_CALL_SOURCES = Object.freeze([
  'ollama',
  'openai',
  'ollama_stream',
  'openai_stream',
  'content_tool_call_tag',
  'content_fenced_json',
  'content_tool_calls_marker',
  'content_python_tag',
  // Issue 12: one source per text-call format family (see TEXT_CALL_FORMATS).
  'content_bare_json',
  'content_function_tag',
  'content_qwen3_xml',
  'content_pythonic',
  'content_deepseek',
  'content_kimi',
  'content_glm',
  'content_minimax',
  'content_harmony',
  'content_granite',
  'content_command_r',
  'content_functools',
  'content_functionary',
  'content_internlm',
  'content_jamba',
  'content_xlam',
  'content_nemotron',
  'content_apertus',
  'content_lfm2',
  'content_functiongemma',
] as const);

/**
 * The formats of tool calls written into the assistant's text that the parser recognises (issue
 * 12), in their default order of precedence. Each has one extractor under
 * `infrastructure/src/tool-calls/content/`, and its calls carry the source `content_<format>`.
 * `model.providers.<p>.tool_call.text_formats` may pin a list (its order is the priority).
 */
export const TEXT_CALL_FORMATS = Object.freeze([
  'tool_call_tag',
  'tool_calls_marker',
  'python_tag',
  'function_tag',
  'qwen3_xml',
  'deepseek',
  'kimi',
  'glm',
  'minimax',
  'harmony',
  'granite',
  'command_r',
  'functools',
  'functionary',
  'internlm',
  'jamba',
  'xlam',
  'nemotron',
  'apertus',
  'lfm2',
  'functiongemma',
  'pythonic',
  'fenced_json',
  'bare_json',
] as const);

/** One of {@link TEXT_CALL_FORMATS}. */
export type TextCallFormat = (typeof TEXT_CALL_FORMATS)[number];

/** One of {@link TOOL_CALL_SOURCES}. */
export type ToolCallSource = (typeof TOOL_CALL_SOURCES)[number];

/** A tool call as a model server delivered it, before its arguments are parsed. */
export interface RawToolCall {
  /** Position of the call in the response (0-based), as the server numbered it or as found. */
  readonly index: number;
  /** The server's id, when it sent one. */
  readonly id?: string;
  /** The function name as sent; may be missing or not a string. */
  readonly name?: unknown;
  /** Arguments as sent: a JSON string (OpenAI), an object (Ollama), or anything else a server got wrong. */
  readonly arguments?: unknown;
  /** Where it was found. */
  readonly source: ToolCallSource;
  /**
   * True when the model's output was cut off before this call was complete (a stream that ended
   * without its end marker, finish reason `length`): its arguments are what arrived. The parser
   * refuses it with ACODE-TLP-010 whatever a repair could close, so a cut call never runs.
   */
  readonly incomplete?: boolean;
}

/** A tool call whose arguments parsed (and, in a parse result, validated). */
export interface ToolCall {
  /** The server's id, or a generated `call_` id. Unique within one response. */
  readonly id: string;
  /** Canonical tool name (an alias resolves to its tool). */
  readonly name: string;
  /** Parsed arguments; in a validated call, with the schema's defaults applied. */
  readonly arguments: JsonObject;
  /** Position of the call in the response, 0-based; calls keep the model's order. */
  readonly index: number;
  /** Where it was found. */
  readonly source: ToolCallSource;
  /** The name the model used, when it was an alias or differed in case. */
  readonly requestedName?: string;
  /** Version of the tool it validated against. */
  readonly version?: string;
  /** Repairs applied to its arguments text; empty when the JSON was valid as sent. */
  readonly repairs: readonly RepairName[];
  /**
   * The arguments text exactly as the model sent it, present only when it holds a number that
   * re-serialising `arguments` would write differently (`1.0`, `1e3`, an integer beyond 2^53)
   * and the value passed unrepaired and unchanged: what a gateway hands back, so the client
   * reads the numbers the model wrote.
   */
  readonly argumentsText?: string;
}
