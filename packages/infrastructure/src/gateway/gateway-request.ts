import type { ChatMessage, JsonValue, TokenUsage } from '@acode/domain';

/** The two wire formats the gateway speaks upstream, and the ones its request parameters are written in. */
export type GatewayWire = 'openai' | 'ollama';

/** A tool as a client declared it in its request: the wire's own name and schema, not yet checked. */
export interface GatewayTool {
  /** Its index in the request's `tools` (other kinds of tool included), for the pointers of warnings; its index in the list when left out. */
  readonly position?: number;
  /** The name on the wire (OpenAI allows `^[a-zA-Z0-9_-]{1,64}$`); answers use it again. */
  readonly wireName: string;
  /** Its description, `''` when the client sent none. */
  readonly description: string;
  /** The JSON Schema of its arguments as sent (any dialect; normalised by the tool contract). */
  readonly parameters: unknown;
  /** OpenAI's `strict: true` on the function, when the client set it. */
  readonly strict?: boolean;
  /**
   * A Responses `custom` tool (free-form input): sent upstream as a function with one string
   * parameter `input`, and its calls answered as `custom_tool_call` with that string.
   */
  readonly custom?: boolean;
  /** A function of a Responses `namespace` tool: its namespace and own name, {@link wireName} being the flat name the model sees. */
  readonly namespace?: { readonly namespace: string; readonly name: string };
}

/**
 * A client's chat request read from its wire (OpenAI `POST /v1/chat/completions` or Ollama
 * `POST /api/chat`), in the project's neutral form plus what must reach the upstream untouched.
 */
export interface GatewayRequest {
  /** The wire {@link parameters} are written in: the client's for the two chat fronts, `openai` for the fronts that map theirs (Anthropic Messages, Responses). */
  readonly wire: GatewayWire;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  /** The request's function tools, in its order; empty when it declared none. */
  readonly tools: readonly GatewayTool[];
  /** Tools of other kinds (`web_search`, `custom`...), left out of the upstream request; warned about, never refused. */
  readonly ignoredTools?: ReadonlyArray<{ readonly field: string; readonly type: string }>;
  /** Whether the client asked for a stream. */
  readonly stream: boolean;
  /**
   * Every other top-level field of the client's body (`temperature`, `max_tokens`, `options`,
   * `response_format`, `tool_choice`, `keep_alive`...), verbatim: forwarded to an upstream of the
   * same wire unchanged, and mapped where a field has a counterpart on the other wire.
   */
  readonly parameters: Readonly<Record<string, JsonValue>>;
  /** Responses: the stored response this one continues (`previous_response_id`); the route puts its conversation before {@link messages}. */
  readonly previousResponseId?: string;
  /** Responses: whether the answer is kept for a later `previous_response_id` and `GET /v1/responses/{id}` (`store`, `true` by default as the API has it). */
  readonly store?: boolean;
  /** Fields of the client's body its front writes back in the answer (Responses' `instructions`, `tools`, `metadata`…), verbatim. */
  readonly echo?: Readonly<Record<string, JsonValue>>;
}

/** A tool call of the gateway's answer: validated, with the client's own tool name. */
export interface GatewayToolCall {
  /** The call's id (`call_...`); Ollama's wire carries none, and writers for it leave it out. */
  readonly id: string;
  /** The tool's name as the client declared it (its wire name, not the registry's). */
  readonly wireName: string;
  /** The validated arguments, exactly as the model sent them (or as repaired): no schema default is written in. */
  readonly arguments: Readonly<Record<string, JsonValue>>;
  /** The model's own arguments text, when re-serialising {@link arguments} would rewrite a number (`1.0`): the OpenAI wire sends it as it came. */
  readonly argumentsText?: string;
}

/** The one answer the client receives, whatever happened upstream. */
export interface GatewayAnswer {
  /** The model name to report (the upstream's, else the requested one). */
  readonly model: string;
  /** Assistant text, with calls written in it removed. */
  readonly content: string;
  /** Reasoning set apart (`reasoning_content` on OpenAI, `thinking` on Ollama); absent when none. */
  readonly reasoning?: string;
  readonly toolCalls: readonly GatewayToolCall[];
  /** `tool_calls` when there are calls, else the upstream's reason (`stop`, `length`...). */
  readonly finishReason: string;
  /** Summed over every upstream request of this answer. */
  readonly usage: TokenUsage;
}
