import { appendPointer, canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue, type JsonValue } from '@acode/domain';
import { requestError, type GatewayRequestError, type GatewayRequestReading, type Read } from '../../gateway-request-error.js';
import { readModel } from '../../request-parameters.js';
import { mapResponsesParameters } from './map-responses-parameters.js';
import { readResponsesInput, type ResponsesReadOptions } from './read-responses-input.js';
import { readResponsesTools } from './read-responses-tools.js';

/**
 * The request fields a Responses answer reports back as they were sent (its `instructions`,
 * `tools`, `temperature`...): kept in {@link GatewayRequest.echo} for the response object.
 */
export const ECHOED_FIELDS: readonly string[] = [
  'instructions',
  'metadata',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'temperature',
  'top_p',
  'max_output_tokens',
  'reasoning',
  'text',
  'previous_response_id',
];

/**
 * Reads the body of an OpenAI Responses `POST /v1/responses` request (Codex CLI,
 * `openai.responses.create`) into a {@link GatewayRequest} whose parameters are in OpenAI chat
 * form (`wire: 'openai'`):
 *
 * - `model` a non-empty string; `stream` a boolean, `false` by default.
 * - `instructions` (a string) and `input` (required: a string or items) are read by
 *   {@link readResponsesInput}; `tools` by {@link readResponsesTools}; the sampling and format
 *   fields by {@link mapResponsesParameters}.
 * - `previous_response_id` (a non-empty string) and `store` (a boolean, `true` by default as the
 *   API has it) are the route's: it puts the stored conversation before these messages, which may
 *   then be empty; without a previous response, an input with no message is refused.
 * - The fields of {@link ECHOED_FIELDS} are kept verbatim in `echo`.
 * - `item_reference` items are resolved with `options.storedResponse` (refused without it).
 *
 * Refusals are ACODE-GTW-001 (ACODE-GTW-002 for a tool) with the field's JSON Pointer. It never
 * throws; size and nesting limits of the body itself are the route's.
 */
export function readResponsesRequest(body: unknown, options: ResponsesReadOptions = {}): GatewayRequestReading {
  try {
    return readBody(body, options);
  } catch {
    // Reached only by input no JSON parser makes (a throwing getter, a Proxy): refused, not thrown.
    return refused(requestError('', 'The body could not be read as a Responses request'));
  }
}

function readBody(body: unknown, options: ResponsesReadOptions): GatewayRequestReading {
  if (!isPlainObject(body)) return refused(requestError('', `The body must be a JSON object; got ${describeValueType(body)}`));
  const model = readModel(body);
  if ('error' in model) return refused(model.error);
  const stream = ownValue(body, 'stream') ?? false;
  if (typeof stream !== 'boolean') return refused(requestError('/stream', `stream must be a boolean; got ${describeValueType(stream)}`));
  const instructions = ownValue(body, 'instructions') ?? undefined;
  if (instructions !== undefined && typeof instructions !== 'string') {
    return refused(requestError('/instructions', `instructions must be a string; got ${describeValueType(instructions)}`));
  }
  const previous = ownValue(body, 'previous_response_id') ?? undefined;
  if (previous !== undefined && (typeof previous !== 'string' || previous === '')) {
    return refused(requestError('/previous_response_id', `previous_response_id must be a non-empty string; got ${describeValueType(previous)}`));
  }
  const store = ownValue(body, 'store') ?? true;
  if (typeof store !== 'boolean') return refused(requestError('/store', `store must be a boolean; got ${describeValueType(store)}`));
  const input = ownValue(body, 'input');
  if (input === undefined || input === null) return refused(requestError('/input', 'input is required: a string or an array of items'));
  const messages = readResponsesInput(input, instructions, options);
  if ('error' in messages) return refused(messages.error);
  // The instructions' system message is not input: a request of instructions alone has nothing to answer.
  const instructed = instructions !== undefined && instructions !== '' ? 1 : 0;
  if (messages.value.length === instructed && previous === undefined) return refused(requestError('/input', 'input holds no message the model could answer'));
  const tools = readResponsesTools(ownValue(body, 'tools'));
  if (!tools.ok) return refused(tools.error);
  const parameters = mapResponsesParameters(body, tools.tools);
  if ('error' in parameters) return refused(parameters.error);
  const echo = readEcho(body);
  if ('error' in echo) return refused(echo.error);
  return {
    ok: true,
    request: {
      wire: 'openai',
      model: model.value,
      messages: messages.value,
      tools: tools.tools,
      ...(tools.ignored.length === 0 ? {} : { ignoredTools: tools.ignored }),
      stream,
      parameters: parameters.value,
      ...(previous === undefined ? {} : { previousResponseId: previous }),
      store,
      echo: echo.value,
    },
  };
}

/** The fields of {@link ECHOED_FIELDS} the body has, each JSON nesting at most 64 levels. */
function readEcho(body: Readonly<Record<string, unknown>>): Read<Record<string, JsonValue>> {
  const echo: Record<string, JsonValue> = {};
  for (const key of ECHOED_FIELDS) {
    const value = ownValue(body, key);
    if (value === undefined) continue;
    if (canonicalJson(value, MAX_JSON_DEPTH) === undefined) {
      return { error: requestError(appendPointer('', key), `${key} must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
    }
    echo[key] = value as JsonValue;
  }
  return { value: echo };
}

function refused(error: GatewayRequestError): GatewayRequestReading {
  return { ok: false, error };
}
