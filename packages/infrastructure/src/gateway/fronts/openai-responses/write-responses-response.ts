import type { ChatMessage, JsonValue } from '@acode/domain';
import type { GatewayAnswer, GatewayRequest, GatewayTool, GatewayToolCall } from '../../gateway-request.js';
import type { AnswerIdentity, FrontError } from '../gateway-front.js';

/** The statuses of a response the gateway writes. */
export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** A `reasoning` output item: the reasoning as one summary text. */
export interface ResponseReasoningItem {
  readonly type: 'reasoning';
  readonly id: string;
  readonly summary: Array<{ readonly type: 'summary_text'; readonly text: string }>;
}

/** A `message` output item: the assistant's text as one `output_text` part. */
export interface ResponseMessageItem {
  readonly type: 'message';
  readonly id: string;
  readonly status: 'in_progress' | 'completed' | 'incomplete';
  readonly role: 'assistant';
  readonly content: Array<{ readonly type: 'output_text'; readonly text: string; readonly annotations: [] }>;
}

/** A `function_call` output item; a namespaced function's carries its `namespace` and own `name`, as the API writes it. */
export interface ResponseFunctionCallItem {
  readonly type: 'function_call';
  readonly id: string;
  readonly call_id: string;
  readonly name: string;
  readonly namespace?: string;
  readonly arguments: string;
  readonly status: 'in_progress' | 'completed';
}

/** A `custom_tool_call` output item: a call of a free-form tool, its `input` a string. */
export interface ResponseCustomToolCallItem {
  readonly type: 'custom_tool_call';
  readonly id: string;
  readonly call_id: string;
  readonly name: string;
  readonly namespace?: string;
  readonly input: string;
}

/** One output item the gateway writes. */
export type ResponseOutputItem = ResponseReasoningItem | ResponseMessageItem | ResponseFunctionCallItem | ResponseCustomToolCallItem;

/** Token counts as the Responses API reports them (no cache or reasoning counts are known: zeros). */
export interface ResponseUsage {
  readonly input_tokens: number;
  readonly input_tokens_details: { readonly cached_tokens: number };
  readonly output_tokens: number;
  readonly output_tokens_details: { readonly reasoning_tokens: number };
  readonly total_tokens: number;
}

/** The Responses API's response object, with every field its SDK requires. */
export interface ResponseObject {
  readonly id: string;
  readonly object: 'response';
  readonly created_at: number;
  readonly status: ResponseStatus;
  readonly background: false;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly incomplete_details: { readonly reason: 'max_output_tokens' } | null;
  readonly instructions: JsonValue;
  readonly max_output_tokens: JsonValue;
  readonly metadata: JsonValue;
  readonly model: string;
  readonly output: ResponseOutputItem[];
  readonly parallel_tool_calls: JsonValue;
  readonly previous_response_id: JsonValue;
  readonly reasoning: JsonValue;
  readonly store: boolean;
  readonly temperature: JsonValue;
  readonly text: JsonValue;
  readonly tool_choice: JsonValue;
  readonly tools: JsonValue;
  readonly top_p: JsonValue;
  readonly truncation: 'disabled';
  readonly access_programs: null;
  readonly usage: ResponseUsage | null;
}

/** The parts of a response object besides its output, usage and error. */
export interface ResponseFrame {
  readonly identity: Pick<AnswerIdentity, 'id' | 'created'>;
  readonly request: GatewayRequest;
  readonly status: ResponseStatus;
  readonly model: string;
}

/**
 * The status of a decided answer: `incomplete` when the upstream stopped at its token limit
 * (`length`) without calling a tool, else `completed`.
 */
export function responseStatus(answer: GatewayAnswer): 'completed' | 'incomplete' {
  return answer.finishReason === 'length' && answer.toolCalls.length === 0 ? 'incomplete' : 'completed';
}

/**
 * The whole response object of `answer` (its `content` being the whole text): output items
 * `reasoning`, `message`, then one per call, in that order, with ids derived from the response's
 * ({@link responseItemIds}), so the same answer always gives the same items (`GET
 * /v1/responses/{id}` and `response.completed` agree). The request's own fields come back from
 * its `echo`, as the API reports them.
 */
export function responseObject(answer: GatewayAnswer, identity: Pick<AnswerIdentity, 'id' | 'created'>, request: GatewayRequest, status: ResponseStatus = responseStatus(answer)): ResponseObject {
  const ids = responseItemIds(identity.id);
  const output: ResponseOutputItem[] = [];
  if (answer.reasoning !== undefined && answer.reasoning !== '') output.push(reasoningItem(ids.reasoning, answer.reasoning));
  if (answer.content !== '') output.push(messageItem(ids.message, answer.content, status === 'incomplete' ? 'incomplete' : 'completed'));
  answer.toolCalls.forEach((call, index) => output.push(callItem(call, index, ids, request.tools, 'completed')));
  return buildResponse({ identity, request, status, model: answer.model }, output, responseUsage(answer));
}

/**
 * A response object from its frame, output, usage (`null` while in progress or failed) and
 * error (for `failed`): the request's echoed fields, defaulted as the API defaults them.
 */
export function buildResponse(frame: ResponseFrame, output: ResponseOutputItem[], usage: ResponseUsage | null, error?: FrontError): ResponseObject {
  const echo = frame.request.echo ?? {};
  const echoed = (key: string, fallback: JsonValue): JsonValue => echo[key] ?? fallback;
  return {
    id: frame.identity.id,
    object: 'response',
    created_at: frame.identity.created,
    status: frame.status,
    background: false,
    error: frame.status === 'failed' && error !== undefined ? { code: error.code, message: error.message } : null,
    incomplete_details: frame.status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: echoed('instructions', null),
    max_output_tokens: echoed('max_output_tokens', null),
    metadata: echoed('metadata', {}),
    model: frame.model,
    output,
    parallel_tool_calls: echoed('parallel_tool_calls', true),
    previous_response_id: echoed('previous_response_id', null),
    reasoning: echoed('reasoning', { effort: null, summary: null }),
    store: frame.request.store ?? true,
    temperature: echoed('temperature', null),
    text: echoed('text', { format: { type: 'text' } }),
    tool_choice: echoed('tool_choice', 'auto'),
    tools: echoed('tools', []),
    top_p: echoed('top_p', null),
    truncation: 'disabled',
    access_programs: null,
    usage,
  };
}

/** The answer's usage in the Responses API's terms. */
export function responseUsage(answer: GatewayAnswer): ResponseUsage {
  const { promptTokens, completionTokens, totalTokens } = answer.usage;
  return {
    input_tokens: promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: totalTokens,
  };
}

/** The ids of one response's output items, all derived from the response id. */
export interface ResponseItemIds {
  readonly reasoning: string;
  readonly message: string;
  /** The id of the item of call `index`: `fc_…` for a function, `ctc_…` for a custom tool. */
  item(index: number, custom: boolean): string;
  /** The `call_id` of call `index` when the upstream gave it none (Ollama). */
  callId(index: number): string;
}

/** The ids of the output items of response `responseId` (`resp_X` gives `rs_X`, `msg_X`, `fc_X_0`...). */
export function responseItemIds(responseId: string): ResponseItemIds {
  const base = responseId.replace(/^resp_/, '').replace(/[^A-Za-z0-9_-]/g, '');
  return {
    reasoning: `rs_${base}`,
    message: `msg_${base}`,
    item: (index, custom) => `${custom ? 'ctc' : 'fc'}_${base}_${index}`,
    callId: (index) => `call_${base}_${index}`,
  };
}

/**
 * The id of the response whose output item `itemId` is, inverting {@link responseItemIds}
 * (`msg_X`, `rs_X`, `fc_X_0`, `ctc_X_0` give `resp_X`); `undefined` for an id of another shape.
 * An `item_reference` names an item by such an id.
 */
export function responseIdOfItem(itemId: string): string | undefined {
  const match = /^(?:(?:msg|rs)_([A-Za-z0-9_-]+)|(?:fc|ctc)_([A-Za-z0-9_-]+)_\d+)$/.exec(itemId);
  const base = match?.[1] ?? match?.[2];
  return base === undefined || base === '' ? undefined : `resp_${base}`;
}

/** A reasoning item whose one summary text is `text`. */
export function reasoningItem(id: string, text: string): ResponseReasoningItem {
  return { type: 'reasoning', id, summary: text === '' ? [] : [{ type: 'summary_text', text }] };
}

/** A message item whose one `output_text` part is `text` (no part at all while it is being opened, as the API streams it). */
export function messageItem(id: string, text: string | undefined, status: ResponseMessageItem['status']): ResponseMessageItem {
  return { type: 'message', id, status, role: 'assistant', content: text === undefined ? [] : [{ type: 'output_text', text, annotations: [] }] };
}

/**
 * The output item of call `index`: a `custom_tool_call` when its tool is a custom one (its
 * `input` argument as the string, JSON text of it if it is none), else a `function_call` with the
 * arguments as JSON text (the model's own when the gateway kept it). A namespaced tool's call
 * names its namespace and own name. `status` `in_progress` gives the item as the stream opens it:
 * no arguments or input yet.
 */
export function callItem(call: GatewayToolCall, index: number, ids: ResponseItemIds, tools: readonly GatewayTool[], status: 'in_progress' | 'completed'): ResponseFunctionCallItem | ResponseCustomToolCallItem {
  const tool = tools.find((candidate) => candidate.wireName === call.wireName);
  const callId = call.id !== '' ? call.id : ids.callId(index);
  const name = tool?.namespace?.name ?? call.wireName;
  const namespace = tool?.namespace === undefined ? {} : { namespace: tool.namespace.namespace };
  const opening = status === 'in_progress';
  if (tool?.custom === true) {
    return { type: 'custom_tool_call', id: ids.item(index, true), call_id: callId, name, ...namespace, input: opening ? '' : customInput(call) };
  }
  return { type: 'function_call', id: ids.item(index, false), call_id: callId, name, ...namespace, arguments: opening ? '' : (call.argumentsText ?? JSON.stringify(call.arguments)), status };
}

/** A custom tool call's input: its `input` argument, JSON text of it when it is not a string. */
export function customInput(call: GatewayToolCall): string {
  const input = call.arguments['input'];
  return typeof input === 'string' ? input : input === undefined ? '' : JSON.stringify(input);
}

/**
 * The assistant turn of `answer` (its `content` being the whole text) as neutral messages, for
 * the route to store: a later request with `previous_response_id` continues from them. Calls keep
 * the ids the response gave them and the flat names the reader gives calls (a custom call's
 * arguments `{"input": ...}`), so the client's outputs link to them. Empty for an answer with
 * neither text nor calls.
 */
export function responseOutputMessages(answer: GatewayAnswer, request: GatewayRequest, identity: Pick<AnswerIdentity, 'id'>): ChatMessage[] {
  const ids = responseItemIds(identity.id);
  const toolCalls = answer.toolCalls.map((call, index) => {
    const item = callItem(call, index, ids, request.tools, 'completed');
    const args = item.type === 'custom_tool_call' ? JSON.stringify({ input: item.input }) : item.arguments;
    return { id: item.call_id, name: call.wireName, arguments: args };
  });
  const reasoning = answer.reasoning ?? '';
  // Reasoning alone is no turn: the reader drops reasoning no assistant item follows, and so does this.
  if (answer.content === '' && toolCalls.length === 0) return [];
  return [{ role: 'assistant', content: answer.content, ...(toolCalls.length === 0 ? {} : { toolCalls }), ...(reasoning === '' ? {} : { reasoning }) }];
}

/** An error's HTTP body as OpenAI writes it: `{error: {message, type, code, param}}`, every problem in `errors` when there are several. */
export function responsesErrorBody(error: FrontError): { error: Record<string, JsonValue> } {
  return {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      param: error.param ?? null,
      ...(error.errors === undefined ? {} : { errors: error.errors.map((item) => ({ ...item })) }),
    },
  };
}
