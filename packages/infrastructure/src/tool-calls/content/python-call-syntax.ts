import type { JsonArray, JsonObject, JsonValue, RepairName } from '@acode/domain';
import { withOwnValue } from '../with-own-value.js';
import { isCallName } from './call-name.js';

/** One call read from Python syntax: `name(key=value, ...)`. */
export interface PythonCall {
  readonly name: string;
  readonly arguments: JsonObject;
}

/** What {@link parsePythonCalls} read, or where and why it stopped. */
export type PythonCallsParse =
  | {
      readonly ok: true;
      readonly calls: readonly PythonCall[];
      readonly end: number;
      /** How the text was read beyond Python's own syntax (an apostrophe left unescaped in a string). */
      readonly repairs?: readonly RepairName[];
    }
  | {
      readonly ok: false;
      readonly message: string;
      readonly position: number;
      /** True when the text ended before the calls did (a cut-off output). */
      readonly atEnd: boolean;
      /** The name of the call being read, when it was read. */
      readonly name?: string;
    };

/** Deepest nesting of lists, tuples and dicts read; deeper text is refused, never recursed into. */
export const MAX_PYTHON_NESTING = 64;

const PYTHON_CONSTANTS: Readonly<Record<string, JsonValue>> = Object.freeze({ True: true, False: false, None: null, true: true, false: false, null: null });
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = Object.freeze({ n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '' });

const LETTER = /^\p{L}$/u;

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly atEnd: boolean,
  ) {
    super(message);
  }
}

/**
 * Reads pythonic tool calls (Llama 3.2 / Llama 4, vLLM `pythonic_tool_parser.py` and
 * `llama4_pythonic_tool_parser.py`): `[f(a=1, b="x"), g()]`, or calls without brackets, one
 * `f(a=1)` (as after Llama 3.1's `<|python_tag|>`) or several separated by `;`, `,` or line
 * breaks (the bare calls the Berkeley Function Calling Leaderboard wraps in brackets itself,
 * gorilla `bfcl_eval/model_handler/utils.py` `default_decode_ast_prompting`). Values are Python
 * literals: strings in single, double or triple quotes with their escapes (`r` prefix too), ints,
 * floats, negative numbers, `True`/`False`/`None` (and JSON's `true`/`false`/`null`), lists and
 * tuples (as arrays) and dicts with string or number keys, nested.
 *
 * A list may also hold calls quoted as strings (`['f(a=1)']`) or `[name, {args}]` pairs, or be one
 * such pair (`["f", {"a": 1}]`); a dict passed as the only argument (`f({'a': 1})`) gives its keys
 * as the arguments. An apostrophe between two letters in a single-quoted string (`'It's'`) is read
 * as part of it, since a closing quote cannot be followed by a letter (repair
 * `unescaped_inner_quotes`). The text is parsed, never evaluated: a name, an operator or any other
 * positional argument is a syntax error. Iterative and linear in the text; nesting deeper than
 * {@link MAX_PYTHON_NESTING} is refused.
 */
export function parsePythonCalls(text: string, start: number): PythonCallsParse {
  const reader = new Reader(text, start);
  let name: string | undefined;
  try {
    const calls: PythonCall[] = [];
    reader.skipSpace();
    if (reader.peek() === '[') {
      reader.pos++;
      reader.skipSpace();
      const pair = readPair(reader, true);
      if (pair !== undefined) return done(reader, [pair], reader.pos);
      for (;;) {
        reader.skipSpace();
        if (reader.peek() === ']' && calls.length > 0) break;
        const c = reader.peek();
        if (c === '"' || c === "'") calls.push(...quotedCalls(reader));
        else if (c === '[') {
          reader.pos++;
          calls.push(readPair(reader, false) ?? reader.fail('expected a [name, {arguments}] pair'));
        } else {
          name = reader.name();
          calls.push({ name, arguments: readArguments(reader) });
        }
        reader.skipSpace();
        if (reader.peek() === ',') reader.pos++;
        else if (reader.peek() !== ']') reader.fail("expected ',' or ']' after a call");
      }
      reader.pos++;
      return done(reader, calls, reader.pos);
    }
    for (;;) {
      name = reader.name();
      calls.push({ name, arguments: readArguments(reader) });
      const after = reader.pos;
      reader.skipSpace();
      const separator = reader.peek();
      if (separator === ';' || separator === ',') {
        reader.pos++;
        reader.skipSpace();
      } else if (!text.slice(after, reader.pos).includes('\n')) return done(reader, calls, after);
      // Only a name and `(` commit to one more call: prose after the calls is the caller's to judge.
      if (!startsCall(reader)) return done(reader, calls, separator === ';' ? reader.pos : after);
    }
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    return { ok: false, message: error.message, position: error.position, atEnd: error.atEnd, ...(name === undefined ? {} : { name }) };
  }
}

function done(reader: Reader, calls: readonly PythonCall[], end: number): PythonCallsParse {
  return { ok: true, calls, end, ...(reader.repairs.size === 0 ? {} : { repairs: [...reader.repairs] }) };
}

/** True when a (dotted) name followed by `(` starts at the reader's position; moves nothing. */
function startsCall(reader: Reader): boolean {
  const text = reader.text;
  let i = reader.pos;
  if (!/^[A-Za-z_]$/.test(text[i] ?? '')) return false;
  while (/^[A-Za-z0-9_.]$/.test(text[i] ?? '')) i++;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === '(';
}

/**
 * A `"name", {arguments}` pair at the reader (inside its opening `[`), read to its `]`; at the top
 * (`top`), `undefined` puts the reader back when the list is not one pair, so it is read as calls.
 */
function readPair(reader: Reader, top: boolean): PythonCall | undefined {
  const at = reader.pos;
  reader.skipSpace();
  const c = reader.peek();
  if (c !== '"' && c !== "'") {
    reader.pos = at;
    return undefined;
  }
  const name = reader.string(false);
  reader.skipSpace();
  if (reader.peek() !== ',' || reader.text[skipSpaces(reader.text, reader.pos + 1)] !== '{' || !isCallName(name)) {
    if (top) {
      reader.pos = at;
      return undefined;
    }
    reader.fail('expected a [name, {arguments}] pair', at);
  }
  reader.pos = skipSpaces(reader.text, reader.pos + 1);
  const args = readValue(reader) as JsonObject;
  reader.skipSpace();
  reader.expect(']');
  return { name, arguments: args };
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\n' || text[i] === '\t' || text[i] === '\r') i++;
  return i;
}

/** The calls written inside a quoted string element (`'f(a=1)'`): the string must hold calls and nothing else. */
function quotedCalls(reader: Reader): readonly PythonCall[] {
  const at = reader.pos;
  const inner = reader.string(false);
  // Only bare calls are quoted: a list inside would let quoting nest without bound.
  if (!/^[A-Za-z_]$/.test(inner[skipSpaces(inner, 0)] ?? '')) reader.fail('a quoted call must start with its name', at);
  const parsed = parsePythonCalls(inner, 0);
  if (!parsed.ok) reader.fail(`in a quoted call: ${parsed.message}`, at);
  if (skipSpaces(inner, parsed.end) < inner.length) reader.fail('a quoted call followed by other text', at);
  for (const repair of parsed.repairs ?? []) reader.repairs.add(repair);
  return parsed.calls;
}

/** `(key=value, ...)` after a call's name, or `({...})`: a dict as the only argument holds them. */
function readArguments(reader: Reader): JsonObject {
  reader.skipSpace();
  reader.expect('(');
  reader.skipSpace();
  if (reader.peek() === '{') {
    const dict = readValue(reader) as JsonObject;
    reader.skipSpace();
    if (reader.peek() === ',') reader.pos++;
    reader.skipSpace();
    if (reader.peek() !== ')') reader.fail(reader.pos >= reader.text.length ? 'the text ends inside a call' : 'a dict passed positionally must be the only argument');
    reader.pos++;
    return dict;
  }
  const args: JsonObject = {};
  for (;;) {
    reader.skipSpace();
    if (reader.peek() === ')') break;
    const keyAt = reader.pos;
    const key = reader.identifier();
    reader.skipSpace();
    if (reader.peek() !== '=' || reader.text[reader.pos + 1] === '=') reader.fail('expected keyword arguments (name=value); positional arguments are not tool arguments', keyAt);
    reader.pos++;
    if (Object.hasOwn(args, key)) reader.fail(`argument '${key}' is given twice`, keyAt);
    withOwnValue(args, key, readValue(reader));
    reader.skipSpace();
    if (reader.peek() === ',') reader.pos++;
    else if (reader.peek() !== ')') reader.fail("expected ',' or ')' after an argument");
  }
  reader.pos++;
  return args;
}

interface Container {
  readonly close: string;
  readonly array?: JsonArray & JsonValue[];
  readonly object?: JsonObject;
  /** The key read in a dict, waiting for its value. */
  key?: string;
}

/** One literal; containers are kept on an explicit stack, so nesting never recurses. */
function readValue(reader: Reader): JsonValue {
  const stack: Container[] = [];
  for (;;) {
    reader.skipSpace();
    const c = reader.peek();
    const top = stack[stack.length - 1];
    let value: JsonValue;
    if (top !== undefined && c === top.close && top.key === undefined) {
      // An empty container, or one after a trailing comma.
      reader.pos++;
      stack.pop();
      value = top.array ?? (top.object as JsonObject);
    } else if (c === '[' || c === '(' || c === '{') {
      if (stack.length >= MAX_PYTHON_NESTING) reader.fail(`values nest deeper than ${MAX_PYTHON_NESTING} levels`);
      reader.pos++;
      stack.push(c === '{' ? { close: '}', object: {} } : { close: c === '[' ? ']' : ')', array: [] });
      continue;
    } else value = readScalar(reader);

    // Hand the value to its container; a closing bracket completes that container in turn.
    for (;;) {
      const container = stack[stack.length - 1];
      if (container === undefined) return value;
      reader.skipSpace();
      if (container.object !== undefined && container.key === undefined) {
        if (typeof value !== 'string' && typeof value !== 'number') reader.fail('a dict key must be a string or a number');
        container.key = String(value);
        reader.skipSpace();
        reader.expect(':');
        break;
      }
      if (container.object !== undefined) {
        withOwnValue(container.object, container.key as string, value);
        container.key = undefined;
      } else (container.array as JsonValue[]).push(value);
      reader.skipSpace();
      if (reader.peek() === ',') {
        reader.pos++;
        break;
      }
      if (reader.peek() !== container.close) reader.fail(`expected ',' or '${container.close}'`);
      reader.pos++;
      stack.pop();
      value = container.array ?? (container.object as JsonObject);
    }
  }
}

function readScalar(reader: Reader): JsonValue {
  const c = reader.peek();
  const next = reader.text[reader.pos + 1];
  if (c === '"' || c === "'") return reader.string(false);
  if ((c === 'r' || c === 'R') && (next === '"' || next === "'")) {
    reader.pos++;
    return reader.string(true);
  }
  if ((c === 'u' || c === 'U') && (next === '"' || next === "'")) {
    reader.pos++;
    return reader.string(false);
  }
  if (c === '-' || c === '+' || c === '.' || (c >= '0' && c <= '9')) return reader.number();
  if (/^[A-Za-z_]$/.test(c)) {
    const at = reader.pos;
    const word = reader.identifier();
    if (Object.hasOwn(PYTHON_CONSTANTS, word)) return PYTHON_CONSTANTS[word] as JsonValue;
    reader.fail(`'${word}' is not a literal: names and expressions are not read`, at);
  }
  reader.fail(reader.pos >= reader.text.length ? 'the text ends inside a value' : `unexpected '${c}'`);
}

class Reader {
  /** What was read beyond Python's syntax. */
  readonly repairs = new Set<RepairName>();

  constructor(
    readonly text: string,
    public pos: number,
  ) {}

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  fail(message: string, at = this.pos): never {
    throw new SyntaxFailure(message, at, this.pos >= this.text.length);
  }

  expect(character: string): void {
    if (this.peek() !== character) this.fail(this.pos >= this.text.length ? 'the text ends inside a call' : `expected '${character}'`);
    this.pos++;
  }

  skipSpace(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\n' || c === '\t' || c === '\r') this.pos++;
      else return;
    }
  }

  identifier(): string {
    const start = this.pos;
    if (!/^[A-Za-z_]$/.test(this.peek())) this.fail(this.pos >= this.text.length ? 'the text ends before a name' : 'expected a name');
    while (/^[A-Za-z0-9_]$/.test(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A function name, dotted parts included (`brave_search.call`). */
  name(): string {
    let name = this.identifier();
    while (this.peek() === '.' && /^[A-Za-z_]$/.test(this.text[this.pos + 1] ?? '')) {
      this.pos++;
      name += `.${this.identifier()}`;
    }
    return name;
  }

  number(): number {
    const start = this.pos;
    if (this.peek() === '-' || this.peek() === '+') this.pos++;
    const digitsStart = this.pos;
    while (/^[0-9]$/.test(this.peek())) this.pos++;
    if (this.peek() === '.') {
      this.pos++;
      while (/^[0-9]$/.test(this.peek())) this.pos++;
    }
    if (this.pos === digitsStart || this.text.slice(digitsStart, this.pos) === '.') this.fail('expected a number', start);
    if (this.peek() === 'e' || this.peek() === 'E') {
      this.pos++;
      if (this.peek() === '-' || this.peek() === '+') this.pos++;
      const exponent = this.pos;
      while (/^[0-9]$/.test(this.peek())) this.pos++;
      if (this.pos === exponent) this.fail('expected an exponent');
    }
    if (/^[A-Za-z0-9_]$/.test(this.peek())) this.fail('expected a decimal number');
    const value = Number(this.text.slice(start, this.pos));
    if (!Number.isFinite(value)) this.fail('number out of range', start);
    return value;
  }

  /** A quoted string at `pos` (the quote), single or triple, its escapes read unless `raw`. */
  string(raw: boolean): string {
    const quote = this.peek();
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const closing = triple ? quote.repeat(3) : quote;
    this.pos += closing.length;
    let value = '';
    let chunk = this.pos;
    for (;;) {
      if (this.pos >= this.text.length) this.fail('the text ends inside a string');
      const c = this.text[this.pos] as string;
      if (this.text.startsWith(closing, this.pos) && !this.innerApostrophe(triple)) {
        value += this.text.slice(chunk, this.pos);
        this.pos += closing.length;
        return value;
      }
      if (c === '\n' && !triple) this.fail('a line break inside a single-quoted string');
      if (c !== '\\') {
        this.pos++;
        continue;
      }
      value += this.text.slice(chunk, this.pos);
      const escaped = this.text[this.pos + 1];
      if (escaped === undefined) this.fail('the text ends inside a string');
      if (raw) {
        // A raw string keeps the backslash; it still cannot end on an escaped quote.
        value += `\\${escaped}`;
        this.pos += 2;
      } else value += this.escape(escaped);
      chunk = this.pos;
    }
  }

  /**
   * True when the `'` at `pos` sits between two letters inside a single-quoted string (`'It's'`):
   * a closing quote there would be a syntax error, so an apostrophe is the only reading.
   */
  private innerApostrophe(triple: boolean): boolean {
    if (triple || this.text[this.pos] !== "'") return false;
    const before = this.text[this.pos - 1] ?? '';
    const after = this.text[this.pos + 1] ?? '';
    if (!LETTER.test(before) || !LETTER.test(after)) return false;
    this.repairs.add('unescaped_inner_quotes');
    return true;
  }

  /** The character(s) of one escape at `pos` (the backslash); moves past it. */
  private escape(escaped: string): string {
    if (Object.hasOwn(SIMPLE_ESCAPES, escaped)) {
      this.pos += 2;
      return SIMPLE_ESCAPES[escaped] as string;
    }
    const width = escaped === 'x' ? 2 : escaped === 'u' ? 4 : escaped === 'U' ? 8 : 0;
    if (width === 0) {
      // Python keeps an unknown escape as written.
      this.pos += 2;
      return `\\${escaped}`;
    }
    const hex = this.text.slice(this.pos + 2, this.pos + 2 + width);
    if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== width) this.fail(`a malformed \\${escaped} escape`);
    const code = Number.parseInt(hex, 16);
    if (code > 0x10ffff) this.fail('an escape beyond Unicode');
    this.pos += 2 + width;
    return String.fromCodePoint(code);
  }
}
