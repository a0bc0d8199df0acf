import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { readBoundedText } from '../read-stdin.js';

/** Largest input read: a response or a recorded stream is far smaller; anything larger is refused unread. */
export const MAX_INPUT_BYTES = 32 * 1024 * 1024;

/** The input's text, or why it cannot be used (a usage error: exit 2). */
export type InputRead = { readonly ok: true; readonly text: string; readonly source: string } | { readonly ok: false; readonly message: string };

/**
 * Reads `--input FILE` (relative to `cwd`) or standard input for `-`, never more than
 * {@link MAX_INPUT_BYTES} + 1 bytes, so an endless producer or a huge file cannot exhaust
 * memory. A missing, unreadable, empty or oversized input is refused with a message that names
 * it and never leaks an internal error.
 */
export async function readInput(input: string, cwd: string, stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }): Promise<InputRead> {
  const fromStdin = input === '-';
  if (fromStdin && stdin.isTTY === true) return { ok: false, message: 'Standard input is a terminal: pipe a response into --input - or give a file.' };
  const path = fromStdin ? undefined : resolve(cwd, input);
  const source = path ?? 'standard input';

  let read: Awaited<ReturnType<typeof readBoundedText>>;
  try {
    read = await readBoundedText(path === undefined ? stdin : createReadStream(path), MAX_INPUT_BYTES);
  } catch (error) {
    return { ok: false, message: describeReadError(source, error) };
  }
  if (!read.ok && 'notUtf8' in read) return { ok: false, message: `Input ${source} is not valid UTF-8 text; send it encoded in UTF-8.` };
  if (!read.ok) return { ok: false, message: `Input ${source} is larger than ${MAX_INPUT_BYTES} bytes (32 MiB); it was not read further.` };
  if (read.text.trim() === '') return { ok: false, message: `Input ${source} is empty: expected a model response or stream.` };
  return { ok: true, text: read.text, source };
}

function describeReadError(source: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `Input file not found: ${source}`;
    case 'EACCES':
    case 'EPERM':
      return `Input file ${source} cannot be read: permission denied`;
    case 'EISDIR':
      return `Input ${source} is a directory, not a file`;
    default:
      return `Input ${source} cannot be read${code ? ` (${code})` : ''}`;
  }
}
