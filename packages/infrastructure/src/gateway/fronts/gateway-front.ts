import type { GatewayAnswer, GatewayRequest } from '../gateway-request.js';
import type { GatewayRequestReading } from '../gateway-request-error.js';

/** The four client APIs the gateway serves, as its metrics and logs name them. */
export type GatewayFrontName = 'openai_chat' | 'ollama_chat' | 'anthropic_messages' | 'openai_responses';

/** Who one answer is: the ids and times its wire reports, fixed when the request arrives. */
export interface AnswerIdentity {
  /** The answer's id with its front's prefix (`chatcmpl-…`, `msg_…`, `resp_…`). */
  readonly id: string;
  /** Creation time in Unix seconds. */
  readonly created: number;
  /** Creation time, for wires that write it as RFC 3339 (Ollama). */
  readonly createdAt: Date;
  /** The model name the client asked for (reported until the upstream names its own). */
  readonly model: string;
  /** OpenAI chat's `stream_options.include_usage`. */
  readonly includeUsage: boolean;
}

/** A gateway error before it takes a front's shape. */
export interface FrontError {
  /** HTTP status of a refusal sent whole (ignored for an error event mid-stream). */
  readonly status: number;
  /** The ACODE code (`ACODE-GTW-001`…). */
  readonly code: string;
  /** One sentence for the user, never echoing more than an excerpt of what the client sent. */
  readonly message: string;
  /** What kind of failure, in OpenAI's terms; each front maps it onto its own (`invalid_request_error`, `api_error`…). */
  readonly type: 'invalid_request_error' | 'invalid_tool_call' | 'upstream_error' | 'timeout' | 'authentication_error' | 'overloaded_error';
  /** JSON Pointer of the offending request field, when there is one. */
  readonly param?: string;
  /** Every problem when there are several (each invalid call, each tool). */
  readonly errors?: ReadonlyArray<{ readonly code: string; readonly message: string; readonly field?: string }>;
}

/** What a reader may look up beyond the body. */
export interface FrontReadContext {
  /** A stored answer's response object by its id (Responses `item_reference`s point into one); `undefined` when not kept. */
  storedResponse?(id: string): unknown;
}

/** Facts of the whole exchange a writer may report. */
export interface AnswerFacts {
  /** Wall time of the whole answer in nanoseconds (Ollama's `total_duration`). */
  readonly totalDurationNs: number;
}

/**
 * One streamed answer in a front's wire. The gateway calls it in this order: any number of
 * {@link content} and {@link keepAlive}, then {@link end} or {@link fail} once. Each returns the
 * bytes to write next (possibly `''`); the first call of any kind opens the stream in the wire's
 * way (Anthropic's `message_start`, Responses' `response.created`), so a stream that never wrote
 * anything can still be refused with an HTTP status.
 */
export interface FrontStream {
  /** The response's `Content-Type`. */
  readonly contentType: string;
  /** A piece of the answer's text, forwarded as it arrives. */
  content(text: string): string;
  /** What to write while the answer is being decided (a held call, a retry) and the client must not time out. */
  keepAlive(): string;
  /**
   * The rest of the answer once decided: `answer.content` is only the text not yet sent with
   * {@link content}, then its reasoning, its calls, the stop reason and usage, and the wire's end.
   */
  end(answer: GatewayAnswer, facts: AnswerFacts): string;
  /** An error event ending a stream that already began. */
  fail(error: FrontError): string;
  /** The answer's object as the stream last wrote it (Responses' response object, its items in streamed order), for a front whose answers are kept; absent otherwise. */
  readonly response?: unknown;
}

/**
 * One client API of the gateway: how its request is read into the neutral {@link GatewayRequest}
 * and how the decided answer and errors are written back in its own shape. The pipeline between is
 * the same for every front (text calls extracted, arguments repaired and validated, re-ask).
 */
export interface GatewayFront {
  /** Its name in metrics and logs. */
  readonly name: GatewayFrontName;
  /** Prefix of the answer ids it writes (`chatcmpl-`, `msg_`, `resp_`). */
  readonly idPrefix: string;
  /** Reads a parsed JSON body; never throws. */
  read(body: unknown, context?: FrontReadContext): GatewayRequestReading;
  /** The whole answer's JSON body. */
  answer(answer: GatewayAnswer, identity: AnswerIdentity, request: GatewayRequest, facts: AnswerFacts): unknown;
  /** A writer for one streamed answer. */
  stream(identity: AnswerIdentity, request: GatewayRequest): FrontStream;
  /** An error's JSON body, sent with `error.status`. */
  error(error: FrontError): unknown;
}
