// @ts-check
// file_read: reads a text file inside the workspace. Every path goes through context.workspace.
// At run time this module imports nothing from @acode/*: everything comes through `context`.
import { open, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/** @typedef {import('@acode/domain').ToolErrorType} ToolErrorType */

/** Largest file read, checked before reading: a model has no use for more, and memory has limits. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The schema's encodings as Node decodes them. `ascii` reads as Latin-1, so a stray byte above
 * 0x7F shows as one character instead of being silently masked to 7 bits. UTF-32 has no decoder
 * in Node: refused.
 * @type {Readonly<Record<string, BufferEncoding | undefined>>}
 */
const DECODERS = { 'utf-8': 'utf8', ascii: 'latin1', 'utf-16': 'utf16le', 'utf-32': undefined };

/**
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args, context }) {
  const given = String(args['path']);
  const encoding = typeof args['encoding'] === 'string' ? args['encoding'] : 'utf-8';
  const decoder = DECODERS[encoding];
  if (decoder === undefined) return failure('VALIDATION', `Encoding ${encoding} is not supported`, 'Use utf-8, ascii or utf-16.');
  const startLine = typeof args['start_line'] === 'number' ? args['start_line'] : 1;
  const endLine = typeof args['end_line'] === 'number' ? args['end_line'] : undefined;
  if (endLine !== undefined && endLine < startLine) return failure('VALIDATION', `end_line (${endLine}) is before start_line (${startLine})`);

  let real;
  try {
    real = await context.workspace.resolve(given, 'read');
  } catch (error) {
    return refusal(error);
  }
  const shown = relative(context.workspace.root, real).split(sep).join('/') || '.';
  let info;
  try {
    info = await stat(real);
  } catch (error) {
    return fileSystemFailure(error, shown);
  }
  if (info.isDirectory()) return failure('VALIDATION', `${shown} is a directory, not a file`, 'Use directory_list to see what it holds.');
  if (!info.isFile()) return failure('VALIDATION', `${shown} is not a regular file`);
  if (info.size > MAX_FILE_BYTES) {
    return failure('PERMANENT', `${shown} is ${info.size} bytes, more than the ${MAX_FILE_BYTES} bytes file_read reads`, 'Read a smaller file, or ask for a command that extracts the part you need.');
  }

  let bytes;
  // Read through one handle, at most MAX_FILE_BYTES + 1, so a file that grew since stat cannot exceed the cap.
  try {
    const handle = await open(real, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(info.size, MAX_FILE_BYTES) + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_FILE_BYTES) return failure('PERMANENT', `${shown} grew past ${MAX_FILE_BYTES} bytes while being read`);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return fileSystemFailure(error, shown);
  }

  const text = stripByteOrderMark(bytes.toString(decoder));
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const last = Math.min(endLine ?? lines.length, lines.length);
  const partial = args['start_line'] !== undefined || endLine !== undefined;
  /** @type {JsonObject} */
  const data = {
    path: shown,
    encoding,
    size_bytes: bytes.length,
    total_lines: lines.length,
    content: partial ? lines.slice(startLine - 1, last).join('\n') : text,
  };
  if (partial) {
    data['start_line'] = startLine;
    data['end_line'] = Math.max(last, startLine - 1);
  }
  return { ok: true, data };
}

/** @param {string} text */
function stripByteOrderMark(text) {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A workspace refusal (a ToolError by shape) as a result; anything else is unexpected: rethrown.
 * @param {unknown} error
 * @returns {ToolHandlerResult}
 */
function refusal(error) {
  const candidate = /** @type {{ name?: unknown, type?: unknown, message?: unknown, suggestion?: unknown }} */ (error);
  if (candidate?.name !== 'ToolError' || typeof candidate.type !== 'string' || typeof candidate.message !== 'string') throw error;
  return failure(/** @type {ToolErrorType} */ (candidate.type), candidate.message, typeof candidate.suggestion === 'string' ? candidate.suggestion : undefined);
}

/**
 * @param {unknown} error
 * @param {string} shown
 * @returns {ToolHandlerResult}
 */
function fileSystemFailure(error, shown) {
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return failure('NOT_FOUND', `${shown} does not exist`, 'Check the path with directory_list.');
  if (code === 'EACCES' || code === 'EPERM') return failure('PERMANENT', `${shown} cannot be read: permission denied`);
  if (code === 'EISDIR') return failure('VALIDATION', `${shown} is a directory, not a file`);
  throw error;
}

/**
 * @param {ToolErrorType} type
 * @param {string} message
 * @param {string} [suggestion]
 * @returns {ToolHandlerResult}
 */
function failure(type, message, suggestion) {
  return { ok: false, error: { type, message, retryable: false, ...(suggestion === undefined ? {} : { suggestion }) } };
}
