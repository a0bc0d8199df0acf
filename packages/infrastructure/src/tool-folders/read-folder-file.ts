import { lstat, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';

/** Why a tool folder file could not be read. */
export type FolderFileFailure =
  | { readonly kind: 'missing' }
  | { readonly kind: 'too-large'; readonly sizeBytes: number }
  | { readonly kind: 'not-a-file' }
  | { readonly kind: 'outside'; readonly target: string }
  | { readonly kind: 'not-utf8' }
  | { readonly kind: 'unreadable'; readonly detail: string };

/** A file's bytes, or why there are none. */
export type FolderFileBytes = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly failure: FolderFileFailure };

/** A file's text, or why there is none. */
export type FolderFileText = { readonly ok: true; readonly text: string; readonly bytes: Buffer } | { readonly ok: false; readonly failure: FolderFileFailure };

/**
 * Reads one file of a tool folder. The size is checked before reading, so a 10 MB file costs a
 * `stat`, not 10 MB of memory; a symbolic link is followed only when it stays inside `rootDir`
 * (the real tools directory), so a folder cannot smuggle `/etc/passwd` into the artifact.
 */
export async function readFolderFile(file: string, rootDir: string, maxBytes: number): Promise<FolderFileBytes> {
  let info;
  try {
    info = await lstat(file);
  } catch (error) {
    return isNotFound(error) ? { ok: false, failure: { kind: 'missing' } } : unreadable(error);
  }
  if (info.isSymbolicLink()) {
    let target: string;
    try {
      target = await realpath(file);
    } catch {
      return { ok: false, failure: { kind: 'missing' } };
    }
    if (!isInside(rootDir, target)) return { ok: false, failure: { kind: 'outside', target } };
    return readFolderFile(target, rootDir, maxBytes);
  }
  if (!info.isFile()) return { ok: false, failure: { kind: 'not-a-file' } };
  if (info.size > maxBytes) return { ok: false, failure: { kind: 'too-large', sizeBytes: info.size } };
  try {
    const bytes = await readFile(file);
    // The file may have grown between stat and read.
    if (bytes.length > maxBytes) return { ok: false, failure: { kind: 'too-large', sizeBytes: bytes.length } };
    return { ok: true, bytes };
  } catch (error) {
    return unreadable(error);
  }
}

/** Reads a file as UTF-8 text; invalid bytes are a failure, never replaced with U+FFFD. */
export async function readFolderText(file: string, rootDir: string, maxBytes: number): Promise<FolderFileText> {
  const read = await readFolderFile(file, rootDir, maxBytes);
  if (!read.ok) return read;
  const text = decodeUtf8(read.bytes);
  return text === undefined ? { ok: false, failure: { kind: 'not-utf8' } } : { ok: true, text, bytes: read.bytes };
}

/** Strict UTF-8 decoding (a leading byte order mark is dropped); `undefined` for invalid bytes. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** One sentence for a failure, naming the file as the author knows it. */
export function describeFileFailure(name: string, failure: FolderFileFailure, maxBytes: number): string {
  switch (failure.kind) {
    case 'missing':
      return `${name} is missing`;
    case 'too-large':
      return `${name} is ${failure.sizeBytes} bytes; at most ${maxBytes} bytes are read`;
    case 'not-a-file':
      return `${name} is not a regular file`;
    case 'outside':
      return `${name} is a symbolic link to ${failure.target}, outside the tools directory; tool files must live inside it`;
    case 'not-utf8':
      return `${name} is not valid UTF-8 text`;
    case 'unreadable':
      return `${name} cannot be read: ${failure.detail}`;
  }
}

/** True when `target` is `root` or below it. */
export function isInside(root: string, target: string): boolean {
  const path = relative(root, target);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function unreadable(error: unknown): FolderFileBytes {
  const code = (error as { code?: unknown } | null)?.code;
  return { ok: false, failure: { kind: 'unreadable', detail: typeof code === 'string' ? code : 'unknown error' } };
}
