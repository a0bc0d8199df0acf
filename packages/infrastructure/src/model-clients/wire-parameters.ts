import { isPlainObject, ownValue, type ChatRequest, type JsonValue } from '@acode/domain';

/** Fields of a chat body the request itself writes; pass-through parameters never override them. */
const RESERVED_FIELDS: ReadonlySet<string> = new Set(['model', 'messages', 'tools', 'stream', 'stream_options']);

/** Sampling options both wires know, spelt alike: top-level on OpenAI, under `options` on Ollama. */
const SHARED_OPTIONS = ['temperature', 'top_p', 'top_k', 'seed', 'frequency_penalty', 'presence_penalty'] as const;

/**
 * The pass-through parameters of `request` for an OpenAI-compatible body. Written for OpenAI:
 * verbatim, minus the fields the body itself writes (`model`, `messages`, `tools`, `stream`,
 * `stream_options`). Written for Ollama: `options.num_predict` becomes `max_tokens`;
 * `options.temperature`, `top_p`, `top_k`, `seed`, `stop`, `frequency_penalty` and `presence_penalty` go
 * top-level; `format: 'json'` becomes `response_format: {type: 'json_object'}` and a schema
 * `format` a `json_schema` response format. Everything else (`keep_alive`, `think`, other
 * `options`...) has no counterpart and is dropped.
 */
export function openAiParameters(request: ChatRequest): Record<string, JsonValue> {
  const parameters = request.parameters;
  if (parameters === undefined) return {};
  if ((request.wireOfParameters ?? 'openai') === 'openai') return unreserved(parameters);
  const mapped: Record<string, JsonValue> = {};
  const options = ownValue(parameters, 'options');
  if (isPlainObject(options)) {
    const numPredict = ownValue(options, 'num_predict');
    if (typeof numPredict === 'number' && numPredict >= 0) mapped['max_tokens'] = numPredict;
    for (const name of SHARED_OPTIONS) copy(options, name, mapped);
    const stop = ownValue(options, 'stop');
    if (typeof stop === 'string' || Array.isArray(stop)) mapped['stop'] = stop as JsonValue;
  }
  const format = ownValue(parameters, 'format');
  if (format === 'json') mapped['response_format'] = { type: 'json_object' };
  else if (isPlainObject(format)) mapped['response_format'] = { type: 'json_schema', json_schema: { name: 'response', schema: format as JsonValue } };
  return mapped;
}

/**
 * The pass-through parameters of `request` for an Ollama body. Written for Ollama: verbatim,
 * minus `model`, `messages`, `tools` and `stream`. Written for OpenAI: `max_completion_tokens`
 * (else `max_tokens`) becomes `options.num_predict`; `temperature`, `top_p`, `top_k`, `seed`, `stop`,
 * `frequency_penalty` and `presence_penalty` go under `options`; `response_format` `json_object`
 * becomes `format: 'json'` and `json_schema` its schema as `format`. Everything else
 * (`tool_choice`, `n`, `logprobs`, `user`...) has no counterpart and is dropped.
 */
export function ollamaParameters(request: ChatRequest): Record<string, JsonValue> {
  const parameters = request.parameters;
  if (parameters === undefined) return {};
  if (request.wireOfParameters === 'ollama') return unreserved(parameters);
  const options: Record<string, JsonValue> = {};
  const maxTokens = ownValue(parameters, 'max_completion_tokens') ?? ownValue(parameters, 'max_tokens');
  if (typeof maxTokens === 'number' && maxTokens >= 0) options['num_predict'] = maxTokens;
  for (const name of SHARED_OPTIONS) copy(parameters, name, options);
  const stop = ownValue(parameters, 'stop');
  if (typeof stop === 'string') options['stop'] = [stop];
  else if (Array.isArray(stop)) options['stop'] = stop as JsonValue;
  const mapped: Record<string, JsonValue> = Object.keys(options).length === 0 ? {} : { options };
  const format = ownValue(parameters, 'response_format');
  const type = isPlainObject(format) ? ownValue(format, 'type') : undefined;
  if (type === 'json_object') mapped['format'] = 'json';
  else if (type === 'json_schema' && isPlainObject(format)) {
    const spec = ownValue(format, 'json_schema');
    const schema = isPlainObject(spec) ? ownValue(spec, 'schema') : undefined;
    if (isPlainObject(schema)) mapped['format'] = schema as JsonValue;
  }
  return mapped;
}

function unreserved(parameters: Readonly<Record<string, JsonValue>>): Record<string, JsonValue> {
  const kept: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(parameters)) if (!RESERVED_FIELDS.has(name)) kept[name] = value;
  return kept;
}

function copy(from: Readonly<Record<string, unknown>>, name: string, to: Record<string, JsonValue>): void {
  const value = ownValue(from, name);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') to[name] = value;
}
