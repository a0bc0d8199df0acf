import { isPlainObject, ownValue, quoteText } from '@acode/domain';

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
