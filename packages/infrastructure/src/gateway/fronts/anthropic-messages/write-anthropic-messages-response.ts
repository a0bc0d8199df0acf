import type { JsonValue } from '@acode/domain';
import type { GatewayAnswer, GatewayToolCall } from '../../gateway-request.js';
import type { AnswerIdentity, FrontError, FrontStream } from '../gateway-front.js';

/** The stop reasons the gateway writes (Anthropic's `stop_sequence` and `pause_turn` it cannot tell). */
export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'tool_use' | 'refusal';

/** One block of an answer's `content`. */
export type AnthropicContentBlock =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Readonly<Record<string, JsonValue>> };

/** Token counts as Anthropic reports them. */
export interface AnthropicUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
}

/** The `message` object of a whole (non-streamed) answer. */
export interface AnthropicMessage {
  readonly id: string;
  readonly type: 'message';
  readonly role: 'assistant';
  readonly model: string;
  readonly content: AnthropicContentBlock[];
  readonly stop_reason: AnthropicStopReason;
  readonly stop_sequence: null;
  readonly usage: AnthropicUsage;
}

/** An error body (`{type: "error", error: {...}}`), whole or as a stream's `error` event. */
export interface AnthropicErrorBody {
  readonly type: 'error';
  readonly error: {
    /** Anthropic's own error type (see {@link anthropicErrorType}). */
    readonly type: string;
    /** `<ACODE code>: <message>`, so a client that shows only the message shows the code. */
    readonly message: string;
    /** The ACODE code again, machine-readable (Anthropic's SDK keeps unknown fields). */
    readonly code: string;
    /** Every problem when there are several. */
    readonly errors?: FrontError['errors'];
  };
}

/**
 * The answer as Anthropic's `message`: a `thinking` block when there was reasoning (with an empty
 * `signature`: the gateway cannot sign, and it ignores signatures it is sent back), a `text` block
 * when there is text, then one `tool_use` block per call, with the client's own tool name and the
 * arguments as `input`. The model reported is the answer's (the upstream's).
 */
export function anthropicMessage(answer: GatewayAnswer, identity: Pick<AnswerIdentity, 'id'>): AnthropicMessage {
  const content: AnthropicContentBlock[] = [];
  if (answer.reasoning !== undefined && answer.reasoning !== '') content.push({ type: 'thinking', thinking: answer.reasoning, signature: '' });
  if (answer.content !== '') content.push({ type: 'text', text: answer.content });
  answer.toolCalls.forEach((call, index) => content.push({ type: 'tool_use', id: anthropicToolUseId(call, index, identity.id), name: call.wireName, input: call.arguments }));
  return {
    id: identity.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content,
    stop_reason: anthropicStopReason(answer),
    stop_sequence: null,
    usage: usageOf(answer),
  };
}

/**
 * The stop reason to report: `tool_use` when there are calls, `max_tokens` for `length`,
 * `refusal` for `content_filter`, else `end_turn`. The gateway knows only the upstream's finish
 * reason, which does not say whether a stop sequence ended the text, so `stop_sequence` is never
 * written.
 */
export function anthropicStopReason(answer: GatewayAnswer): AnthropicStopReason {
  if (answer.toolCalls.length > 0) return 'tool_use';
  if (answer.finishReason === 'length') return 'max_tokens';
  return answer.finishReason === 'content_filter' ? 'refusal' : 'end_turn';
}

/**
 * A call's id on the Anthropic wire: its own, or for a call that has none (an Ollama upstream)
 * `toolu_` and a name derived from the message id and the call's index, so the same answer always
 * gets the same ids and the client can answer each with a `tool_result`.
 */
export function anthropicToolUseId(call: GatewayToolCall, index: number, messageId: string): string {
  return call.id !== '' ? call.id : `toolu_${messageId.replace(/[^A-Za-z0-9]/g, '').slice(-24)}_${index}`;
}

/**
 * Anthropic's `error.type` for a gateway error: a refused request is an `invalid_request_error`,
 * a bad token an `authentication_error`, a busy gateway an `overloaded_error`, a deadline
 * Anthropic's own 504 `timeout_error`; a failing upstream or a call the model could not get right
 * is the server's fault, an `api_error`.
 */
export function anthropicErrorType(type: FrontError['type']): string {
  switch (type) {
    case 'invalid_request_error':
    case 'authentication_error':
    case 'overloaded_error':
      return type;
    case 'timeout':
      return 'timeout_error';
    default:
      return 'api_error';
  }
}

/** The error's body in Anthropic's shape, with the ACODE code at the head of the message and as `error.code`. */
export function anthropicErrorBody(error: FrontError): AnthropicErrorBody {
  return {
    type: 'error',
    error: {
      type: anthropicErrorType(error.type),
      message: `${error.code}: ${error.message}`,
      code: error.code,
      ...(error.errors === undefined ? {} : { errors: error.errors }),
    },
  };
}

/**
 * One streamed answer as Anthropic's server-sent events (`event: <type>` and `data: <json>`), in
 * the order its SDK's accumulator requires: `message_start` once, first; each content block's
 * `content_block_start`, deltas and `content_block_stop` at consecutive indices, never two blocks
 * open at once; `message_delta` with the stop reason and usage; `message_stop`. `ping` answers
 * {@link keepAlive}.
 *
 * Text streamed with {@link content} goes to one text block, kept open until {@link end}, whose
 * remaining text it receives. Reasoning, known only at the end, comes first when nothing was
 * streamed yet, as Anthropic writes it; after streamed text it comes after that text block (a
 * block cannot be taken back). `message_start` reports the requested model and zero usage: the
 * real counts are known only at the end, in `message_delta`.
 */
export class AnthropicMessagesStream implements FrontStream {
  /** {@inheritDoc FrontStream.contentType} */
  readonly contentType = 'text/event-stream; charset=utf-8';
  private started = false;
  private finished = false;
  /** Index of the next block. */
  private nextIndex = 0;
  /** Index of the text block open, if any. */
  private openText: number | undefined;

  /** A stream for the answer `identity` names. */
  constructor(private readonly identity: Pick<AnswerIdentity, 'id' | 'model'>) {}

  /** {@inheritDoc FrontStream.content} */
  content(text: string): string {
    if (this.finished) return '';
    return this.open() + this.text(text);
  }

  /** {@inheritDoc FrontStream.keepAlive} */
  keepAlive(): string {
    if (this.finished) return '';
    return this.open() + sse('ping', { type: 'ping' });
  }

  /** {@inheritDoc FrontStream.end} */
  end(answer: GatewayAnswer): string {
    if (this.finished) return '';
    let out = this.open();
    const reasoning = answer.reasoning ?? '';
    // Thinking first, as Anthropic writes it, unless text already went out in a block of its own.
    const thinkingFirst = this.nextIndex === 0;
    if (reasoning !== '' && thinkingFirst) out += this.thinking(reasoning);
    out += this.text(answer.content) + this.closeText();
    if (reasoning !== '' && !thinkingFirst) out += this.thinking(reasoning);
    answer.toolCalls.forEach((call, position) => (out += this.toolUse(call, position)));
    const usage = usageOf(answer);
    out += sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: anthropicStopReason(answer), stop_sequence: null },
      usage: { output_tokens: usage.output_tokens, input_tokens: usage.input_tokens },
    });
    out += sse('message_stop', { type: 'message_stop' });
    this.finished = true;
    return out;
  }

  /** {@inheritDoc FrontStream.fail} */
  fail(error: FrontError): string {
    if (this.finished) return '';
    this.finished = true;
    return this.open() + sse('error', anthropicErrorBody(error) as unknown as Record<string, JsonValue>);
  }

  /** `message_start`, the first time anything is written. */
  private open(): string {
    if (this.started) return '';
    this.started = true;
    return sse('message_start', {
      type: 'message_start',
      message: {
        id: this.identity.id,
        type: 'message',
        role: 'assistant',
        model: this.identity.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
  }

  /** A piece of text, in the open text block (opened first if none is). */
  private text(text: string): string {
    if (text === '') return '';
    let out = '';
    if (this.openText === undefined) {
      this.openText = this.nextIndex++;
      out += sse('content_block_start', { type: 'content_block_start', index: this.openText, content_block: { type: 'text', text: '' } });
    }
    return out + sse('content_block_delta', { type: 'content_block_delta', index: this.openText, delta: { type: 'text_delta', text } });
  }

  private closeText(): string {
    if (this.openText === undefined) return '';
    const index = this.openText;
    this.openText = undefined;
    return sse('content_block_stop', { type: 'content_block_stop', index });
  }

  /** A whole thinking block; its `signature_delta` (empty: the gateway cannot sign) ends it, as Anthropic's do. */
  private thinking(reasoning: string): string {
    const index = this.nextIndex++;
    return (
      sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }) +
      sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: reasoning } }) +
      sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: '' } }) +
      sse('content_block_stop', { type: 'content_block_stop', index })
    );
  }

  /** A whole tool_use block: its arguments in one `input_json_delta`, as the model's own text when the gateway kept it. */
  private toolUse(call: GatewayToolCall, position: number): string {
    const index = this.nextIndex++;
    return (
      sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: anthropicToolUseId(call, position, this.identity.id), name: call.wireName, input: {} } }) +
      sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: call.argumentsText ?? JSON.stringify(call.arguments) } }) +
      sse('content_block_stop', { type: 'content_block_stop', index })
    );
  }
}

function usageOf(answer: GatewayAnswer): AnthropicUsage {
  return { input_tokens: answer.usage.promptTokens, output_tokens: answer.usage.completionTokens };
}

/** One server-sent event: its name and its JSON data (whose `type` is the same name). */
function sse(name: string, data: Record<string, JsonValue>): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
