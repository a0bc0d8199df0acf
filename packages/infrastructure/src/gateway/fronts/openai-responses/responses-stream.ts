import type { JsonValue } from '@acode/domain';
import type { GatewayAnswer, GatewayRequest } from '../../gateway-request.js';
import type { AnswerFacts, AnswerIdentity, FrontError, FrontStream } from '../gateway-front.js';
import {
  buildResponse,
  callItem,
  customInput,
  messageItem,
  reasoningItem,
  responseItemIds,
  responseStatus,
  responseUsage,
  type ResponseFrame,
  type ResponseItemIds,
  type ResponseObject,
  type ResponseOutputItem,
  type ResponseStatus,
} from './write-responses-response.js';

/** The SSE comment a Responses stream is kept alive with: every SSE reader (the OpenAI SDKs, Codex) skips comments. */
export const RESPONSES_KEEP_ALIVE = ': keep-alive\n\n';

/**
 * One streamed Responses answer, as the API streams it: `event: <type>` and `data: <json>` per
 * event, each with its `type` and a `sequence_number` counting from 0. It opens with
 * `response.created` and `response.in_progress`; text goes into a `message` item
 * (`output_item.added`, `content_part.added`, `output_text.delta`s) opened with the first piece;
 * {@link end} closes that message, then writes the reasoning item, the message when none was open,
 * each call item (added, arguments or input delta and done, done), and `response.completed` (or
 * `response.incomplete`) whose response lists every item as streamed, in the same order with the
 * same ids. {@link fail} ends with `response.failed`, its response holding the text sent so far.
 */
export class ResponsesStream implements FrontStream {
  readonly contentType = 'text/event-stream; charset=utf-8';
  readonly #identity: AnswerIdentity;
  readonly #request: GatewayRequest;
  readonly #ids: ResponseItemIds;
  readonly #output: ResponseOutputItem[] = [];
  #sequence = 0;
  #opened = false;
  #closed = false;
  /** The open message item's output index and the text it has. */
  #message: { readonly index: number; text: string } | undefined;
  #response: ResponseObject | undefined;

  constructor(identity: AnswerIdentity, request: GatewayRequest) {
    this.#identity = identity;
    this.#request = request;
    this.#ids = responseItemIds(identity.id);
  }

  /** The response object the stream ended with (`response.completed`, `.incomplete` or `.failed`), for the route to store; `undefined` until then. */
  get response(): ResponseObject | undefined {
    return this.#response;
  }

  content(text: string): string {
    if (this.#closed) return '';
    let out = this.#open();
    if (text === '') return out;
    if (this.#message === undefined) out += this.#openMessage();
    out += this.#delta(text);
    return out;
  }

  keepAlive(): string {
    if (this.#closed) return '';
    return this.#open() + RESPONSES_KEEP_ALIVE;
  }

  end(answer: GatewayAnswer, _facts: AnswerFacts): string {
    if (this.#closed) return '';
    let out = this.#open();
    const status = responseStatus(answer);
    const textStatus = status === 'incomplete' ? 'incomplete' : 'completed';
    // A message already open stays first: its items went out with their output indices.
    const wasOpen = this.#message !== undefined;
    if (wasOpen) out += this.#closeMessage(answer.content, textStatus);
    if (answer.reasoning !== undefined && answer.reasoning !== '') out += this.#reasoning(answer.reasoning);
    if (!wasOpen && answer.content !== '') out += this.#openMessage() + this.#closeMessage(answer.content, textStatus);
    answer.toolCalls.forEach((call, index) => {
      out += this.#call(answer, index);
    });
    this.#closed = true;
    this.#response = buildResponse(this.#frame(status, answer.model), [...this.#output], responseUsage(answer));
    return out + this.#event(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response: this.#response });
  }

  fail(error: FrontError): string {
    if (this.#closed) return '';
    let out = this.#open();
    if (this.#message !== undefined) {
      // The message is left unfinished, as a failed stream leaves it; the failed response holds its text so far.
      this.#output[this.#message.index] = messageItem(this.#ids.message, this.#message.text, 'incomplete');
      this.#message = undefined;
    }
    this.#closed = true;
    this.#response = buildResponse(this.#frame('failed', this.#identity.model), [...this.#output], null, error);
    return out + this.#event('response.failed', { response: this.#response });
  }

  #frame(status: ResponseStatus, model: string): ResponseFrame {
    return { identity: this.#identity, request: this.#request, status, model };
  }

  #open(): string {
    if (this.#opened) return '';
    this.#opened = true;
    const response = buildResponse(this.#frame('in_progress', this.#identity.model), [], null);
    return this.#event('response.created', { response }) + this.#event('response.in_progress', { response });
  }

  #event(type: string, fields: Record<string, unknown>): string {
    const data = { type, sequence_number: this.#sequence++, ...fields };
    return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  /** Adds an item at the next output index; returns that index and its `output_item.added`. */
  #add(item: ResponseOutputItem): { index: number; out: string } {
    const index = this.#output.length;
    this.#output.push(item);
    return { index, out: this.#event('response.output_item.added', { output_index: index, item }) };
  }

  #done(index: number, item: ResponseOutputItem): string {
    this.#output[index] = item;
    return this.#event('response.output_item.done', { output_index: index, item });
  }

  #openMessage(): string {
    const { index, out } = this.#add(messageItem(this.#ids.message, undefined, 'in_progress'));
    this.#message = { index, text: '' };
    return out + this.#event('response.content_part.added', { ...this.#at(index, this.#ids.message), content_index: 0, part: textPart('') });
  }

  #delta(text: string): string {
    const message = this.#message!;
    message.text += text;
    return this.#event('response.output_text.delta', { ...this.#at(message.index, this.#ids.message), content_index: 0, delta: text, logprobs: [] });
  }

  #closeMessage(rest: string, status: 'completed' | 'incomplete'): string {
    let out = rest === '' ? '' : this.#delta(rest);
    const { index, text } = this.#message!;
    this.#message = undefined;
    const at = { ...this.#at(index, this.#ids.message), content_index: 0 };
    out += this.#event('response.output_text.done', { ...at, text, logprobs: [] });
    out += this.#event('response.content_part.done', { ...at, part: textPart(text) });
    return out + this.#done(index, messageItem(this.#ids.message, text, status));
  }

  #reasoning(text: string): string {
    const id = this.#ids.reasoning;
    const { index, out: added } = this.#add(reasoningItem(id, ''));
    const at = { ...this.#at(index, id), summary_index: 0 };
    let out = added + this.#event('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
    out += this.#event('response.reasoning_summary_text.delta', { ...at, delta: text });
    out += this.#event('response.reasoning_summary_text.done', { ...at, text });
    out += this.#event('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text } });
    return out + this.#done(index, reasoningItem(id, text));
  }

  #call(answer: GatewayAnswer, position: number): string {
    const call = answer.toolCalls[position]!;
    const final = callItem(call, position, this.#ids, this.#request.tools, 'completed');
    const { index, out: added } = this.#add(callItem(call, position, this.#ids, this.#request.tools, 'in_progress'));
    const at = this.#at(index, final.id);
    let out = added;
    if (final.type === 'custom_tool_call') {
      const input = customInput(call);
      out += this.#event('response.custom_tool_call_input.delta', { ...at, delta: input });
      out += this.#event('response.custom_tool_call_input.done', { ...at, input });
    } else {
      out += this.#event('response.function_call_arguments.delta', { ...at, delta: final.arguments });
      out += this.#event('response.function_call_arguments.done', { ...at, arguments: final.arguments });
    }
    return out + this.#done(index, final);
  }

  #at(index: number, itemId: string): { item_id: string; output_index: number } {
    return { item_id: itemId, output_index: index };
  }
}

function textPart(text: string): JsonValue {
  return { type: 'output_text', text, annotations: [] };
}
