import type { ModelServerFormat } from './recorded-request.js';
import type { ScriptedAnswer } from './scripted-answer.js';

/** What a dialect needs to know about the request it answers. */
export interface AnswerContext {
  /** The `model` of the request. */
  readonly model: string;
  /** 0-based number of the chat request, for ids. */
  readonly requestNumber: number;
  readonly created: Date;
}

/** A status and JSON body to send. */
export interface WireError {
  readonly status: number;
  readonly body: unknown;
}

/** How one wire format (Ollama native, OpenAI-compatible) writes answers, streams and errors. */
export interface WireDialect {
  readonly format: ModelServerFormat;
  readonly chatPath: string;
  readonly modelsPath: string;
  readonly streamContentType: string;
  /** Whether the request asked for a stream (the formats disagree on the default). */
  wantsStream(body: Readonly<Record<string, unknown>>): boolean;
  /** The non-streaming response body. */
  completion(answer: ScriptedAnswer, context: AnswerContext): unknown;
  /** The whole streamed body, as text, before it is cut into chunks. */
  stream(answer: ScriptedAnswer, context: AnswerContext): string;
  /** The error body for a status and message. */
  error(status: number, message: string): unknown;
  modelMissing(model: string): WireError;
  noToolSupport(model: string): WireError;
  /** The model list of `GET modelsPath`. */
  modelList(models: readonly string[], created: Date): unknown;
}
