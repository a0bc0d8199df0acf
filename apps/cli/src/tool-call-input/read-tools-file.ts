import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '@acode/domain';
import { readAnthropicMessagesRequest, readRequestTools, readResponsesRequest, type GatewayTool } from '@acode/infrastructure/gateway';
import { scanJsonText } from '@acode/infrastructure/validate';
import { readBoundedText } from '../read-stdin.js';

/** Largest tools file read: 128 tools with generous schemas fit many times over. */
export const MAX_TOOLS_FILE_BYTES = 4 * 1024 * 1024;
/** Deepest nesting read: a tool's schema may nest 64 levels inside a request body. */
const MAX_TOOLS_FILE_DEPTH = 128;

/** The wire a tools list is written in: OpenAI chat's nested `function`, OpenAI Responses' flat function tools, Anthropic's `input_schema`. */
export type ToolsWire = 'openai' | 'openai-responses' | 'anthropic';

/** The request's tools, in the gateway's neutral form, or why the file cannot be used (`code` and one line). */
export type ToolsFileRead =
  | { readonly ok: true; readonly tools: GatewayTool[]; readonly wire: ToolsWire; readonly ignored: number }
  | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * Reads `--tools FILE` (relative to `cwd`): the tools a request declared, as an OpenAI list
 * (`[{"type": "function", "function": {...}}]`), an Anthropic list (`[{"name", "input_schema"}]`)
 * or a whole request body with its `tools`. Each list is read by the gateway's own reader for its
 * wire, so a tool is taken or refused exactly as the gateway would; tools with no schema to check
 * (hosted tools such as `web_search`) are left out and counted.
 */
export async function readToolsFile(file: string, cwd: string): Promise<ToolsFileRead> {
  const label = `Tools file ${file}`;
  let read: Awaited<ReturnType<typeof readBoundedText>>;
  try {
    read = await readBoundedText(createReadStream(resolve(cwd, file)), MAX_TOOLS_FILE_BYTES);
  } catch (error) {
    return failed(describeReadError(label, (error as NodeJS.ErrnoException | undefined)?.code));
  }
  if (!read.ok && 'notUtf8' in read) return failed(`${label} is not UTF-8 text.`);
  if (!read.ok) return failed(`${label} is larger than ${MAX_TOOLS_FILE_BYTES / (1024 * 1024)} MiB; it was not read further.`);
  const scan = scanJsonText(read.text, MAX_TOOLS_FILE_DEPTH);
  if (!scan.ok) {
    return failed(scan.kind === 'depth' ? `${label} nests deeper than ${MAX_TOOLS_FILE_DEPTH} levels.` : `${label} is not valid JSON (${scan.reason}, at character ${scan.position + 1}).`);
  }
  const value = JSON.parse(read.text) as unknown;
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value['tools']) ? value['tools'] : undefined;
  if (list === undefined) return failed(`${label} ${SHAPES}; it holds ${describe(value)}.`);
  const wire = wireOf(list);
  if (wire === undefined) return failed(`${label} ${SHAPES}; its items are neither.`);

  // The gateway's readers, so a tool is read here exactly as the gateway reads it.
  const reading = readToolsOf(wire, list);
  if (!reading.ok) {
    // The readers name fields inside a request body (`/tools/0/...`); a bare list starts at its items.
    const field = reading.error.field === undefined || !Array.isArray(value) ? reading.error.field : reading.error.field.replace(/^\/tools(?=\/|$)/, '') || '(the list)';
    const where = field === undefined ? '' : ` (at ${field})`;
    return { ok: false, code: reading.error.code, message: `${label}: ${reading.error.message}${where}.` };
  }
  return { ok: true, tools: reading.tools, wire, ignored: reading.ignored.length };
}

const SHAPES =
  'must hold a JSON list of tools: OpenAI\'s [{"type": "function", "function": {"name", "description", "parameters"}}], ' +
  'OpenAI Responses\' [{"type": "function", "name", "parameters"}], ' +
  'Anthropic\'s [{"name", "description", "input_schema"}], or a request body with such a "tools" list';

/** The list read by the gateway's own reader for its wire (the two request readers given a minimal body around it). */
function readToolsOf(wire: ToolsWire, list: unknown[]): ReturnType<typeof readRequestTools> {
  if (wire === 'openai') return readRequestTools(list);
  const request =
    wire === 'anthropic'
      ? readAnthropicMessagesRequest({ model: 'tools-file', max_tokens: 1, messages: [{ role: 'user', content: '.' }], tools: list })
      : readResponsesRequest({ model: 'tools-file', input: '.', tools: list });
  return request.ok ? { ok: true, tools: [...request.request.tools], ignored: [...(request.request.ignoredTools ?? [])] } : { ok: false, error: request.error };
}

/**
 * OpenAI chat's items nest `function`; Anthropic's carry `input_schema`; Responses' function tools
 * are flat (`type` beside a top-level `name`); a bare `name` is Anthropic's. An empty list is no
 * tools either way.
 */
function wireOf(list: readonly unknown[]): ToolsWire | undefined {
  if (list.length === 0) return 'openai';
  if (list.some((item) => isRecord(item) && 'function' in item)) return 'openai';
  if (list.some((item) => isRecord(item) && 'input_schema' in item)) return 'anthropic';
  if (list.some((item) => isRecord(item) && typeof item['type'] === 'string' && typeof item['name'] === 'string')) return 'openai-responses';
  if (list.some((item) => isRecord(item) && item['type'] === 'function')) return 'openai';
  if (list.some((item) => isRecord(item) && ('input_schema' in item || typeof item['name'] === 'string'))) return 'anthropic';
  return undefined;
}

function describeReadError(label: string, code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return `${label} does not exist.`;
    case 'EACCES':
    case 'EPERM':
      return `${label} cannot be read: permission denied.`;
    case 'EISDIR':
      return `${label} is a directory, not a file.`;
    default:
      return `${label} cannot be read${code === undefined ? '' : ` (${code})`}.`;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'an object without a "tools" list';
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function failed(message: string): ToolsFileRead {
  return { ok: false, code: ERROR_CODES.CLI_USAGE, message };
}
