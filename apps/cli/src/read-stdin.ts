/** Standard input read up to a bound. */
export type BoundedReadResult =
  | { readonly ok: true; readonly text: string }
  /** More than `maxBytes` arrived; reading stopped there. */
  | { readonly ok: false; readonly bytesRead: number };

/**
 * Reads a stream as UTF-8 text, but never more than `maxBytes + 1` bytes: as soon as the input
 * is known to be too large, reading stops and the stream is released, so an endless producer
 * (`yes | acode tools validate x`) cannot exhaust memory or hang the command. A leading byte
 * order mark, which some shells add to piped text, is dropped.
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
  const text = Buffer.concat(chunks).toString('utf8');
  return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
}

/** ARGS_JSON read from standard input for `tools validate` and `tools exec`. */
export type ArgumentsTextRead =
  | { readonly kind: 'text'; readonly text: string }
  /** Standard input is a terminal: nothing was piped, and waiting for typing would look like a hang. */
  | { readonly kind: 'terminal' }
  /** More than `maxBytes` arrived; reading stopped there. */
  | { readonly kind: 'too-large' };

/** Reads ARGS_JSON from `stdin`, at most `maxBytes`; a terminal is not waited on. */
export async function readArgumentsText(stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }, maxBytes: number): Promise<ArgumentsTextRead> {
  if (stdin.isTTY === true) return { kind: 'terminal' };
  const read = await readBoundedText(stdin, maxBytes);
  return read.ok ? { kind: 'text', text: read.text } : { kind: 'too-large' };
}

/** The usage error for a missing ARGS_JSON on a terminal. */
export const MISSING_ARGUMENTS_MESSAGE = 'Missing ARGS_JSON: pass it as an argument or pipe it on standard input.';
