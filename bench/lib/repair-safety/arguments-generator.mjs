// @ts-check
/**
 * Random tool-call arguments that look like what agents send: paths, commands, prose with
 * apostrophes and quoted words, Windows paths and regexes full of backslashes, multi-line text,
 * code with braces and commas, non-ASCII text, numbers, booleans, nulls, arrays and nested objects.
 * The strings are chosen to contain the characters repairs key on (quotes, commas, colons,
 * brackets, backslashes, line breaks), because that is where a repair can change meaning.
 */

/** @typedef {import('./random.mjs').Random} Random */
/** A JSON value (JSDoc cannot name a recursive type: the generator only builds JSON). @typedef {any} JsonValue */

/** Property names: mostly identifiers (what schemas use), a few that cannot be left unquoted. */
export const KEYS = Object.freeze([
  'path', 'content', 'mode', 'command', 'timeout_seconds', 'paths', 'query', 'top_k', 'message',
  'recursive', 'encoding', 'options', 'items', 'name', 'description', 'cwd', 'pattern', 'replace',
  'url', 'headers', 'limit', 'offset', 'dry_run', 'tags', 'id', 'value', 'maxDepth', 'x',
  'max-depth', 'file.name', 'with space', 'ключ', '1st',
]);

/** String pieces: each is a realistic value or fragment of one. */
export const STRING_PIECES = Object.freeze([
  'a.txt', 'b.txt', 'src/index.ts', '/etc/hosts', './dir with space/file.md', 'README.md',
  'ls -la', 'npm test -- --watch', 'git status', "echo 'hi'", 'grep -rn "TODO" src',
  "it's done", "don't", "the user's file", 'say "hi" now', 'the "quick" fix', 'He said "no".',
  'Fix the bug: null pointer', 'a, b and c', 'x: y', 'key: value', 'use {braces} here', 'array [1, 2]',
  'C:\\Users\\me\\notes.txt', 'C:\\temp', '\\d+\\.\\d+', '^\\s*$', 'a\\b', 'D:\\data\\x.csv',
  'line one\nline two', 'col1\tcol2', 'first\n\nsecond', 'ends with newline\n',
  'héllo wörld', '日本語のテキスト', 'emoji 🙂 ok', 'naïve café',
  'print("hello", "world")', 'if (a) { return b; }', "const s = 'x';", 'f(1, 2)', '{"nested": "json"}',
  'true', 'null', '123', '3.5', '', ' ', 'append', 'overwrite', 'utf-8', 'https://example.com/a?b=1&c=2',
  'SELECT * FROM t WHERE a = \'x\'', 'price: $5, tax: 10%', '// not a comment', '# heading', '/* c */',
]);

/**
 * @param {Random} random
 * @returns {string}
 */
export function randomString(random) {
  if (random.chance(0.12)) return hostileString(random);
  const first = random.pick(STRING_PIECES);
  if (!random.chance(0.3)) return first;
  return `${first}${random.pick([' ', ', ', '\n', ' - ', ''])}${random.pick(STRING_PIECES)}`;
}

/** The characters repairs key on, with letters and spaces between them. */
const HOSTILE_ALPHABET = Object.freeze(['a', 'b', 'x', '1', ' ', ' ', ',', ':', '{', '}', '[', ']', '"', "'", '\\', '\n', '\t', '-', '.', '/', '*', '#', '`', 'é']);

/**
 * A short string made of {@link HOSTILE_ALPHABET}: no model writes `a", [b`, but a repair that is
 * safe on it is safe on prose.
 *
 * @param {Random} random
 * @returns {string}
 */
export function hostileString(random) {
  const length = 1 + random.int(12);
  let text = '';
  for (let i = 0; i < length; i++) text += random.pick(HOSTILE_ALPHABET);
  return text;
}

/**
 * @param {Random} random
 * @returns {number}
 */
export function randomNumber(random) {
  return random.pick([0, 1, 2, 5, 10, 42, 100, 3600, -1, -7, 3.14, 0.5, -2.25, 1e21, 1.5e-7, 65536]);
}

/**
 * @param {Random} random
 * @param {number} depth How many more levels of nesting are allowed.
 * @returns {JsonValue}
 */
export function randomValue(random, depth) {
  const roll = random.next();
  if (roll < 0.45) return randomString(random);
  if (roll < 0.6) return randomNumber(random);
  if (roll < 0.68) return random.chance(0.5);
  if (roll < 0.72) return null;
  if (depth <= 0 || roll < 0.86) {
    if (depth <= 0) return randomString(random);
    const length = random.int(4);
    const kind = random.int(3);
    return Array.from({ length }, () => (kind === 0 ? randomString(random) : kind === 1 ? randomNumber(random) : randomValue(random, depth - 1)));
  }
  return randomObject(random, depth - 1);
}

/**
 * An object of 0 to 5 distinct keys.
 *
 * @param {Random} random
 * @param {number} depth
 * @returns {{ [key: string]: JsonValue }}
 */
export function randomObject(random, depth) {
  /** @type {{ [key: string]: JsonValue }} */
  const object = {};
  const size = random.int(6);
  for (let i = 0; i < size; i++) {
    const key = random.pick(KEYS);
    if (Object.hasOwn(object, key)) continue;
    object[key] = randomValue(random, depth);
  }
  return object;
}

/**
 * The arguments of one call: a non-empty object (a call with no arguments has nothing to damage).
 *
 * @param {Random} random
 * @returns {{ [key: string]: JsonValue }}
 */
export function randomArguments(random) {
  for (;;) {
    const object = randomObject(random, 2);
    if (Object.keys(object).length > 0) return object;
  }
}
