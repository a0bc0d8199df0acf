import { appendPointer, canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue } from '@acode/domain';
import type { GatewayTool } from './gateway-request.js';
import { excerpt, requestError, toolError, type GatewayRequestError } from './gateway-request-error.js';

/** Most tools one gateway request may declare: OpenAI's own limit, and a bound on the work one request can ask for. */
export const MAX_REQUEST_TOOLS = 128;

/** The tools of a request, or the first reason they cannot be read. */
export type RequestToolsReading = { readonly ok: true; readonly tools: GatewayTool[]; readonly ignored: IgnoredTool[] } | { readonly ok: false; readonly error: GatewayRequestError };

/** A tool of a kind other than `function` (`web_search`, `custom`...): left out of the upstream request, with a warning. */
export interface IgnoredTool {
  /** JSON Pointer of its `type` in the request body. */
  readonly field: string;
  /** Its `type`, as an excerpt. */
  readonly type: string;
}

/**
 * Reads a request's `tools` (`[{type: "function", function: {name, description?, parameters?, strict?}}]`,
 * the same shape on both wires). Absent or `null` is no tools. A name is any non-empty string:
 * the gateway takes what its upstream would (`math.factorial`, `get-weather`, `天气`), and the
 * tool contract maps it onto a registry name and back. A name declared twice, and schemas, are
 * the tool contract's to judge (as warnings), so that it sees every tool at once.
 */
export function readRequestTools(value: unknown): RequestToolsReading {
  if (value === undefined || value === null) return { ok: true, tools: [], ignored: [] };
  if (!Array.isArray(value)) return { ok: false, error: requestError('/tools', `tools must be an array; got ${describeValueType(value)}`) };
  // Checked before anything is read, so a list of ten thousand tools costs nothing.
  if (value.length > MAX_REQUEST_TOOLS) {
    return { ok: false, error: toolError('/tools', `A request may declare at most ${MAX_REQUEST_TOOLS} tools; this one declares ${value.length}`) };
  }
  const tools: GatewayTool[] = [];
  const ignored: IgnoredTool[] = [];
  for (let index = 0; index < value.length; index++) {
    const read = readTool(value[index], index);
    if ('error' in read) return { ok: false, error: read.error };
    if ('ignored' in read) ignored.push(read.ignored);
    else tools.push(read.tool);
  }
  return { ok: true, tools, ignored };
}

function readTool(item: unknown, index: number): { tool: GatewayTool } | { ignored: IgnoredTool } | { error: GatewayRequestError } {
  const at = `/tools/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `tools[${index}] must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type');
  if (type !== 'function') {
    // Hosted tools (web_search, file_search) and custom grammars have no schema a call could be
    // checked against, and most upstreams refuse them: left out, with a warning, never refused.
    if (typeof type === 'string' && type !== '') return { ignored: { field: `${at}/type`, type: excerpt(type) } };
    return { error: requestError(`${at}/type`, `tools[${index}].type must be a string such as "function"; got ${excerpt(type)}`) };
  }
  const fn = ownValue(item, 'function');
  if (!isPlainObject(fn)) return { error: requestError(`${at}/function`, `tools[${index}].function must be an object; got ${describeValueType(fn)}`) };
  const name = ownValue(fn, 'name');
  if (typeof name !== 'string') return { error: requestError(`${at}/function/name`, `tools[${index}].function.name must be a string; got ${describeValueType(name)}`) };
  if (name.length === 0) return { error: toolError(`${at}/function/name`, `tools[${index}].function.name is empty; a tool needs a name`) };
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
      position: index,
      wireName: name,
      description,
      parameters: parameters === null ? undefined : parameters,
      ...(typeof strict === 'boolean' ? { strict } : {}),
    },
  };
}
