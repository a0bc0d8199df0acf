import { appendPointer, canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue } from '@acode/domain';
import type { GatewayTool } from './gateway-request.js';
import { excerpt, requestError, toolError, type GatewayRequestError } from './gateway-request-error.js';

/** Most tools one gateway request may declare: OpenAI's own limit, and a bound on the work one request can ask for. */
export const MAX_REQUEST_TOOLS = 128;

/** What OpenAI accepts as a function name; answers repeat it, so it must survive every client. */
export const OPENAI_FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest tool name read from an Ollama request, whose API sets no rule of its own. */
export const MAX_OLLAMA_TOOL_NAME_LENGTH = 256;

/** The tools of a request, or the first reason they cannot be read. */
export type RequestToolsReading = { readonly ok: true; readonly tools: GatewayTool[] } | { readonly ok: false; readonly error: GatewayRequestError };

/**
 * Reads a request's `tools` (`[{type: "function", function: {name, description?, parameters?, strict?}}]`,
 * the same shape on both wires). Absent or `null` is no tools. Names follow OpenAI's pattern on the
 * `openai` wire and are any non-empty string of at most 256 characters on `ollama`, whose API
 * names no rule (the tool contract maps both onto registry names). A name declared twice is
 * refused: a call to it could not be told apart. Schemas are only checked to be JSON here; what
 * they say is the tool contract's to judge, so that it can report every tool's problems at once.
 */
export function readRequestTools(value: unknown, wire: 'openai' | 'ollama'): RequestToolsReading {
  if (value === undefined || value === null) return { ok: true, tools: [] };
  if (!Array.isArray(value)) return { ok: false, error: requestError('/tools', `tools must be an array; got ${describeValueType(value)}`) };
  // Checked before anything is read, so a list of ten thousand tools costs nothing.
  if (value.length > MAX_REQUEST_TOOLS) {
    return { ok: false, error: toolError('/tools', `A request may declare at most ${MAX_REQUEST_TOOLS} tools; this one declares ${value.length}`) };
  }
  const tools: GatewayTool[] = [];
  const seen = new Map<string, number>();
  for (let index = 0; index < value.length; index++) {
    const read = readTool(value[index], index, wire);
    if ('error' in read) return { ok: false, error: read.error };
    const first = seen.get(read.tool.wireName);
    if (first !== undefined) {
      return {
        ok: false,
        error: toolError(`/tools/${index}/function/name`, `Tool name ${excerpt(read.tool.wireName)} is declared twice (tools[${first}] and tools[${index}]); a call to it could not be told apart`),
      };
    }
    seen.set(read.tool.wireName, index);
    tools.push(read.tool);
  }
  return { ok: true, tools };
}

function readTool(item: unknown, index: number, wire: 'openai' | 'ollama'): { tool: GatewayTool } | { error: GatewayRequestError } {
  const at = `/tools/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `tools[${index}] must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type');
  if (type !== 'function') {
    // Built-in tools (web_search, file_search, custom grammars) have no schema the gateway could hold a call to.
    return { error: toolError(`${at}/type`, `tools[${index}].type must be "function" (the only kind of tool the gateway can check calls of); got ${excerpt(type)}`) };
  }
  const fn = ownValue(item, 'function');
  if (!isPlainObject(fn)) return { error: requestError(`${at}/function`, `tools[${index}].function must be an object; got ${describeValueType(fn)}`) };
  const name = ownValue(fn, 'name');
  if (typeof name !== 'string') return { error: requestError(`${at}/function/name`, `tools[${index}].function.name must be a string; got ${describeValueType(name)}`) };
  if (wire === 'openai' ? !OPENAI_FUNCTION_NAME_PATTERN.test(name) : name.length === 0 || name.length > MAX_OLLAMA_TOOL_NAME_LENGTH) {
    const rule = wire === 'openai' ? 'must match ^[a-zA-Z0-9_-]{1,64}$' : `must be 1 to ${MAX_OLLAMA_TOOL_NAME_LENGTH} characters`;
    return { error: toolError(`${at}/function/name`, `tools[${index}].function.name ${rule}; got ${excerpt(name)}`) };
  }
  const description = ownValue(fn, 'description') ?? '';
  if (typeof description !== 'string') {
    return { error: requestError(`${at}/function/description`, `tools[${index}].function.description must be a string; got ${describeValueType(description)}`) };
  }
  const parameters = ownValue(fn, 'parameters') ?? undefined;
  if (parameters !== undefined && parameters !== null && canonicalJson(parameters, MAX_JSON_DEPTH) === undefined) {
    return { error: toolError(appendPointer(`${at}/function`, 'parameters'), `tools[${index}].function.parameters must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
  }
  const strict = ownValue(fn, 'strict') ?? undefined;
  if (strict !== undefined && strict !== null && typeof strict !== 'boolean') {
    return { error: requestError(`${at}/function/strict`, `tools[${index}].function.strict must be a boolean; got ${describeValueType(strict)}`) };
  }
  return {
    tool: {
      wireName: name,
      description,
      parameters: parameters === null ? undefined : parameters,
      ...(typeof strict === 'boolean' ? { strict } : {}),
    },
  };
}
