import type { ToolCallFragment } from '@acode/application';
import type { RawToolCall, ToolCallError, ToolCallSource } from '@acode/domain';
import { scanJsonText } from '../validation/json-text-scanner.js';
import { MAX_STREAM_ERRORS, type StreamAccumulation, type StreamUsage } from './stream-accumulation.js';
import { argumentsTooLargeError, moreErrorsError, streamError, type StreamErrorSite } from './stream-errors.js';
import type { StreamFormat } from './stream-format.js';
import { PieceBuffer } from './piece-buffer.js';
import { StreamedCall } from './streamed-call.js';

/** Longest name kept for one call: registered names have at most 64 characters (decision 1). */
export const MAX_STREAMED_NAME_BYTES = 1024;

/** Longest `finish_reason` / `done_reason` kept; real ones are a single word. */
const MAX_FINISH_REASON_LENGTH = 64;

/**
 * Everything a stream has delivered so far, whatever its format: the content pieces, the calls
 * by index, the end marker, usage and errors. The format readers only translate chunks into
 * calls on this object.
 */
export class AccumulationState {
  readonly #maxArgumentSize: number;
  readonly #calls = new Map<number, StreamedCall>();
  readonly #content = new PieceBuffer();
  readonly #reasoning = new PieceBuffer();
  readonly #errors: ToolCallError[] = [];
  #unlistedErrors = 0;
  #finishReason: string | undefined;
  #usage: StreamUsage | undefined;
  #complete = false;
  #ended = false;
  #nextIndex = 0;
  #lastCall: StreamedCall | undefined;
  /** Set once the format is known; errors before that are attributed to the OpenAI source. */
  source: ToolCallSource = 'openai_stream';

  readonly #onContent: ((text: string) => void) | undefined;
  readonly #onFragment: ((fragment: ToolCallFragment) => void) | undefined;

  readonly #keepContent: boolean;

  constructor(maxArgumentSize: number, onContent?: (text: string) => void, onFragment?: (fragment: ToolCallFragment) => void, keepContent = true) {
    this.#maxArgumentSize = maxArgumentSize;
    this.#keepContent = keepContent;
    this.#onContent = onContent;
    this.#onFragment = onFragment;
  }

  /** One past the highest call index seen (0 before any call). */
  get nextIndex(): number {
    return this.#nextIndex;
  }

  /** The call the latest fragment went to: where a fragment without an index continues. */
  get lastCall(): StreamedCall | undefined {
    return this.#lastCall;
  }

  /** True once the stream's end marker arrived (`[DONE]`, `done: true`): nothing after it belongs to the answer. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Whether a call with this index arrived already. */
  hasCall(index: number): boolean {
    return this.#calls.has(index);
  }

  appendContent(text: string): void {
    if (text === '') return;
    if (this.#keepContent) this.#content.push(text);
    this.#onContent?.(text);
  }

  /**
   * Adds a piece of the reasoning the server set apart (`reasoning_content`, `thinking`). It is
   * kept whatever `keepContent` says: nobody is given it as it streams.
   */
  appendReasoning(text: string): void {
    this.#reasoning.push(text);
  }

  /** Characters of reasoning kept so far, for callers that bound what an answer holds. */
  get reasoningLength(): number {
    return this.#reasoning.length;
  }

  finish(reason: string): void {
    this.#finishReason = reason.slice(0, MAX_FINISH_REASON_LENGTH);
  }

  /** A sign that the model finished (a finish reason): calls are no longer open, though the stream may go on. */
  markComplete(): void {
    this.#complete = true;
  }

  /** The end marker of the stream (`[DONE]`, `done: true`): the answer is whole. */
  markEnded(): void {
    this.#complete = true;
    this.#ended = true;
  }

  setUsage(usage: StreamUsage): void {
    this.#usage = usage;
  }

  /** Reports a problem with a line or fragment; a call it names is dropped (what arrived of it is unreliable). */
  reportStreamError(site: Omit<StreamErrorSite, 'source'>, problem: string): void {
    const call = site.index === undefined ? undefined : this.#calls.get(site.index);
    if (call?.rejected) return; // One error per call: the rest of its fragments are ignored.
    this.#record(streamError(this.#siteOf(site, call), problem));
    call?.discard();
  }

  /** The call with `index`, created on its first fragment (fragments of later indexes may come first). */
  call(index: number): StreamedCall {
    let call = this.#calls.get(index);
    if (call === undefined) {
      call = new StreamedCall(index);
      this.#calls.set(index, call);
      this.#nextIndex = Math.max(this.#nextIndex, index + 1);
    }
    this.#lastCall = call;
    return call;
  }

  /** Adds a name fragment to a call, rejecting a name that grows past any plausible length. */
  addNameFragment(call: StreamedCall, piece: string, line: number): void {
    if (call.rejected) return;
    if (call.addName(piece) > MAX_STREAMED_NAME_BYTES) {
      this.reportStreamError({ line, index: call.index }, `took the name of call ${call.index} past ${MAX_STREAMED_NAME_BYTES} bytes; the call was dropped`);
    } else {
      this.#onFragment?.({ index: call.index, name: piece });
    }
  }

  /** Adds an arguments fragment to a call, enforcing `maxArgumentSize` as the text grows. */
  addArgumentsFragment(call: StreamedCall, piece: string, line: number): void {
    if (call.rejected) return;
    if (call.wholeArguments !== undefined) {
      return this.reportStreamError({ line, index: call.index }, `sent a piece of the arguments of call ${call.index} after the whole of them as an object; the call was dropped`);
    }
    if (call.addArguments(piece) > this.#maxArgumentSize) {
      this.#record(argumentsTooLargeError(this.#siteOf({ line, index: call.index }, call), this.#maxArgumentSize));
      call.discard();
    } else {
      this.#onFragment?.({ index: call.index, arguments: piece });
    }
  }

  /**
   * Sets a call's arguments from an object a delta carried (some servers send them whole, as
   * Ollama does). It must be all of them: after other arguments, the call is dropped. Its size is
   * bounded by the line limit here and checked against `maxArgumentSize` by the parser.
   */
  setArgumentsObject(call: StreamedCall, value: Record<string, unknown>, line: number): void {
    if (call.rejected) return;
    if (call.argumentBytes > 0 || call.wholeArguments !== undefined) {
      return this.reportStreamError({ line, index: call.index }, `sent the arguments of call ${call.index} as an object after other arguments; the call was dropped`);
    }
    call.wholeArguments = value;
    this.#onFragment?.({ index: call.index, argumentsObject: value });
  }

  /** A call that arrived whole (Ollama): its name and arguments as sent, told to the fragment listener once. */
  setWholeCall(call: StreamedCall, name: unknown, args: unknown): void {
    call.wholeName = name;
    call.wholeArguments = args;
    if (call.rejected || typeof name !== 'string') return;
    this.#onFragment?.({ index: call.index, name, ...(isPlainRecord(args) ? { argumentsObject: args } : {}), whole: true });
  }

  /**
   * The result. A call is `incomplete` when its arguments text is not a complete JSON value and
   * the stream gave no sign that the model had finished: no end marker, or `finish_reason`
   * `length` (the model ran out of tokens mid-call).
   */
  toAccumulation(format: StreamFormat | undefined): StreamAccumulation {
    const finished = this.#complete && this.#finishReason !== 'length';
    const calls = [...this.#calls.values()]
      .filter((call) => !call.rejected)
      .sort((a, b) => a.index - b.index)
      .map((call) => this.#toRawToolCall(call, finished));
    const errors = this.#unlistedErrors === 0 ? this.#errors : [...this.#errors, moreErrorsError(this.#unlistedErrors, this.source)];
    return {
      ...(format === undefined ? {} : { format }),
      calls,
      content: this.#content.text(),
      ...(this.#reasoning.length === 0 ? {} : { reasoning: this.#reasoning.text() }),
      ...(this.#finishReason === undefined ? {} : { finishReason: this.#finishReason }),
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
      complete: this.#complete,
      errors,
    };
  }

  #toRawToolCall(call: StreamedCall, finished: boolean): RawToolCall {
    const isWhole = this.source === 'ollama_stream';
    const name = isWhole ? call.wholeName : call.name();
    // An SSE delta may carry the arguments as an object (some servers do): it is the whole of them.
    const args = isWhole || call.wholeArguments !== undefined ? call.wholeArguments : call.argumentsText();
    const incomplete = !finished && typeof args === 'string' && !isCompleteJson(args);
    return {
      index: call.index,
      ...(call.id === undefined ? {} : { id: call.id }),
      ...(name === undefined ? {} : { name }),
      arguments: args,
      source: this.source,
      ...(incomplete ? { incomplete } : {}),
    };
  }

  #siteOf(site: Omit<StreamErrorSite, 'source'>, call: StreamedCall | undefined): StreamErrorSite {
    const tool = call === undefined ? undefined : this.source === 'ollama_stream' ? call.wholeName : call.name();
    return {
      ...site,
      source: this.source,
      ...(call?.id === undefined ? {} : { id: call.id }),
      ...(typeof tool === 'string' ? { tool } : {}),
    };
  }

  #record(error: ToolCallError): void {
    if (this.#errors.length < MAX_STREAM_ERRORS) this.#errors.push(error);
    else this.#unlistedErrors++;
  }
}

/** One linear pass; no depth limit, because only completeness is asked here, not acceptability. */
function isCompleteJson(text: string): boolean {
  return scanJsonText(text, Number.POSITIVE_INFINITY).ok;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
