import { ModelClientException, type AnswerMemory, type ILogger, type ToolCallFragment } from '@acode/application';
import { ERROR_CODES, formatByteSize, type ToolCallError } from '@acode/domain';
import { NO_CALL_INDEX, StreamingToolCallAccumulator, type StreamAccumulation, type StreamFormat } from '../streaming/index.js';
import {
  badResponseError,
  cancelledError,
  connectionLostError,
  httpStatusError,
  timeoutError,
  unreachableError,
  type ModelEndpoint,
  type RequestSite,
} from './model-client-errors.js';
import { sendHttpRequest, type TransportResponse } from './http-transport.js';
import { classifyNetworkFailure } from './network-failure.js';
import type { ProviderSettings } from './provider-settings.js';
import { eventLoopShare } from './event-loop-share.js';
import { endpointOf } from './server-naming.js';
import { RequestWatchdog } from './request-watchdog.js';
import { readServerErrorMessage, scrubServerText } from './server-error-message.js';

/** Largest answer read, whole or streamed: far above any real chat answer, small enough to bound memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Memory a whole JSON answer costs per byte received, as claimed from an {@link AnswerMemory}:
 * the bytes, their decoded text and the parsed value. An estimate that errs high.
 */
const WHOLE_ANSWER_COST_PER_BYTE = 3;

/** Most bytes of an error body read for its message. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Options of a {@link ModelServerConnection}. */
export interface ModelServerConnectionOptions {
  /** Receives one debug line per request (provider, URL, model, status, duration); never bodies or headers. */
  readonly logger?: ILogger;
  /** Largest answer accepted, in bytes (default {@link DEFAULT_MAX_RESPONSE_BYTES}); a larger one is ACODE-MDL-005. */
  readonly maxResponseBytes?: number;
}

/** Per-request options. */
export interface ExchangeOptions {
  readonly signal?: AbortSignal;
  /** The model asked for, named in not-found and no-tool-support errors. */
  readonly model?: string;
  /** Bounds what the answer holds in memory as it is read (see {@link AnswerMemory}). */
  readonly memory?: AnswerMemory;
}

/** Options of a streamed request. */
export interface StreamExchangeOptions extends ExchangeOptions {
  readonly format: StreamFormat;
  readonly onContent?: (text: string) => void;
  /** Receives each piece of a streamed tool call as it is read. */
  readonly onToolCallFragment?: (fragment: ToolCallFragment) => void;
  /** `false`: the text is not kept for the answer (the caller keeps what it needs from `onContent`). */
  readonly keepContent?: boolean;
  /** Asked after each chunk; a promise makes the reader wait for the caller (back-pressure), the silence timer paused. */
  readonly readyForMore?: () => Promise<void> | undefined;
}

/**
 * HTTP to one model server, over `node:http` with keep-alive connections ({@link sendHttpRequest}): the JSON and streamed exchanges both
 * adapters make, with the silence timeout, cancellation, size bound, API key header and the
 * mapping of every failure to a `ModelClientException` (ACODE-MDL-001..007). Streams are
 * assembled by the {@link StreamingToolCallAccumulator}. Never retries: the retry handler owns
 * retries.
 */
export class ModelServerConnection {
  readonly #settings: ProviderSettings;
  readonly #apiRoot: string;
  readonly #logger: ILogger | undefined;
  readonly #maxResponseBytes: number;

  /** @param apiRoot the URL the request paths are relative to (`base_url`, or `base_url` + `/v1`). */
  constructor(settings: ProviderSettings, apiRoot: string, options: ModelServerConnectionOptions = {}) {
    this.#settings = settings;
    this.#apiRoot = apiRoot.replace(/\/+$/, '');
    this.#logger = options.logger;
    this.#maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (!Number.isSafeInteger(this.#maxResponseBytes) || this.#maxResponseBytes < 1) {
      throw new RangeError(`maxResponseBytes must be a positive integer, not ${String(options.maxResponseBytes)}`);
    }
  }

  /** Provider name and base URL, as messages name them. */
  get endpoint(): ModelEndpoint {
    return endpointOf(this.#settings);
  }

  /** GET `path` and parse the JSON answer. */
  getJson(path: string, options: ExchangeOptions = {}): Promise<unknown> {
    return this.#exchange('GET', path, undefined, options, async (response, watchdog, site) => this.#readJson(response, watchdog, site, options.memory));
  }

  /** POST `body` as JSON to `path` and parse the JSON answer. */
  postJson(path: string, body: unknown, options: ExchangeOptions = {}): Promise<unknown> {
    return this.#exchange('POST', path, body, options, async (response, watchdog, site) => this.#readJson(response, watchdog, site, options.memory));
  }

  /**
   * POST `body` to `path` and accumulate the streamed answer. Reading stops at the end marker
   * (`[DONE]`, `done: true`), whether or not the server closes the connection after it. A stream
   * that ends without its end marker, or whose connection breaks, still resolves with what arrived: the cut calls are
   * marked incomplete and `errors` says where it stopped. Only a stream that delivered nothing
   * usable rejects (ACODE-MDL-001 when the connection broke, ACODE-MDL-005 otherwise).
   */
  postStream(path: string, body: unknown, options: StreamExchangeOptions): Promise<StreamAccumulation> {
    return this.#exchange('POST', path, body, options, async (response, watchdog, site) => this.#readStream(response, watchdog, site, options));
  }

  async #exchange<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: ExchangeOptions,
    read: (response: TransportResponse, watchdog: RequestWatchdog, site: RequestSite) => Promise<T>,
  ): Promise<T> {
    const url = `${this.#apiRoot}${path}`;
    const site: RequestSite = { ...this.endpoint, url, ...(options.model === undefined ? {} : { model: options.model }) };
    const watchdog = new RequestWatchdog(this.#settings.timeoutMs, options.signal);
    const started = performance.now();
    this.#logger?.debug('model request', { provider: site.provider, method, url, ...(options.model === undefined ? {} : { model: options.model }) });
    try {
      if (watchdog.stop === 'cancelled') throw cancelledError(site);
      let response: TransportResponse;
      try {
        response = await sendHttpRequest(url, {
          method,
          headers: this.#headers(body !== undefined),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: watchdog.signal,
        });
      } catch (error) {
        throw stoppedError(watchdog, site, 'answer') ?? unreachableError(site, classifyNetworkFailure(error), error);
      }
      watchdog.arm();
      if (!response.ok) throw await this.#statusError(response, watchdog, site);
      const result = await read(response, watchdog, site);
      this.#logger?.debug('model response', { provider: site.provider, url, status: response.status, durationMs: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      if (error instanceof ModelClientException) {
        this.#logger?.debug('model request failed', { provider: site.provider, url, code: error.code, durationMs: Math.round(performance.now() - started) });
      }
      throw error;
    } finally {
      watchdog.dispose();
    }
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json, application/x-ndjson, text/event-stream' };
    if (hasBody) headers['content-type'] = 'application/json';
    const key = this.#settings.apiKey;
    if (key !== undefined) headers['authorization'] = `Bearer ${key.reveal()}`;
    return headers;
  }

  async #statusError(response: TransportResponse, watchdog: RequestWatchdog, site: RequestSite): Promise<ModelClientException> {
    let text = '';
    try {
      text = decode(await collect(bodyChunks(response, watchdog, site, MAX_ERROR_BODY_BYTES, 'truncate')));
    } catch (error) {
      // The status is the news; a body that failed to arrive only loses the server's wording,
      // unless the caller cancelled or the server went silent, which say more.
      if (error instanceof ModelClientException && error.code !== ERROR_CODES.MODEL_UNREACHABLE) return error;
    }
    return httpStatusError(site, response.status, readServerErrorMessage(text), this.#settings.apiKey);
  }

  /** Stream errors quote the server's words (already scrubbed of secret-looking values); the key itself goes too. */
  #withoutKey(accumulation: StreamAccumulation): StreamAccumulation {
    const key = this.#settings.apiKey;
    if (key === undefined || !accumulation.errors.some((error) => error.message.includes(key.reveal()))) return accumulation;
    return { ...accumulation, errors: accumulation.errors.map((error) => ({ ...error, message: scrubServerText(error.message, key) })) };
  }

  async #readJson(response: TransportResponse, watchdog: RequestWatchdog, site: RequestSite, memory: AnswerMemory | undefined): Promise<unknown> {
    const text = decode(await collect(bodyChunks(response, watchdog, site, this.#maxResponseBytes, 'refuse'), memory));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badResponseError(site, text.trim() === '' ? 'is empty' : 'is not JSON');
    }
  }

  async #readStream(response: TransportResponse, watchdog: RequestWatchdog, site: RequestSite, options: StreamExchangeOptions): Promise<StreamAccumulation> {
    // Whether any text arrived: with `keepContent: false` the accumulation's own text stays empty.
    let textArrived = false;
    const onContent = options.onContent;
    const accumulator = new StreamingToolCallAccumulator({
      format: options.format,
      onContent: (text: string) => {
        textArrived = true;
        onContent?.(text);
      },
      ...(options.onToolCallFragment === undefined ? {} : { onToolCallFragment: options.onToolCallFragment }),
      ...(options.keepContent === undefined ? {} : { keepContent: options.keepContent }),
    });
    const memory = options.memory;
    // Bytes of the unfinished line claimed from `memory`: the only part of the stream held here (the rest is the caller's).
    let held = 0;
    // Reasoning claimed from `memory`: it stays with the answer, which nobody forwards as it streams, so it is never given back here.
    let reasoning = 0;
    let lost: ModelClientException | undefined;
    try {
      for await (const chunk of bodyChunks(response, watchdog, site, this.#maxResponseBytes, 'refuse')) {
        // Many answers streaming at once take turns: none is parsed past its share while other I/O waits.
        const share = eventLoopShare(chunk.byteLength);
        if (share !== undefined) {
          watchdog.pause();
          await share;
          watchdog.arm();
        }
        accumulator.push(chunk);
        if (memory !== undefined) {
          const pending = accumulator.pendingBytes;
          if (pending > held) memory.claim(pending - held);
          else if (pending < held) memory.release(held - pending);
          held = pending;
          const kept = accumulator.reasoningCharacters;
          if (kept > reasoning) memory.claim(kept - reasoning);
          reasoning = kept;
        }
        // `[DONE]` or `done: true` ends the answer: leaving the loop cancels the body, so a server
        // that keeps the connection open cannot hold the answer until the silence timeout.
        if (accumulator.ended) break;
        const ready = options.readyForMore?.();
        if (ready !== undefined) {
          // The caller's reader is slow, not the server: no silence is counted while waiting for it.
          watchdog.pause();
          await ready;
          watchdog.arm();
        }
      }
    } catch (error) {
      // A broken connection ends the stream; what arrived is kept. Timeouts, cancellation and
      // oversized answers are failures of the request.
      if (!(error instanceof ModelClientException) || error.code !== ERROR_CODES.MODEL_UNREACHABLE) throw error;
      lost = error;
    }
    const accumulation = this.#withoutKey(lost === undefined ? accumulator.end() : accumulator.abort());
    // The last line is read: nothing of the stream is held here any more.
    if (held > 0) memory?.release(held);
    if (!accumulation.complete && accumulation.calls.length === 0 && !textArrived) {
      throw lost ?? badResponseError(site, `ended before any answer arrived${firstErrorClause(accumulation)}`);
    }
    if (accumulation.complete || lost !== undefined) return accumulation;
    return { ...accumulation, errors: [...accumulation.errors, unfinishedStreamError(options.format)] };
  }
}

/** The chunks of a body, re-arming the watchdog on each; every failure becomes a `ModelClientException`. */
async function* bodyChunks(
  response: TransportResponse,
  watchdog: RequestWatchdog,
  site: RequestSite,
  maxBytes: number,
  overLimit: 'refuse' | 'truncate',
): AsyncGenerator<Uint8Array> {
  let received = 0;
  try {
    for await (const chunk of response.body) {
      watchdog.arm();
      received += chunk.byteLength;
      if (received > maxBytes) {
        if (overLimit === 'refuse') throw badResponseError(site, `is larger than ${formatByteSize(maxBytes)}`);
        yield chunk.subarray(0, chunk.byteLength - (received - maxBytes));
        return;
      }
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ModelClientException) throw error;
    throw stoppedError(watchdog, site, 'body') ?? connectionLostError(site, error);
  }
}

/** The error for a request the watchdog stopped, if it did. */
function stoppedError(watchdog: RequestWatchdog, site: RequestSite, phase: 'answer' | 'body'): ModelClientException | undefined {
  if (watchdog.stop === 'timeout') return timeoutError(site, watchdog.timeoutMs, phase);
  if (watchdog.stop === 'cancelled') return cancelledError(site);
  return undefined;
}

async function collect(chunks: AsyncIterable<Uint8Array>, memory?: AnswerMemory): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    memory?.claim(chunk.byteLength * WHOLE_ANSWER_COST_PER_BYTE);
    parts.push(chunk);
  }
  return parts;
}

function decode(parts: readonly Uint8Array[]): string {
  return Buffer.concat(parts).toString('utf8');
}

/** ACODE-TLP-008 for a stream the server closed without its end marker. */
function unfinishedStreamError(format: StreamFormat): ToolCallError {
  const marker = format === 'sse' ? 'data: [DONE] or a finish_reason' : '"done": true';
  return {
    index: NO_CALL_INDEX,
    source: format === 'sse' ? 'openai_stream' : 'ollama_stream',
    code: ERROR_CODES.TOOL_CALL_STREAM_ERROR,
    message: `The stream ended before its end marker (${marker}); calls cut off are marked incomplete.`,
    retryable: true,
  };
}

function firstErrorClause(accumulation: StreamAccumulation): string {
  const first = accumulation.errors[0];
  return first === undefined ? '' : ` (${first.message.replace(/\.$/, '')})`;
}
