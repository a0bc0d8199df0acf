import { isPlainObject, ownValue, quoteText } from '@acode/domain';
import { REDACTED, scrubText } from '../tool-calls/scrub-secrets.js';
import type { SecretValue } from './secret-value.js';

/** Longest part of a server's error message repeated in ours. */
export const MAX_SERVER_MESSAGE_LENGTH = 300;

/**
 * The message in an error body, in any of the shapes servers use: Ollama's `{"error": "..."}`,
 * OpenAI's `{"error": {"message": "..."}}`, FastAPI's `{"detail": "..."}`, `{"message": "..."}`,
 * or plain text. Whitespace runs are folded so a multi-line body cannot forge lines of our own.
 * `undefined` when the body says nothing usable.
 */
export function readServerErrorMessage(body: string): string | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  let message: unknown = text;
  if (text.startsWith('{')) {
    try {
      message = messageOf(JSON.parse(text) as unknown);
    } catch {
      // Not JSON after all: the text is the message.
    }
  }
  if (typeof message !== 'string') return undefined;
  const folded = message.replace(/\s+/g, ' ').trim();
  return folded === '' ? undefined : folded;
}

/**
 * `text` without the key the client sent (every occurrence, whatever surrounds it) and without
 * secret-looking values (the log scrubber's rules: key prefixes, long hex or base64 runs, the word
 * after `Bearer` or after a secret-named word). Servers echo what they were sent ("Incorrect API
 * key provided: Bearer AIza..."), and whatever is built from their words reaches messages and
 * logs at every level, so it is scrubbed before it is quoted anywhere.
 */
export function scrubServerText(text: string, apiKey?: SecretValue): string {
  const key = apiKey?.reveal();
  const withoutKey = key === undefined || key.trim() === '' ? text : text.split(key).join(REDACTED);
  return scrubText(withoutKey);
}

/** The message quoted and bounded for one of our sentences: `"model not found"`. */
export function quoteServerMessage(message: string): string {
  return quoteText(message, MAX_SERVER_MESSAGE_LENGTH);
}

function messageOf(body: unknown): unknown {
  if (!isPlainObject(body)) return undefined;
  const error = ownValue(body, 'error');
  if (typeof error === 'string') return error;
  if (isPlainObject(error)) return ownValue(error, 'message');
  return ownValue(body, 'detail') ?? ownValue(body, 'message');
}
