import type { JsonSchemaObject, RepairName, ToolCallSource } from '@acode/domain';

/**
 * A call an extractor read itself: formats whose body is not one JSON envelope (pythonic calls,
 * XML parameters, `NAME[ARGS]{...}`, `functions.NAME:0`...).
 */
export interface ContentCall {
  /** The tool name as written. */
  readonly name: unknown;
  /** The arguments as written: JSON text (decoded and repaired like any arguments), or a value already read. */
  readonly arguments?: unknown;
  /**
   * Raw text values by parameter name (Qwen3-Coder, GLM, MiniMax XML): typed by the tool's schema
   * (see `type-parameter-values.ts`); when present, `arguments` is ignored.
   */
  readonly parameterText?: Readonly<Record<string, string>>;
  /** The call id the text carries (`[CALL_ID]`, Kimi's `functions.NAME:0`), if any. */
  readonly id?: string;
}

/** Where an extractor found what looks like a tool call written in the assistant's text. */
export interface ContentSpan {
  /** Offset of the first character to remove from the content (the opening marker). */
  readonly start: number;
  /** Offset after the last character to remove (the closing marker). */
  readonly end: number;
  /** The JSON text between the markers: one call object `{name, arguments|parameters}`, or an array of them. */
  readonly body?: string;
  /** The calls the extractor read itself; when set, `body` is not decoded. */
  readonly calls?: readonly ContentCall[];
  /**
   * Why a marked span could not be read into calls (a pythonic call with a syntax error, an XML
   * call without a name): it becomes a failed, retryable call. `raw` is what the model wrote.
   */
  readonly failure?: { readonly message: string; readonly raw: string; readonly name?: string };
  readonly source: ToolCallSource;
  /**
   * True when the markers alone say "this is a tool call" (`<tool_call>`, `[TOOL_CALLS]`,
   * `<|python_tag|>`): a body that does not decode is then a failed call. An unmarked span (a
   * fenced json block, bare JSON) is only a call when its body decodes to call envelopes;
   * otherwise it stays text.
   */
  readonly marked: boolean;
  /** True when the closing marker never came: the body runs to the end of the content. */
  readonly incomplete?: boolean;
  /**
   * True when nothing closes the calls (bare `f(a=1)` lines, separate bare JSON objects, Granite's
   * `<function_call>` runs): when the output was cut (finish reason `length`), its last call may
   * be the one cut, and is refused as such.
   */
  readonly open?: boolean;
  /** What the extractor read beyond the format's syntax (an unescaped apostrophe...), carried to the span's calls. */
  readonly repairs?: readonly RepairName[];
}

/** What extractors may ask about the request. */
export interface ExtractionContext {
  /**
   * True when `name` is a declared tool (an alias or another case included). Unmarked formats
   * (bare JSON, pythonic, fenced blocks) only count a call whose name passes: JSON or code that
   * names no tool is text.
   */
  readonly isKnownTool: (name: string) => boolean;
  /** The parameters schema of a declared tool, for typing XML parameter values. */
  readonly toolSchema: (name: string) => JsonSchemaObject | undefined;
  /**
   * True when the text read is the end of a message whose beginning went out already (a stream):
   * shapes that count only as the whole message or its opening (bare calls, quoted calls, pairs,
   * Functionary's and xLAM's leading call) are then text; a tail after prose still counts.
   */
  readonly afterText?: boolean;
}

/** A context that knows no tool: only marked spans are calls. */
export const NO_TOOLS_CONTEXT: ExtractionContext = Object.freeze({ isKnownTool: () => false, toolSchema: () => undefined });

/**
 * Finds the spans of one format in the content, in order. Must run in time linear in the content
 * (indexOf-based scanning, no backtracking regular expressions).
 */
export type ContentExtractor = (content: string, context: ExtractionContext) => ContentSpan[];
