import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { decodeUtf8Text, readBoundedText } from '../read-stdin.js';

/** Largest definition file read: the host's own bound on a definition body (256 KiB). */
export const MAX_DEFINITION_FILE_BYTES = 256 * 1024;
/** Most YAML alias expansions: a definition needs none, a bomb needs millions. */
const MAX_ALIAS_COUNT = 100;

/** A definition file read and parsed, or why it cannot be used (one line, naming the file and the position). */
export type DefinitionFileResult = { readonly ok: true; readonly definition: Record<string, unknown> } | { readonly ok: false; readonly message: string };

/**
 * Reads the tool definition of `tools create` and `tools update`: `file` as typed (relative to
 * `cwd`), or standard input for `-`. JSON by the extension `.json`, YAML by `.yml`/`.yaml`, else
 * by the content (a first `{` is JSON). At most {@link MAX_DEFINITION_FILE_BYTES}, UTF-8, one
 * mapping at the top. Syntax errors name the file, line and column.
 */
export async function readDefinitionFile(file: string, cwd: string, stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }): Promise<DefinitionFileResult> {
  const fromStdin = file === '-';
  const label = fromStdin ? 'standard input' : file;
  let text: string;
  if (fromStdin) {
    if (stdin.isTTY === true) return failed('Missing definition: FILE is -, but standard input is a terminal. Pipe the YAML or JSON in, or name a file.');
    const read = await readBoundedText(stdin, MAX_DEFINITION_FILE_BYTES);
    if (!read.ok) return failed('notUtf8' in read ? `${label} is not UTF-8 text.` : tooLarge(label));
    text = read.text;
  } else {
    const read = readFileBounded(resolve(cwd, file), label);
    if (!read.ok) return read;
    text = read.text;
  }
  if (text.trim() === '') return failed(`${label} is empty: it must hold one tool definition (name, description, version, category, parameters).`);
  const extension = fromStdin ? '' : extname(file).toLowerCase();
  const json = extension === '.json' || (extension !== '.yml' && extension !== '.yaml' && text.trimStart().startsWith('{'));
  const parsed = json ? parseJson(label, text) : parseYaml(label, text);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return failed(`${label} must hold one tool definition as a ${json ? 'JSON object' : 'YAML mapping'}, not ${describeValue(value)}.`);
  }
  return { ok: true, definition: value as Record<string, unknown> };
}

type TextRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** The file's text: a regular file, its size checked before reading, strictly UTF-8. */
function readFileBounded(path: string, label: string): TextRead {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return failed(`${label} does not exist.`);
    if (code === 'EACCES' || code === 'EPERM') return failed(`${label} cannot be read: permission denied.`);
    if (code === 'EISDIR') return failed(`${label} is a directory, not a definition file.`);
    return failed(`${label} cannot be read${code === undefined ? '' : ` (${code})`}.`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return failed(`${label} is a directory, not a definition file.`);
    if (!stat.isFile()) return failed(`${label} is not a regular file.`);
    if (stat.size > MAX_DEFINITION_FILE_BYTES) return failed(tooLarge(label));
    const buffer = Buffer.alloc(MAX_DEFINITION_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const count = readSync(fd, buffer, length, buffer.length - length, null);
      if (count === 0) break;
      length += count;
      // The file grew since it was measured.
      if (length > MAX_DEFINITION_FILE_BYTES) return failed(tooLarge(label));
    }
    const text = decodeUtf8Text(buffer.subarray(0, length));
    return text === undefined ? failed(`${label} is not UTF-8 text.`) : { ok: true, text };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failed(`${label} cannot be read${code === undefined ? '' : ` (${code})`}.`);
  } finally {
    closeSync(fd);
  }
}

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** JSON with the position of the first error as line and column (the parser's message quotes the text: not echoed). */
function parseJson(label: string, text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const position = /position (\d+)/.exec(message);
    const offset = position === null ? (/end of JSON input/i.test(message) ? text.length : undefined) : Number(position[1]);
    const where = offset === undefined ? '' : `:${lineAndColumn(text, offset)}`;
    const reason = /end of JSON input/i.test(message) ? 'the JSON ends too early' : 'invalid JSON';
    return failed(`${label}${where}: ${reason}.`);
  }
}

/** YAML with the loader's safety: one document, unique keys, no YAML 1.1 tags, aliases bounded. */
function parseYaml(label: string, text: string): Parsed {
  const lineCounter = new LineCounter();
  try {
    const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, resolveKnownTags: false });
    const error = document.errors[0];
    if (error !== undefined) {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      const more = document.errors.length > 1 ? ` (and ${document.errors.length - 1} more)` : '';
      return failed(`${label}:${line}:${col}: YAML syntax error: ${firstLine(error.message)}${more}`);
    }
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown };
  } catch {
    // An alias expanding too far, or nesting deep enough to exhaust the parser.
    return failed(`${label} cannot be read as YAML (aliases that expand too far, or nesting too deep).`);
  }
}

/** `line:column`, both 1-based, of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.min(offset, text.length));
  const lines = before.split('\n');
  return `${lines.length}:${(lines.at(-1)?.length ?? 0) + 1}`;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim();
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

function tooLarge(label: string): string {
  return `${label} is larger than ${MAX_DEFINITION_FILE_BYTES / 1024} KiB, the most a definition may be.`;
}

function failed(message: string): { readonly ok: false; readonly message: string } {
  return { ok: false, message };
}
