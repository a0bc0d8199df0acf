/**
 * What the scripted model server answers to one chat request. Each kind reproduces one thing a
 * real model server does, so clients can be tested against it over real HTTP.
 */
export type ScriptStep = AnswerStep | HttpErrorStep | SlowStep | CutStreamStep | ModelMissingStep | NoToolSupportStep | RawStep;

/** A step that produces an assistant message (the ones a cut or a delay can wrap). */
export type AnswerStep = ToolCallStep | ToolCallsStep | TextStep;

/** One tool call as the script wants it sent. */
export interface ScriptedToolCall {
  /** Function name, sent as given (an unknown tool is just a name no registry holds). */
  readonly name: string;
  /**
   * Arguments. An object is sent in each format's native form (an object for Ollama, its JSON
   * text for OpenAI). A string is raw text and may be malformed JSON: OpenAI receives it
   * verbatim; Ollama receives the parsed object when the text is a JSON object, and otherwise
   * the string itself, as some Ollama-compatible servers do.
   */
  readonly arguments: string | object;
  /** The call id; `call_<request>_<index>` when left out. */
  readonly id?: string;
}

/** Token counts reported for an answer; each count left out takes the server's default. */
export interface ScriptedUsage {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
}

/** Fields every answer step may set. */
interface AnswerFields {
  /** Assistant text sent alongside (or instead of) the calls; empty by default. */
  readonly content?: string;
  /**
   * Reasoning set apart from the text, as a server with a reasoning parser sends it:
   * `reasoning_content` (OpenAI; streamed in pieces before the text) or `thinking` (Ollama). None
   * by default.
   */
  readonly reasoning?: string;
  readonly usage?: ScriptedUsage;
  /**
   * Why generation stopped, sent as `finish_reason` (OpenAI) or `done_reason` (Ollama): `length`
   * plays a model cut off at its token limit. By default `tool_calls` or `stop` (OpenAI), `stop` (Ollama).
   */
  readonly finishReason?: string;
}

/** Answer with one tool call (valid, malformed JSON, wrong types or unknown tool: the script decides). */
export interface ToolCallStep extends ScriptedToolCall, AnswerFields {
  readonly kind: 'tool_call';
}

/** Answer with several tool calls, in order. */
export interface ToolCallsStep extends AnswerFields {
  readonly kind: 'tool_calls';
  readonly calls: readonly ScriptedToolCall[];
}

/** Answer with text only, e.g. a call embedded as `<tool_call>{...}</tool_call>` that the server did not recognise. */
export interface TextStep extends AnswerFields {
  readonly kind: 'text';
  readonly content: string;
}

/** Fail with an HTTP status and the format's error body (`{"error": "..."}` or `{"error": {"message": ...}}`). */
export interface HttpErrorStep {
  readonly kind: 'http_error';
  /** HTTP status, 400 to 599. */
  readonly status: number;
  readonly message: string;
}

/** Wait before answering (before any header is sent), then play `then`. */
export interface SlowStep {
  readonly kind: 'slow';
  readonly delayMs: number;
  readonly then: ScriptStep;
}

/**
 * Send the headers and the first `afterBytes` bytes of `then`'s answer, then destroy the socket:
 * a connection dropped mid-stream (or mid-body, for a non-streaming request).
 */
export interface CutStreamStep {
  readonly kind: 'cut_stream';
  /**
   * Body bytes sent before the cut; half the body when left out. Kept below the body's length,
   * so the cut always loses something.
   */
  readonly afterBytes?: number;
  readonly then: AnswerStep;
}

/** The requested model is not installed: Ollama 404 `model 'x' not found`, OpenAI 404 `model_not_found`. */
export interface ModelMissingStep {
  readonly kind: 'model_missing';
}

/** The model has no tool support: Ollama's 400 `registry.ollama.ai/library/x does not support tools`. */
export interface NoToolSupportStep {
  readonly kind: 'no_tool_support';
}

/**
 * Answer with exactly this status, content type and body, whatever the format and whether the
 * request asked for a stream: a server that answers garbage (a 200 whose body is not JSON, or
 * JSON that is not a chat answer), or anything else no other step produces. The body is sent in
 * one write with its `Content-Length`.
 */
export interface RawStep {
  readonly kind: 'raw';
  /** HTTP status, 200 to 599. */
  readonly status: number;
  /** The `Content-Type` header, sent as given (e.g. `application/json`, `text/html`). */
  readonly contentType: string;
  /** The body, sent as UTF-8 bytes, unchanged. */
  readonly body: string;
}
