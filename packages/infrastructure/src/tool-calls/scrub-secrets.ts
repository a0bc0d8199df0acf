/** What replaces a secret-looking value. */
export const REDACTED = '[REDACTED]';

/** Property names whose values are secrets whatever they hold. */
export const SECRET_KEY_PATTERN = /pass(word)?|secret|token|api[_-]?key|authorization|credential|private[_-]?key|cookie|session/i;

/** Most containers and strings visited; the rest is replaced by a marker, so scrubbing is bounded. */
export const MAX_SCRUBBED_NODES = 10_000;

/** Deepest nesting copied; deeper values become a marker. */
export const MAX_SCRUBBED_DEPTH = 32;

/** Longest string kept in a scrubbed copy. */
export const MAX_SCRUBBED_STRING_LENGTH = 2_000;

const TRUNCATED = '[Truncated]';

/** Token prefixes of well-known credentials: OpenAI, GitHub, AWS access keys, Slack, JWTs. */
const SECRET_PREFIXES = ['sk-', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'AKIA', 'ASIA', 'xoxb-', 'xoxp-', 'eyJ'];

/**
 * A copy of `value` safe to write into a debug log line: values of secret-named keys
 * ({@link SECRET_KEY_PATTERN}) and secret-looking tokens inside strings (API keys by prefix,
 * JWTs, long hex or base64 runs, the word after `Bearer`/`Basic`) become `[REDACTED]`.
 * Iterative, bounded in depth and node count, linear in the text it reads, and never throws
 * (getters and proxies are not read: only own data properties are copied).
 */
export function scrubSecrets(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return scrubPrimitive(value);

  let budget = MAX_SCRUBBED_NODES;
  const root: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  const stack: Array<{ readonly source: object; readonly target: Record<string, unknown> | unknown[]; readonly depth: number }> = [
    { source: value, target: root, depth: 1 },
  ];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    for (const [key, child] of ownDataEntries(frame.source)) {
      let copied: unknown;
      if (budget-- <= 0) copied = TRUNCATED;
      else if (!Array.isArray(frame.target) && SECRET_KEY_PATTERN.test(key.slice(0, 256))) copied = REDACTED;
      else if (typeof child === 'string') copied = scrubText(child);
      else if (typeof child !== 'object' || child === null) copied = scrubPrimitive(child);
      else if (frame.depth >= MAX_SCRUBBED_DEPTH) copied = TRUNCATED;
      else {
        copied = Array.isArray(child) ? [] : {};
        stack.push({ source: child, target: copied as Record<string, unknown> | unknown[], depth: frame.depth + 1 });
      }
      if (Array.isArray(frame.target)) frame.target.push(copied);
      else Object.defineProperty(frame.target, key, { value: copied, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/**
 * Scrubs arguments text that may not be valid JSON (a failed call's raw arguments): text that
 * parses is scrubbed as a value, so every secret-named key is found; other text token by token.
 */
export function scrubArgumentsText(text: string): string {
  if (text.length <= MAX_SCRUBBED_STRING_LENGTH) {
    try {
      return JSON.stringify(scrubSecrets(JSON.parse(text)));
    } catch {
      // Not JSON: fall through to the token scan.
    }
  }
  return scrubText(text);
}

/**
 * `text` with every secret-looking token replaced: well-known key prefixes, long hex or mixed
 * base64 runs, the word after `Bearer`/`Basic`, and the word after a secret-named word
 * (`password: x`, `"token": "x"`). Linear, one pass over at most the kept length.
 */
export function scrubText(text: string): string {
  const kept = text.length > MAX_SCRUBBED_STRING_LENGTH ? text.slice(0, MAX_SCRUBBED_STRING_LENGTH) : text;
  let out = '';
  let previousWord = '';
  let i = 0;
  while (i < kept.length) {
    if (!isTokenChar(kept.charCodeAt(i))) {
      out += kept[i];
      i++;
      continue;
    }
    const start = i;
    while (i < kept.length && isTokenChar(kept.charCodeAt(i))) i++;
    const token = kept.slice(start, i);
    const word = token.toLowerCase();
    const isScheme = word === 'bearer' || word === 'basic';
    // The word after `Bearer`, and the value after a secret-named key (`"password": "..."`).
    const afterSecretName = previousWord === 'bearer' || previousWord === 'basic' || (!isScheme && SECRET_KEY_PATTERN.test(previousWord.slice(0, 256)));
    out += afterSecretName || looksSecret(token) ? REDACTED : token;
    previousWord = word;
  }
  return kept.length < text.length ? `${out}…` : out;
}

function looksSecret(token: string): boolean {
  if (SECRET_PREFIXES.some((prefix) => token.startsWith(prefix) && token.length >= prefix.length + 8)) return true;
  if (token.length <= 32) return false;
  let hex = true;
  let digit = false;
  let upper = false;
  let lower = false;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    const isDigit = c >= 0x30 && c <= 0x39;
    const isUpper = c >= 0x41 && c <= 0x5a;
    const isLower = c >= 0x61 && c <= 0x7a;
    digit ||= isDigit;
    upper ||= isUpper;
    lower ||= isLower;
    if (!isDigit && !((c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46))) hex = false;
  }
  // Long hex (hashes, keys) or a base64-ish run mixing digits and both cases; a long word or
  // path segment of plain letters is not redacted.
  return hex || (digit && upper && lower);
}

/** Letters, digits and the punctuation of base64, base64url and JWTs. */
function isTokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x5f || c === 0x2d || c === 0x2e
  );
}

function scrubPrimitive(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? value : undefined;
}

function ownDataEntries(source: object): Array<[string, unknown]> {
  try {
    const entries: Array<[string, unknown]> = [];
    for (const key of Object.keys(source)) {
      const descriptor = Object.getOwnPropertyDescriptor(source, key);
      if (descriptor !== undefined && 'value' in descriptor) entries.push([key, descriptor.value]);
    }
    return entries;
  } catch {
    return [];
  }
}
