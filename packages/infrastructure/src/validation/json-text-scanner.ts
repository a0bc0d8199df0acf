/**
 * A single linear, non-recursive pass over JSON text (RFC 8259) that finds the first syntax
 * error with its position and a reason a model can act on, and refuses nesting deeper than a
 * limit before any recursive routine sees the text. `JSON.parse` only runs on text this scanner
 * accepted, so error positions never depend on the wording of the engine's SyntaxError.
 *
 * Stricter than `JSON.parse` in two places, on purpose: unpaired surrogates (raw or escaped) and
 * numbers that overflow to Infinity are refused, because neither survives a round trip to a
 * file, a process argument or UTF-8.
 *
 * On request ({@link JsonTextScanOptions}) it is stricter still, for text that is validated
 * (issue 13, "strict everywhere"): an object with the same property name twice is refused
 * (`JSON.parse` would keep the last value silently), and integers outside the safe range
 * (|n| > 2^53 - 1, written without fraction or exponent) are recorded with their location so the
 * caller can refuse those the schema does not declare as `number`.
 */

/** What else to check; both off by default, so a plain syntax scan costs no more than before. */
export interface JsonTextScanOptions {
  /** Refuse an object with the same property name twice (kind `duplicate-key`). */
  readonly rejectDuplicateKeys?: boolean;
  /** Record the location of every integer outside the safe range in `unsafeIntegers`. */
  readonly recordUnsafeIntegers?: boolean;
}

/** An integer literal whose value a double cannot hold exactly. */
export interface UnsafeIntegerLocation {
  /** JSON pointer of the value in the parsed document (`/ids/0`). */
  readonly path: string;
  /** The same location as unescaped reference tokens. */
  readonly tokens: readonly string[];
  /** Zero-based UTF-16 offset of the literal. */
  readonly position: number;
}

/** Why the scan stopped, or that the text is well-formed. */
export type JsonTextScan =
  | {
      readonly ok: true;
      /** With `recordUnsafeIntegers`: every integer outside the safe range, in text order. */
      readonly unsafeIntegers?: readonly UnsafeIntegerLocation[];
    }
  | {
      readonly ok: false;
      readonly kind: 'syntax';
      /** Lower-case phrase without a trailing period: `unexpected end of input`. */
      readonly reason: string;
      /** Zero-based UTF-16 offset of the offending character (the text length at end of input). */
      readonly position: number;
      /** How to fix this kind of mistake. */
      readonly suggestion: string;
    }
  | {
      readonly ok: false;
      readonly kind: 'depth';
      /** The nesting depth reached: the limit plus one. */
      readonly depth: number;
      /** Offset of the bracket that went one level too deep. */
      readonly position: number;
    }
  | {
      readonly ok: false;
      readonly kind: 'duplicate-key';
      /** `duplicate property name "path"`, the name bounded and sanitised. */
      readonly reason: string;
      /** Offset of the opening quote of the second occurrence. */
      readonly position: number;
      readonly suggestion: string;
      /** The property name as decoded (not bounded: for the caller's own use). */
      readonly key: string;
    };

// Parser states.
const VALUE = 0; // a value must follow
const VALUE_OR_END_ARRAY = 1; // just after `[`
const AFTER_VALUE = 2; // `,`, a closing bracket or the end of the text must follow
const KEY_OR_END_OBJECT = 3; // just after `{`
const KEY = 4; // just after `,` inside an object
const COLON = 5; // just after a property name

const OBJECT = 1;
const ARRAY = 2;

const GENERIC_SUGGESTION = 'Send the arguments as one valid JSON object, such as {"name": "value"}';
const INCOMPLETE_SUGGESTION = 'The JSON is incomplete: close every string, array and object';

type Failure = Extract<JsonTextScan, { kind: 'syntax' }>;

/** Longest property name echoed in a duplicate-key message. */
const MAX_ECHOED_KEY_LENGTH = 64;

/**
 * Scans `text`; see the module comment. Linear in the text length; memory bounded by `maxDepth`,
 * plus the property names of the open objects when duplicates are refused, plus the recorded
 * locations when unsafe integers are recorded.
 */
export function scanJsonText(text: string, maxDepth: number, options: JsonTextScanOptions = {}): JsonTextScan {
  const length = text.length;
  const containers: number[] = [];
  const rejectDuplicates = options.rejectDuplicateKeys === true;
  const recordUnsafe = options.recordUnsafeIntegers === true;
  const track = rejectDuplicates || recordUnsafe;
  // Per open container: the names seen (objects, when refusing duplicates) and the current
  // reference token (the last key, or the array index), when tracking.
  const seenKeys: Array<Set<string> | undefined> = [];
  const tokens: string[] = [];
  const indices: number[] = [];
  const unsafeIntegers: UnsafeIntegerLocation[] = [];
  let state = VALUE;
  let i = skipWhitespace(text, 0);

  if (i >= length) return syntax(length === 0 ? 'empty input' : 'no JSON value, only whitespace', i, GENERIC_SUGGESTION);

  for (;;) {
    i = skipWhitespace(text, i);
    const char = text[i];
    const container = containers[containers.length - 1];

    if (state === AFTER_VALUE) {
      if (container === undefined) {
        if (char === undefined) return recordUnsafe ? { ok: true, unsafeIntegers } : { ok: true };
        return syntax(`unexpected ${describeChar(text, i)} after the end of the JSON value`, i, 'Send exactly one JSON object and nothing after it');
      }
      if (char === undefined) return syntax('unexpected end of input', i, INCOMPLETE_SUGGESTION);
      const close = container === OBJECT ? '}' : ']';
      if (char === ',') {
        state = container === OBJECT ? KEY : VALUE;
        if (track && container === ARRAY) {
          const top = containers.length - 1;
          indices[top] = (indices[top] ?? 0) + 1;
          tokens[top] = String(indices[top]);
        }
      } else if (char === close) {
        containers.pop();
        if (track) {
          seenKeys.pop();
          tokens.pop();
          indices.pop();
        }
      } else return syntax(`expected ',' or '${close}' but found ${describeChar(text, i)}`, i, `Separate items with ',' and close with '${close}'`);
      i++;
      continue;
    }

    if (char === undefined) return syntax('unexpected end of input', i, INCOMPLETE_SUGGESTION);

    if (state === COLON) {
      if (char !== ':') return syntax(`expected ':' after a property name but found ${describeChar(text, i)}`, i, 'Write each property as "name": value');
      state = VALUE;
      i++;
      continue;
    }

    if (state === KEY_OR_END_OBJECT || state === KEY) {
      if (char === '"') {
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        if (track) {
          const key = decodeKey(text, i, end);
          const top = containers.length - 1;
          tokens[top] = key;
          const seen = seenKeys[top];
          if (seen !== undefined) {
            if (seen.has(key)) return duplicateKey(key, i);
            seen.add(key);
          }
        }
        i = end;
        state = COLON;
        continue;
      }
      if (char === '}') {
        if (state === KEY) return syntax("trailing comma before '}'", i, "Remove the ',' before '}'");
        containers.pop();
        if (track) {
          seenKeys.pop();
          tokens.pop();
          indices.pop();
        }
        state = AFTER_VALUE;
        i++;
        continue;
      }
      if (char === "'") return syntax('property names must use double quotes, not single quotes', i, 'Use double quotes around property names and strings');
      if (isIdentifierStart(char)) return syntax('property names must be quoted', i, 'Put every property name in double quotes: {"name": value}');
      return syntax(`expected a property name but found ${describeChar(text, i)}`, i, 'Write each property as "name": value');
    }

    // state is VALUE or VALUE_OR_END_ARRAY
    if (char === ']') {
      if (state === VALUE_OR_END_ARRAY) {
        containers.pop();
        if (track) {
          seenKeys.pop();
          tokens.pop();
          indices.pop();
        }
        state = AFTER_VALUE;
        i++;
        continue;
      }
      if (container === ARRAY) return syntax("trailing comma before ']'", i, "Remove the ',' before ']'");
    }
    if (char === '{' || char === '[') {
      containers.push(char === '{' ? OBJECT : ARRAY);
      if (containers.length > maxDepth) return { ok: false, kind: 'depth', depth: containers.length, position: i };
      if (track) {
        seenKeys.push(char === '{' && rejectDuplicates ? new Set<string>() : undefined);
        tokens.push('0');
        indices.push(0);
      }
      state = char === '{' ? KEY_OR_END_OBJECT : VALUE_OR_END_ARRAY;
      i++;
      continue;
    }
    const isNumber = char === '-' || isDigit(char);
    const end = char === '"' ? scanString(text, i) : isNumber ? scanNumber(text, i) : scanLiteral(text, i);
    if (typeof end !== 'number') return end;
    if (recordUnsafe && isNumber && end - i > 15 && isUnsafeInteger(text, i, end)) {
      const location = tokens.slice(0, containers.length);
      unsafeIntegers.push({ path: location.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''), tokens: location, position: i });
    }
    i = end;
    state = AFTER_VALUE;
  }
}

/** The property name whose quoted form spans `start` (opening quote) to `end` (after the closing one). */
function decodeKey(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  // The scanner has checked the escapes, so the slice parses.
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

function duplicateKey(key: string, position: number): JsonTextScan {
  const shown = JSON.stringify(key.length > MAX_ECHOED_KEY_LENGTH ? `${key.slice(0, MAX_ECHOED_KEY_LENGTH)}…` : key)
    // JSON.stringify escapes C0 controls and lone surrogates; DEL, C1 controls, line separators and bidi controls too.
    .replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return {
    ok: false,
    kind: 'duplicate-key',
    reason: `duplicate property name ${shown} (its second occurrence)`,
    position,
    suggestion: `Send each property once; an object may not repeat the name ${shown}`,
    key,
  };
}

const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

/** True when the number literal in [start, end) is an integer (no fraction, no exponent) beyond ±(2^53 - 1). */
function isUnsafeInteger(text: string, start: number, end: number): boolean {
  const digitsStart = text[start] === '-' ? start + 1 : start;
  for (let i = digitsStart; i < end; i++) if (!isDigit(text[i])) return false;
  const digits = end - digitsStart;
  if (digits !== MAX_SAFE_DIGITS.length) return digits > MAX_SAFE_DIGITS.length;
  // Same length, no leading zeros: string order is numeric order.
  return text.slice(digitsStart, end) > MAX_SAFE_DIGITS;
}

function syntax(reason: string, position: number, suggestion: string): Failure {
  return { ok: false, kind: 'syntax', reason, position, suggestion };
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** Returns the offset after the closing quote, or the failure. */
function scanString(text: string, start: number): number | Failure {
  let i = start + 1;
  for (;;) {
    if (i >= text.length) return syntax(`unterminated string (opened at position ${start})`, text.length, INCOMPLETE_SUGGESTION);
    const unit = text.charCodeAt(i);
    if (unit === 0x22) return i + 1;
    if (unit < 0x20) return syntax('unescaped control character in a string', i, 'Escape control characters in strings: \\n, \\t, \\u0000');
    if (unit === 0x5c) {
      const escape = text[i + 1];
      if (escape === 'u') {
        const code = readHex4(text, i + 2);
        if (code === undefined) return syntax('invalid \\u escape: four hex digits must follow', i, 'Write \\u followed by exactly four hex digits');
        if (isHighSurrogate(code)) {
          const low = text[i + 6] === '\\' && text[i + 7] === 'u' ? readHex4(text, i + 8) : undefined;
          if (low === undefined || !isLowSurrogate(low)) return syntax('unpaired surrogate in a \\u escape', i, UNPAIRED_SUGGESTION);
          i += 12;
        } else if (isLowSurrogate(code)) {
          return syntax('unpaired surrogate in a \\u escape', i, UNPAIRED_SUGGESTION);
        } else {
          i += 6;
        }
        continue;
      }
      if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
        i += 2;
        continue;
      }
      if (escape === undefined) return syntax(`unterminated string (opened at position ${start})`, text.length, INCOMPLETE_SUGGESTION);
      return syntax(`invalid escape sequence ${describeChar(text, i + 1)} after a backslash`, i, 'Valid escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX');
    }
    if (isHighSurrogate(unit)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return syntax('unpaired surrogate in a string', i, UNPAIRED_SUGGESTION);
      i += 2;
      continue;
    }
    if (isLowSurrogate(unit)) return syntax('unpaired surrogate in a string', i, UNPAIRED_SUGGESTION);
    i++;
  }
}

const UNPAIRED_SUGGESTION = 'Send text as valid Unicode; a surrogate code unit must be part of a pair';

/** Returns the offset after the number, or the failure. Grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
function scanNumber(text: string, start: number): number | Failure {
  let i = start;
  if (text[i] === '-') i++;
  if (text[i] === '0') {
    i++;
    if (isDigit(text[i])) return syntax('numbers must not have leading zeros', start, 'Write numbers without leading zeros, such as 7 instead of 007');
  } else if (isDigit(text[i])) {
    while (isDigit(text[i])) i++;
  } else {
    return syntax(`expected a digit but found ${describeChar(text, i)}`, i, NUMBER_SUGGESTION);
  }
  if (text[i] === '.') {
    i++;
    if (!isDigit(text[i])) return syntax(`expected a digit after the decimal point but found ${describeChar(text, i)}`, i, NUMBER_SUGGESTION);
    while (isDigit(text[i])) i++;
  }
  let exponent = false;
  if (text[i] === 'e' || text[i] === 'E') {
    exponent = true;
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (!isDigit(text[i])) return syntax(`expected a digit in the exponent but found ${describeChar(text, i)}`, i, NUMBER_SUGGESTION);
    while (isDigit(text[i])) i++;
  }
  // Only an exponent or more than 308 digits can overflow a double.
  if ((exponent || i - start > 308) && !Number.isFinite(Number(text.slice(start, i)))) {
    return syntax('number is too large to represent', start, 'Send a number within the range of a 64-bit floating-point value');
  }
  return i;
}

const NUMBER_SUGGESTION = 'Write numbers in plain JSON form, such as 42, -1.5 or 1e3';

/** Returns the offset after `true`/`false`/`null`, or a failure naming the likely mistake. */
function scanLiteral(text: string, start: number): number | Failure {
  for (const literal of ['true', 'false', 'null']) if (text.startsWith(literal, start)) return start + literal.length;

  const char = text[start] ?? '';
  if (start === 0 && char === '\ufeff') return syntax('a byte order mark (BOM) is not allowed', 0, 'Remove the byte order mark before the JSON');
  if (char === "'") return syntax('strings must use double quotes, not single quotes', start, 'Use double quotes around strings: "text"');
  if (char === '/') return syntax('comments are not allowed in JSON', start, 'Remove the comment');
  if (char === '+' || char === '.') return syntax(`a number cannot start with '${char}'`, start, NUMBER_SUGGESTION);
  if (isIdentifierStart(char)) {
    const word = readWord(text, start);
    if (word === 'NaN' || word === 'Infinity') return syntax(`${word} is not a valid JSON number`, start, 'Send a finite number, or null where the schema allows it');
    if (word === 'undefined') return syntax('undefined is not a JSON value', start, 'Leave the property out, or send null where the schema allows it');
    if (['true', 'false', 'null'].includes(word.toLowerCase())) return syntax(`'${word.slice(0, 5)}' must be lowercase`, start, 'Write true, false and null in lowercase');
    return syntax('unquoted text where a value was expected', start, 'Put strings in double quotes: "text"');
  }
  return syntax(`unexpected ${describeChar(text, start)} where a value was expected`, start, GENERIC_SUGGESTION);
}

function readWord(text: string, start: number): string {
  let end = start;
  while (end - start < 16 && isIdentifierStart(text[end] ?? '')) end++;
  return text.slice(start, end);
}

function readHex4(text: string, start: number): number | undefined {
  const hex = text.slice(start, start + 4);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : undefined;
}

/** Names the character at `index` without echoing control characters or lone surrogates raw. */
function describeChar(text: string, index: number): string {
  const code = text.codePointAt(index);
  if (code === undefined) return 'end of input';
  if (code >= 0x20 && code !== 0x7f && code !== 0x27 && code !== 0x5c && !(code >= 0xd800 && code <= 0xdfff) && code < 0xfff0) {
    return `'${String.fromCodePoint(code)}'`;
  }
  if (code === 0x27) return 'a single quote';
  if (code === 0x5c) return 'a backslash';
  return `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isIdentifierStart(char: string): boolean {
  return /^[A-Za-z_$]$/.test(char);
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
