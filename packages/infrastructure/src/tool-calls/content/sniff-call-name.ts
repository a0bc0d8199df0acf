import { skipWhitespace } from './find-json-end.js';

/** Longest name read; registered names have at most 64 characters (decision 1). */
const MAX_SNIFFED_NAME_LENGTH = 64;

const KEY = 'name';
const NAME_CHARACTER = /^[A-Za-z0-9_.-]$/;
/** What may stand just before the key: its opening quote, or what precedes an unquoted key. */
const BEFORE_KEY = /^["'{,\s]$/;

/**
 * The tool name in the text of a call that does not decode (`{"name": "file_read", "arguments":
 * {"path": "a` cut short, `{name: 'file_read', ...}`): the first `name: "<word>"` in it, the key
 * quoted or not, the value in double or single quotes. It only names the call in its error, so
 * the call can be retried like any other; it never makes a call run. Linear in the text: each
 * `name` is looked at once, and a name is read to at most 64 characters.
 */
export function sniffCallName(body: string): string | undefined {
  for (let at = body.indexOf(KEY); at !== -1; at = body.indexOf(KEY, at + KEY.length)) {
    const before = at === 0 ? '' : (body[at - 1] as string);
    if (!BEFORE_KEY.test(before)) continue;
    let i = at + KEY.length;
    if ((before === '"' || before === "'") && body[i++] !== before) continue;
    i = skipWhitespace(body, i);
    if (body[i] !== ':') continue;
    i = skipWhitespace(body, i + 1);
    const quote = body[i];
    if (quote !== '"' && quote !== "'") continue;
    const start = i + 1;
    let end = start;
    while (end - start <= MAX_SNIFFED_NAME_LENGTH && end < body.length && NAME_CHARACTER.test(body[end] as string)) end++;
    if (end > start && end - start <= MAX_SNIFFED_NAME_LENGTH && body[end] === quote) return body.slice(start, end);
  }
  return undefined;
}
