import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '@acode/domain';
import { readAnthropicMessagesRequest, readRequestTools, type GatewayTool } from '@acode/infrastructure/gateway';
import { scanJsonText } from '@acode/infrastructure/validate';
import { readBoundedText } from '../read-stdin.js';

/** Largest tools file read: 128 tools with generous schemas fit many times over. */
export const MAX_TOOLS_FILE_BYTES = 4 * 1024 * 1024;
/** Deepest nesting read: a tool's schema may nest 64 levels inside a request body. */
const MAX_TOOLS_FILE_DEPTH = 128;

/** The request's tools, in the gateway's neutral form, or why the file cannot be used (`code` and one line). */
export type ToolsFileRead =
  | { readonly ok: true; readonly tools: GatewayTool[]; readonly wire: 'openai' | 'anthropic'; readonly ignored: number }
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
  const reading =
    wire === 'openai'
      ? readRequestTools(list)
      : (() => {
          const request = readAnthropicMessagesRequest({ model: 'tools-file', max_tokens: 1, messages: [{ role: 'user', content: '.' }], tools: list });
          return request.ok ? { ok: true as const, tools: [...request.request.tools], ignored: request.request.ignoredTools ?? [] } : { ok: false as const, error: request.error };
        })();
  if (!reading.ok) {
    const where = reading.error.field === undefined ? '' : ` (at ${reading.error.field})`;
    return { ok: false, code: reading.error.code, message: `${label}: ${reading.error.message}${where}.` };
  }
  return { ok: true, tools: reading.tools, wire, ignored: reading.ignored.length };
}

const SHAPES =
  'must hold a JSON list of tools: OpenAI\'s [{"type": "function", "function": {"name", "description", "parameters"}}], ' +
  'Anthropic\'s [{"name", "description", "input_schema"}], or a request body with such a "tools" list';

/** OpenAI's items carry `function`, Anthropic's a top-level `name`; an empty list is no tools either way. */
function wireOf(list: readonly unknown[]): 'openai' | 'anthropic' | undefined {
  if (list.length === 0) return 'openai';
  if (list.some((item) => isRecord(item) && (item['type'] === 'function' || 'function' in item))) return 'openai';
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
