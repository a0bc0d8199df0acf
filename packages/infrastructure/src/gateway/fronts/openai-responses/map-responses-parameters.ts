import { canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue, type JsonValue } from '@acode/domain';
import type { GatewayTool } from '../../gateway-request.js';
import { excerpt, requestError, type Read } from '../../gateway-request-error.js';

/**
 * The Responses request's sampling and format fields in OpenAI chat form (the gateway maps those
 * onto Ollama's itself): `max_output_tokens` → `max_tokens`; `temperature`, `top_p`,
 * `parallel_tool_calls` verbatim; `tool_choice` `auto`/`none`/`required` verbatim and a named
 * function or custom tool as `{type: "function", function: {name}}` under the name the model sees
 * (a namespaced function's flat name); `allowed_tools` as its `mode` (the chat wire has no subset
 * choice); a hosted tool's choice dropped with its tool; `text.format` (`json_schema`,
 * `json_object`) → `response_format`; `reasoning.effort` → `reasoning_effort`. `null` is absent.
 * Everything else (`include`, `metadata`, `store`, `truncation`, `prompt_cache_key`, `user`,
 * `service_tier`, `reasoning.summary`, `text.verbosity`...) concerns OpenAI only and is not sent.
 */
export function mapResponsesParameters(body: Readonly<Record<string, unknown>>, tools: readonly GatewayTool[]): Read<Record<string, JsonValue>> {
  const parameters: Record<string, JsonValue> = {};
  const maxTokens = present(body, 'max_output_tokens');
  if (maxTokens !== undefined) {
    if (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1) {
      return { error: requestError('/max_output_tokens', `max_output_tokens must be a positive integer; got ${excerpt(maxTokens)}`) };
    }
    parameters['max_tokens'] = maxTokens;
  }
  for (const key of ['temperature', 'top_p']) {
    const value = present(body, key);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return { error: requestError(`/${key}`, `${key} must be a number; got ${describeValueType(value)}`) };
    parameters[key] = value;
  }
  const parallel = present(body, 'parallel_tool_calls');
  if (parallel !== undefined) {
    if (typeof parallel !== 'boolean') return { error: requestError('/parallel_tool_calls', `parallel_tool_calls must be a boolean; got ${describeValueType(parallel)}`) };
    parameters['parallel_tool_calls'] = parallel;
  }
  const choice = mapToolChoice(present(body, 'tool_choice'), tools);
  if ('error' in choice) return choice;
  if (choice.value !== undefined) parameters['tool_choice'] = choice.value;
  const format = mapTextFormat(present(body, 'text'));
  if ('error' in format) return format;
  if (format.value !== undefined) parameters['response_format'] = format.value;
  const effort = mapReasoningEffort(present(body, 'reasoning'));
  if ('error' in effort) return effort;
  if (effort.value !== undefined) parameters['reasoning_effort'] = effort.value;
  return { value: parameters };
}

/** An own field of `record`, `null` read as absent. */
function present(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return ownValue(record, key) ?? undefined;
}

function mapToolChoice(value: unknown, tools: readonly GatewayTool[]): Read<JsonValue | undefined> {
  if (value === undefined) return { value: undefined };
  if (value === 'auto' || value === 'none' || value === 'required') return { value };
  if (!isPlainObject(value)) {
    return { error: requestError('/tool_choice', `tool_choice must be "auto", "none", "required" or an object; got ${typeof value === 'string' ? excerpt(value) : describeValueType(value)}`) };
  }
  const type = ownValue(value, 'type');
  if (type === 'function' || type === 'custom') {
    const name = ownValue(value, 'name');
    if (typeof name !== 'string' || name === '') return { error: requestError('/tool_choice/name', `tool_choice.name must be a non-empty string; got ${describeValueType(name)}`) };
    return { value: { type: 'function', function: { name: toolNameSeen(name, tools) } } };
  }
  if (type === 'allowed_tools') {
    const mode = ownValue(value, 'mode');
    if (mode !== 'auto' && mode !== 'required') return { error: requestError('/tool_choice/mode', `tool_choice.mode must be "auto" or "required"; got ${excerpt(mode)}`) };
    return { value: mode };
  }
  // Any other type names a hosted tool (web_search, file_search, mcp...), which the tools reader
  // leaves out of the upstream request whatever its name: its choice goes with it.
  if (typeof type === 'string' && type !== '') return { value: undefined };
  return { error: requestError('/tool_choice/type', `tool_choice.type must be a string such as "function"; got ${excerpt(type)}`) };
}

/** The name the model sees for a tool the client chose by name: its own, or the flat name of a namespaced function so named. */
function toolNameSeen(name: string, tools: readonly GatewayTool[]): string {
  if (tools.some((tool) => tool.wireName === name)) return name;
  return tools.find((tool) => tool.namespace?.name === name)?.wireName ?? name;
}

function mapTextFormat(text: unknown): Read<JsonValue | undefined> {
  if (text === undefined) return { value: undefined };
  if (!isPlainObject(text)) return { error: requestError('/text', `text must be an object; got ${describeValueType(text)}`) };
  const format = present(text, 'format');
  if (format === undefined) return { value: undefined };
  if (!isPlainObject(format)) return { error: requestError('/text/format', `text.format must be an object; got ${describeValueType(format)}`) };
  const type = ownValue(format, 'type');
  if (type === 'text') return { value: undefined };
  if (type === 'json_object') return { value: { type: 'json_object' } };
  if (type !== 'json_schema') return { error: requestError('/text/format/type', `text.format.type must be "text", "json_object" or "json_schema"; got ${excerpt(type)}`) };
  const name = ownValue(format, 'name');
  if (typeof name !== 'string' || name === '') return { error: requestError('/text/format/name', `text.format.name must be a non-empty string; got ${describeValueType(name)}`) };
  const schema = ownValue(format, 'schema');
  if (!isPlainObject(schema) || canonicalJson(schema, MAX_JSON_DEPTH) === undefined) {
    return { error: requestError('/text/format/schema', `text.format.schema must be a JSON object nesting at most ${MAX_JSON_DEPTH} levels; got ${describeValueType(schema)}`) };
  }
  const strict = present(format, 'strict');
  if (strict !== undefined && typeof strict !== 'boolean') return { error: requestError('/text/format/strict', `text.format.strict must be a boolean; got ${describeValueType(strict)}`) };
  const description = present(format, 'description');
  if (description !== undefined && typeof description !== 'string') {
    return { error: requestError('/text/format/description', `text.format.description must be a string; got ${describeValueType(description)}`) };
  }
  return {
    value: {
      type: 'json_schema',
      json_schema: {
        name,
        schema: schema as JsonValue,
        ...(strict === undefined ? {} : { strict }),
        ...(description === undefined ? {} : { description }),
      },
    },
  };
}

function mapReasoningEffort(reasoning: unknown): Read<JsonValue | undefined> {
  if (reasoning === undefined) return { value: undefined };
  if (!isPlainObject(reasoning)) return { error: requestError('/reasoning', `reasoning must be an object; got ${describeValueType(reasoning)}`) };
  const effort = present(reasoning, 'effort');
  if (effort === undefined) return { value: undefined };
  if (typeof effort !== 'string' || effort === '') return { error: requestError('/reasoning/effort', `reasoning.effort must be a string such as "low"; got ${describeValueType(effort)}`) };
  return { value: effort };
}
