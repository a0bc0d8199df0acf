import { readFileSync } from 'node:fs';

/** Standard input read up to a bound. */
export type BoundedReadResult =
  | { readonly ok: true; readonly text: string }
  /** More than `maxBytes` arrived; reading stopped there. */
  | { readonly ok: false; readonly bytesRead: number }
  /** The bytes are not UTF-8: refused, as the host refuses them, rather than replaced with U+FFFD. */
  | { readonly ok: false; readonly notUtf8: true };

/** Strict decoder: invalid byte sequences are refused, not replaced with U+FFFD (as the host does). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The host's words for arguments that are not UTF-8 (apps/host validate route), shared by the CLI. */
export const NOT_UTF8_MESSAGE = 'The arguments are not valid UTF-8 text';
export const NOT_UTF8_SUGGESTION = 'Send the arguments as a JSON object encoded in UTF-8';

/**
 * Reads a stream as UTF-8 text, but never more than `maxBytes + 1` bytes: as soon as the input
 * is known to be too large, reading stops and the stream is released, so an endless producer
 * (`yes | acode tools validate x`) cannot exhaust memory or hang the command. A leading byte
 * order mark, which some shells add to piped text, is dropped. Bytes that are not UTF-8 are
 * refused (`notUtf8`), never turned into U+FFFD (issue 13).
 */
export async function readBoundedText(stream: NodeJS.ReadableStream, maxBytes: number): Promise<BoundedReadResult> {
  const chunks: Buffer[] = [];
  let bytesRead = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    bytesRead += buffer.length;
    // Leaving the loop early destroys the stream; nothing more is buffered.
    if (bytesRead > maxBytes) return { ok: false, bytesRead };
    chunks.push(buffer);
  }
  const text = decodeUtf8Text(Buffer.concat(chunks));
  return text === undefined ? { ok: false, notUtf8: true } : { ok: true, text };
}

/** Bytes as UTF-8 text, a leading byte order mark dropped; `undefined` when they are not UTF-8 (never U+FFFD). */
export function decodeUtf8Text(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** ARGS_JSON read from standard input for `tools validate` and `tools exec`. */
export type ArgumentsTextRead =
  | { readonly kind: 'text'; readonly text: string }
  /** Standard input is a terminal: nothing was piped, and waiting for typing would look like a hang. */
  | { readonly kind: 'terminal' }
  /** More than `maxBytes` arrived; reading stopped there. */
  | { readonly kind: 'too-large' }
  /** The bytes are not UTF-8. */
  | { readonly kind: 'not-utf8' };

/** Reads ARGS_JSON from `stdin`, at most `maxBytes`; a terminal is not waited on. */
export async function readArgumentsText(stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, maxBytes: number): Promise<ArgumentsTextRead> {
  if (stdin.isTTY === true) return { kind: 'terminal' };
  const read = await readBoundedText(stdin, maxBytes);
  if (read.ok) return { kind: 'text', text: read.text };
  return 'notUtf8' in read ? { kind: 'not-utf8' } : { kind: 'too-large' };
}

/** The usage error for a missing ARGS_JSON on a terminal. */
export const MISSING_ARGUMENTS_MESSAGE = 'Missing ARGS_JSON: pass it as an argument or pipe it on standard input.';

/**
 * True when ARGS_JSON given as a command-line argument arrived as UTF-8. Node decodes argv itself
 * and turns invalid bytes into U+FFFD, so text without U+FFFD is fine; text with one is checked
 * against the raw bytes in `/proc/self/cmdline` (Linux): an argument whose bytes decode to this
 * text leniently must also decode strictly. Where the raw bytes cannot be read, a U+FFFD is
 * refused: it cannot be told apart from a replaced byte, and stdin carries it unambiguously.
 */
export function isUtf8Argument(text: string, readCommandLine: () => Buffer | undefined = readProcCommandLine): boolean {
  if (!text.includes('\uFFFD')) return true;
  const raw = readCommandLine();
  if (raw === undefined) return false;
  let sawStrict = false;
  let start = 0;
  while (start < raw.length) {
    const end = raw.indexOf(0, start);
    const stop = end === -1 ? raw.length : end;
    const bytes = raw.subarray(start, stop);
    start = stop + 1;
    if (bytes.toString('utf8') !== text) continue;
    try {
      UTF8.decode(bytes);
      sawStrict = true;
    } catch {
      return false;
    }
  }
  return sawStrict;
}

function readProcCommandLine(): Buffer | undefined {
  try {
    return readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
}
