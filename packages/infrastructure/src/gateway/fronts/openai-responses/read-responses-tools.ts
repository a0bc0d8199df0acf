import { appendPointer, canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue } from '@acode/domain';
import type { GatewayTool } from '../../gateway-request.js';
import { excerpt, requestError, toolError, type GatewayRequestError, type Read } from '../../gateway-request-error.js';
import { MAX_REQUEST_TOOLS, type IgnoredTool, type RequestToolsReading } from '../../read-request-tools.js';

/**
 * The flat name the model sees for function `name` of namespace `namespace`: the two joined with
 * `__`, the convention of MCP tool names (`mcp__server__tool`), so a namespace already ending in
 * `__` is not doubled. Answers carry the namespace and the own name again, as the real API does.
 */
export function namespacedToolName(namespace: string, name: string): string {
  return namespace.endsWith('__') ? `${namespace}${name}` : `${namespace}__${name}`;
}

/**
 * Reads a Responses request's `tools`:
 *
 * - `{type: "function", name, description?, parameters?, strict?}` is a function tool.
 * - `{type: "custom", name, description?, format?}` (free-form input, Codex's `apply_patch`) is a
 *   function of one string parameter `input` upstream, marked `custom`; a grammar `format` is
 *   written into that parameter's description, since no upstream here can enforce it.
 * - `{type: "namespace", name, tools: [...]}` gives one tool per function (or custom tool) it
 *   groups, named {@link namespacedToolName} for the model and carrying `namespace`.
 * - Any other type (`web_search`, `file_search`, `local_shell`, `mcp`, `code_interpreter`...) is a
 *   tool OpenAI runs itself: left out, with a warning, never refused.
 *
 * Absent or `null` is no tools. At most {@link MAX_REQUEST_TOOLS} tools, counted after namespaces
 * are opened. An empty name is ACODE-GTW-002; other malformed fields ACODE-GTW-001.
 */
export function readResponsesTools(value: unknown): RequestToolsReading {
  if (value === undefined || value === null) return { ok: true, tools: [], ignored: [] };
  if (!Array.isArray(value)) return { ok: false, error: requestError('/tools', `tools must be an array; got ${describeValueType(value)}`) };
  if (value.length > MAX_REQUEST_TOOLS) return { ok: false, error: tooMany(value.length) };
  const tools: GatewayTool[] = [];
  const ignored: IgnoredTool[] = [];
  for (let index = 0; index < value.length; index++) {
    const read = readTool(value[index], index, `/tools/${index}`, `tools[${index}]`, undefined);
    if ('error' in read) return { ok: false, error: read.error };
    tools.push(...read.value.tools);
    ignored.push(...read.value.ignored);
    // Checked as tools accumulate, so a namespace of ten thousand functions is refused early.
    if (tools.length > MAX_REQUEST_TOOLS) return { ok: false, error: tooMany(tools.length) };
  }
  return { ok: true, tools, ignored };
}

interface ToolsRead {
  readonly tools: GatewayTool[];
  readonly ignored: IgnoredTool[];
}

function tooMany(count: number): GatewayRequestError {
  return toolError('/tools', `A request may declare at most ${MAX_REQUEST_TOOLS} tools (functions of namespaces counted); this one declares ${count}`);
}

function readTool(item: unknown, position: number, at: string, label: string, namespace: string | undefined): Read<ToolsRead> {
  if (!isPlainObject(item)) return { error: requestError(at, `${label} must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type');
  if (typeof type !== 'string' || type === '') return { error: requestError(`${at}/type`, `${label}.type must be a string such as "function"; got ${excerpt(type)}`) };
  switch (type) {
    case 'function':
    case 'custom': {
      const tool = readFunction(item, type === 'custom', position, at, label, namespace);
      return 'error' in tool ? tool : { value: { tools: [tool.value], ignored: [] } };
    }
    case 'namespace':
      if (namespace !== undefined) return { error: requestError(`${at}/type`, `${label} is a namespace inside a namespace; namespaces hold functions and custom tools only`) };
      return readNamespace(item, position, at, label);
    default:
      // A tool OpenAI runs itself has no schema a call could be checked against, and no upstream
      // of the gateway runs it: left out, with a warning.
      return { value: { tools: [], ignored: [{ field: `${at}/type`, type: excerpt(type) }] } };
  }
}

function readNamespace(item: Readonly<Record<string, unknown>>, position: number, at: string, label: string): Read<ToolsRead> {
  const name = readName(item, at, label);
  if ('error' in name) return name;
  const members = ownValue(item, 'tools');
  if (!Array.isArray(members)) return { error: requestError(`${at}/tools`, `${label}.tools must be an array; got ${describeValueType(members)}`) };
  if (members.length > MAX_REQUEST_TOOLS) return { error: tooMany(members.length) };
  const tools: GatewayTool[] = [];
  const ignored: IgnoredTool[] = [];
  for (let index = 0; index < members.length; index++) {
    const read = readTool(members[index], position, `${at}/tools/${index}`, `${label}.tools[${index}]`, name.value);
    if ('error' in read) return read;
    tools.push(...read.value.tools);
    ignored.push(...read.value.ignored);
  }
  return { value: { tools, ignored } };
}

function readName(item: Readonly<Record<string, unknown>>, at: string, label: string): Read<string> {
  const name = ownValue(item, 'name');
  if (typeof name !== 'string') return { error: requestError(`${at}/name`, `${label}.name must be a string; got ${describeValueType(name)}`) };
  if (name.length === 0) return { error: toolError(`${at}/name`, `${label}.name is empty; a tool needs a name`) };
  return { value: name };
}

function readFunction(item: Readonly<Record<string, unknown>>, custom: boolean, position: number, at: string, label: string, namespace: string | undefined): Read<GatewayTool> {
  const name = readName(item, at, label);
  if ('error' in name) return name;
  const description = ownValue(item, 'description') ?? '';
  if (typeof description !== 'string') return { error: requestError(`${at}/description`, `${label}.description must be a string; got ${describeValueType(description)}`) };
  const schema = custom ? customParameters(ownValue(item, 'format'), `${at}/format`, label) : readParameters(item, at, label);
  if ('error' in schema) return schema;
  const strict = custom ? undefined : (ownValue(item, 'strict') ?? undefined);
  if (strict !== undefined && typeof strict !== 'boolean') return { error: requestError(`${at}/strict`, `${label}.strict must be a boolean; got ${describeValueType(strict)}`) };
  return {
    value: {
      position,
      wireName: namespace === undefined ? name.value : namespacedToolName(namespace, name.value),
      description,
      parameters: schema.value,
      ...(typeof strict === 'boolean' ? { strict } : {}),
      ...(custom ? { custom: true } : {}),
      ...(namespace === undefined ? {} : { namespace: { namespace, name: name.value } }),
    },
  };
}

function readParameters(item: Readonly<Record<string, unknown>>, at: string, label: string): Read<unknown> {
  const parameters = ownValue(item, 'parameters') ?? undefined;
  if (parameters !== undefined && canonicalJson(parameters, MAX_JSON_DEPTH) === undefined) {
    return { error: toolError(appendPointer(at, 'parameters'), `${label}.parameters must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
  }
  return { value: parameters };
}

/** The one-string-parameter schema a custom tool is offered upstream with. */
function customParameters(format: unknown, at: string, label: string): Read<unknown> {
  let description = 'The free-form input of the tool, as plain text.';
  if (format !== undefined && format !== null) {
    if (!isPlainObject(format)) return { error: requestError(at, `${label}.format must be an object; got ${describeValueType(format)}`) };
    const type = ownValue(format, 'type');
    if (type === 'grammar') {
      const syntax = ownValue(format, 'syntax');
      const definition = ownValue(format, 'definition');
      if (typeof definition !== 'string') return { error: requestError(`${at}/definition`, `${label}.format.definition must be a string; got ${describeValueType(definition)}`) };
      // No upstream here constrains decoding to a grammar: the model is told it instead.
      description = `The free-form input of the tool. It must follow this ${typeof syntax === 'string' ? `${syntax} ` : ''}grammar:\n${definition}`;
    } else if (type !== 'text') {
      return { error: requestError(`${at}/type`, `${label}.format.type must be "text" or "grammar"; got ${excerpt(type)}`) };
    }
  }
  return { value: { type: 'object', properties: { input: { type: 'string', description } }, required: ['input'], additionalProperties: false } };
}
