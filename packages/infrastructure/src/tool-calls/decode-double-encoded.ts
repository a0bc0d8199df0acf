import { jsonTypeOf, type JsonObject } from '@acode/domain';
import { decodeJsonText, type JsonTextDecodeOptions } from './decode-json-text.js';

/**
 * The object inside arguments that were encoded twice (issue 11 item 4): the arguments text
 * decoded to a JSON string, and that string's content is an object (`"{\"path\":\"a\"}"`). Decoded
 * once more, never again, with the same limits and the same repairer as the arguments (the damage
 * inside the string is the damage models make anywhere, and the repairer refuses what it cannot
 * read surely: the safety run covers double encoding with other damage). `undefined` for anything
 * else, a blank string included, which stays an error (must be an object).
 */
export function decodeDoubleEncoded(inner: string, options: JsonTextDecodeOptions): JsonObject | undefined {
  const decoded = decodeJsonText(inner, options);
  return decoded.ok && jsonTypeOf(decoded.value) === 'object' ? (decoded.value as JsonObject) : undefined;
}
