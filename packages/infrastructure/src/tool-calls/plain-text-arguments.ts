import { isPlainObject, type JsonObject } from '@acode/domain';
import { resolveLocalRef } from '../validation/resolve-local-ref.js';
import { objectShapeOf, propertySchema, wantedTypes } from './argument-schema.js';
import type { ArgumentsTool } from './arguments-tool.js';
import { withOwnValue } from './with-own-value.js';

/** Keywords that only describe: they never refuse a value. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id', '$anchor']);
/** What the object schema may hold besides annotations: nothing else may refuse `{name: text}`. */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', '$defs', 'definitions']);
/** What the string property may hold besides annotations: the constraints checked here. */
const STRING_KEYWORDS = new Set(['type', 'minLength', 'maxLength', 'enum', 'const']);
/** A character a plain text never starts with: it starts JSON, a quoted string, markup, a fence or an escape. */
const JSON_ISH_START = new Set(['{', '[', '"', "'", '\u201c', '\u201d', '\u2018', '\u2019', '`', '<', '\\']);

/**
 * Plain text sent as the arguments of a tool whose only required property is a string
 * (`What is a pre-trained chatbot?` for `{query: string}`, required `['query']`): read as
 * `{"query": <the text as sent>}` (`plain_text_arguments`), when that is its one reading:
 *
 * - the schema is one object schema (no union) with exactly one required property, of type
 *   `string` and nothing but `minLength`, `maxLength`, `enum` or `const` besides annotations, which
 *   the text satisfies; the object schema holds nothing else that could refuse the object with
 *   just that property (no `pattern`, `format`, `allOf`, `minProperties`...: those refuse);
 * - the text is not JSON-ish: it does not start with `{`, `[`, a quote, a backtick, `<` or a
 *   backslash, and holds no bracket, code fence or markup tag anywhere (the model meant JSON or a
 *   template's call and damaged it: the text is not the value);
 * - it does not start as a call or an assignment (`search(...)`, `query=...`, `q: ...`, but a URL's
 *   `https://` may), nor with a name of the tool (`bash\necho hi`: the tool's name then its
 *   arguments), and names no property of the tool or the tool itself before a `:` or `=` anywhere
 *   (`Here are the arguments: query=foo`: the model meant a value for `query`, not this text).
 *
 * `undefined` in every other case: the text then fails as before. Linear in the text.
 */
export function readPlainTextArguments(text: string, tool: ArgumentsTool): JsonObject | undefined {
  const root = tool.parameters;
  const resolved = resolveLocalRef(root, root);
  if (!isPlainObject(resolved) || !onlyKeywords(resolved, OBJECT_KEYWORDS)) return undefined;
  const shape = objectShapeOf(root, root);
  if (shape === undefined || shape.required.size !== 1) return undefined;
  const name = [...shape.required][0];
  if (name === undefined) return undefined;
  const property = propertySchema(shape, name, root);
  const types = wantedTypes(property, root);
  if (!isPlainObject(property) || types.length !== 1 || types[0] !== 'string' || !onlyKeywords(property, STRING_KEYWORDS)) return undefined;
  if (!satisfiesString(text, property)) return undefined;
  if (!readsAsPlainText(text, new Set([...Object.keys(shape.properties), ...tool.names]), tool.names)) return undefined;
  return withOwnValue({}, name, text);
}

function onlyKeywords(schema: Readonly<Record<string, unknown>>, allowed: ReadonlySet<string>): boolean {
  return Object.keys(schema).every((key) => allowed.has(key) || ANNOTATIONS.has(key) || key.startsWith('x-'));
}

/** The string keywords `property` holds, checked on `text` (lengths in code points, as JSON Schema counts). */
function satisfiesString(text: string, property: Readonly<Record<string, unknown>>): boolean {
  const type = property['type'];
  if (type !== undefined && type !== 'string' && !(Array.isArray(type) && type.length === 1 && type[0] === 'string')) return false;
  const length = codePointLength(text);
  const min = property['minLength'];
  const max = property['maxLength'];
  if (min !== undefined && (typeof min !== 'number' || length < min)) return false;
  if (max !== undefined && (typeof max !== 'number' || length > max)) return false;
  if (Object.hasOwn(property, 'const') && property['const'] !== text) return false;
  const values = property['enum'];
  if (values !== undefined && !(Array.isArray(values) && values.includes(text))) return false;
  return true;
}

function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** The rules on the text itself (see {@link readPlainTextArguments}). */
function readsAsPlainText(text: string, names: ReadonlySet<string>, toolNames: readonly string[]): boolean {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  if (start >= text.length || JSON_ISH_START.has(text.charAt(start))) return false;
  if (text.includes('```')) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b || code === 0x7d || code === 0x5b || code === 0x5d) return false;
    if (code === 0x3c && isMarkupStart(text.charCodeAt(i + 1))) return false;
    if ((code === 0x3a || code === 0x3d) && names.has(wordBefore(text, i))) return false;
  }
  const first = readWord(text, start);
  const after = skipSpaces(text, first);
  if (first > start) {
    const word = text.slice(start, first);
    if (toolNames.some((name) => name.toLowerCase() === word.toLowerCase()) && (after >= text.length || isSpace(text.charCodeAt(first)) || text.charCodeAt(after) === 0x28)) return false;
    const next = text.charCodeAt(after);
    if (next === 0x28 || next === 0x3d) return false;
    if (next === 0x3a && !text.startsWith('//', after + 1)) return false;
  }
  return true;
}

/** `<` then a letter, `/`, `|`, `!` or `?`: a tag or a special token, not a comparison. */
function isMarkupStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x2f || code === 0x7c || code === 0x21 || code === 0x3f;
}

/** The word that ends just before `at`, past spaces and quotes: the name a `:` or `=` at `at` would give a value to. */
function wordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && (isSpace(text.charCodeAt(end - 1)) || isQuote(text.charCodeAt(end - 1)))) end--;
  let start = end;
  while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
  return text.slice(start, end);
}

function readWord(text: string, from: number): number {
  let i = from;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  return i;
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  return i;
}

/** Letters, digits, `_`, `-`, `.`, `$` and any non-ASCII character but spaces and quotes: the characters of a name. */
function isNameChar(code: number): boolean {
  if (code >= 0x80) return !isQuote(code) && code !== 0xa0 && code !== 0x2028 && code !== 0x2029 && !(code >= 0x2000 && code <= 0x200a) && code !== 0x3000;
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2d || code === 0x2e || code === 0x24;
}

function isQuote(code: number): boolean {
  return code === 0x22 || code === 0x27 || code === 0x60 || code === 0x201c || code === 0x201d || code === 0x2018 || code === 0x2019;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
