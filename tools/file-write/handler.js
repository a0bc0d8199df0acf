// @ts-check
// file_write: writes a file inside the workspace, atomically (temp file + rename). Every path goes
// through context.workspace. At run time this module imports nothing from @acode/*.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/** @typedef {import('@acode/domain').ToolErrorType} ToolErrorType */

/** Largest file an append may produce; the registry already caps `content` at 1 MiB of arguments. */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;

/**
 * The schema's encodings as Node encodes them; `utf-16` is written little-endian without a byte
 * order mark. UTF-32 has no encoder in Node: refused.
 * @type {Readonly<Record<string, BufferEncoding | undefined>>}
 */
const ENCODERS = { 'utf-8': 'utf8', ascii: 'latin1', 'utf-16': 'utf16le', 'utf-32': undefined };

/**
 * Writes `content` to `path`: `overwrite` replaces the file, `append` adds to its end. Either way
 * the new content is written to a temporary file beside the target and renamed over it, so a
 * reader never sees half a file and a failed write leaves the old one intact.
 *
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args, context }) {
  const given = String(args['path']);
  const content = String(args['content'] ?? '');
  const mode = args['mode'] === 'append' ? 'append' : 'overwrite';
  const createDirectories = args['create_directories'] !== false;
  const encoding = typeof args['encoding'] === 'string' ? args['encoding'] : 'utf-8';
  const encoder = ENCODERS[encoding];
  if (encoder === undefined) return failure('VALIDATION', `Encoding ${encoding} is not supported`, 'Use utf-8, ascii or utf-16.');
  if (encoding === 'ascii' && /[^\u0000-\u007f]/.test(content)) return failure('VALIDATION', 'The content has characters outside ASCII', 'Use encoding utf-8.');

  let real;
  try {
    real = await context.workspace.resolve(given, 'write');
  } catch (error) {
    return refusal(error);
  }
  const shown = relative(context.workspace.root, real).split(sep).join('/') || '.';
  if (real === context.workspace.root) return failure('VALIDATION', 'The workspace root is a directory, not a file');

  let existing;
  try {
    existing = await stat(real);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOTDIR') return failure('VALIDATION', `A parent of ${shown} is a file, not a directory`);
    if (code !== 'ENOENT') return fileSystemFailure(error, shown);
  }
  if (existing?.isDirectory()) return failure('VALIDATION', `${shown} is a directory, not a file`);
  if (existing !== undefined && !existing.isFile()) return failure('VALIDATION', `${shown} is not a regular file`);

  const parent = dirname(real);
  try {
    if (createDirectories) await mkdir(parent, { recursive: true });
    else if (!(await stat(parent)).isDirectory()) return failure('NOT_FOUND', `The parent directory of ${shown} is not a directory`);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return failure('NOT_FOUND', `The parent directory of ${shown} does not exist`, 'Set create_directories to true, or create the directory first.');
    if (code === 'EEXIST' || code === 'ENOTDIR') return failure('VALIDATION', `A parent of ${shown} is a file, not a directory`);
    return fileSystemFailure(error, shown);
  }

  const added = Buffer.from(content, encoder);
  let bytes = added;
  if (mode === 'append' && existing !== undefined) {
    if (existing.size + added.length > MAX_RESULT_BYTES) return failure('PERMANENT', `Appending would make ${shown} larger than ${MAX_RESULT_BYTES} bytes`);
    bytes = Buffer.concat([await readFile(real), added]);
  }

  const temporary = join(parent, `.${basename(real)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // `wx` (O_CREAT | O_EXCL) never follows a symlink planted at the temporary name.
    await writeFile(temporary, bytes, { flag: 'wx', mode: existing?.mode ?? 0o644 });
    await rename(temporary, real);
  } catch (error) {
    await rm(temporary, { force: true });
    return fileSystemFailure(error, shown);
  }
  return { ok: true, data: { path: shown, mode, encoding, bytes_written: added.length, size_bytes: bytes.length, created: existing === undefined } };
}

/**
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
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return failure('PERMANENT', `${shown} cannot be written: permission denied`);
  if (code === 'ENOSPC') return failure('TRANSIENT', `${shown} cannot be written: the disk is full`, undefined, true);
  if (code === 'ENOENT' || code === 'ENOTDIR') return failure('NOT_FOUND', `The parent directory of ${shown} does not exist`);
  throw error;
}

/**
 * @param {ToolErrorType} type
 * @param {string} message
 * @param {string} [suggestion]
 * @param {boolean} [retryable]
 * @returns {ToolHandlerResult}
 */
function failure(type, message, suggestion, retryable = false) {
  return { ok: false, error: { type, message, retryable, ...(suggestion === undefined ? {} : { suggestion }) } };
}
