import type { JsonObject, JsonValue } from '@acode/domain';
import { isCallName, MAX_CALL_NAME_LENGTH } from './call-name.js';
import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';
import { withOwnValue } from '../with-own-value.js';

const START = '<start_function_call>';
const END = '<end_function_call>';
const ESCAPE = '<escape>';
const CALL = 'call:';
const SOURCE = 'content_functiongemma';
/** Deepest nesting of `{}` and `[]` read; deeper text is refused, never recursed into. */
const MAX_NESTING = 64;
/** Characters that end a bare value (a number, `true`...) or a key. */
const DELIMITERS = new Set([',', '}', ']', '{', '[', ':']);

/**
 * FunctionGemma calls (google functiongemma-270m-it chat template; vLLM `functiongemma_tool_parser.py`,
 * llama.cpp): `<start_function_call>call:NAME{key:VALUE,...}<end_function_call>`, any number of
 * them. Keys are bare; a value between `<escape>` tokens is a string, exactly as written (commas,
 * braces and newlines included); other values are typed: numbers, `true` / `false` / `null`,
 * nested `{key:value}` objects and `[value, ...]` lists. A bare word that is none of these and
 * holds no delimiter is read as the string it spells (`unit:celsius`). A comma left out after a
 * closed value (`<escape>`, `}` or `]`) is read as there, as vLLM does: the next key cannot be part
 * of that value.
 *
 * After `<start_function_call>` the call is marked: arguments that do not read are a failed call;
 * arguments cut by the end of the content are incomplete. `<end_function_call>` may be missing
 * once the arguments close. A start token followed by no `call:NAME{` stays text unless its end
 * token follows, which makes it a failed call.
 */
export function extractFunctionGemma(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = find(START, from); open !== -1; open = find(START, from)) {
    from = open + START.length;
    const head = readHead(content, from);
    if (head === undefined) {
      const close = find(END, from);
      if (close === -1) continue;
      // The start and end tokens say "call"; what lies between does not read as one.
      spans.push({ start: open, end: close + END.length, failure: { message: 'a FunctionGemma call that does not open with call:NAME{', raw: content.slice(from, close) }, source: SOURCE, marked: true });
      from = close + END.length;
      continue;
    }
    const reader = new Reader(content, head.argsStart, find);
    const read = reader.object();
    if (!read.ok) {
      const close = read.atEnd ? -1 : find(END, reader.pos);
      const end = close === -1 ? content.length : close + END.length;
      const cut = read.atEnd ? { incomplete: true } : {};
      spans.push({ start: open, end, failure: { message: read.message, raw: content.slice(head.argsStart, close === -1 ? content.length : close), name: head.name }, source: SOURCE, marked: true, ...cut });
      if (close === -1) break;
      from = end;
      continue;
    }
    const after = skipWhitespace(content, reader.pos);
    const end = content.startsWith(END, after) ? after + END.length : reader.pos;
    spans.push({ start: open, end, calls: [{ name: head.name, arguments: read.value }], source: SOURCE, marked: true });
    from = end;
  }
  return spans;
}

/** `call:NAME{` at `at` (whitespace allowed around the name): the name and the offset of `{`. */
function readHead(content: string, at: number): { name: string; argsStart: number } | undefined {
  const callAt = skipWhitespace(content, at);
  if (!content.startsWith(CALL, callAt)) return undefined;
  const nameStart = skipWhitespace(content, callAt + CALL.length);
  const brace = content.slice(nameStart, nameStart + MAX_CALL_NAME_LENGTH + 8).indexOf('{');
  if (brace === -1) return undefined;
  const name = content.slice(nameStart, nameStart + brace).trim();
  return isCallName(name) ? { name, argsStart: nameStart + brace } : undefined;
}

type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string; readonly atEnd: boolean };

/** Reads FunctionGemma's value syntax from `pos`; its recursion is bounded by {@link MAX_NESTING}. */
class Reader {
  constructor(
    readonly text: string,
    public pos: number,
    private readonly find: (token: string, from: number) => number,
  ) {}

  /** The `{...}` object at `pos`. */
  object(): Read<JsonObject> {
    const value = this.value(0);
    if (!value.ok) return value;
    return { ok: true, value: value.value as JsonObject };
  }

  private fail(message: string): Read<never> {
    return { ok: false, message, atEnd: this.pos >= this.text.length };
  }

  private value(depth: number): Read<JsonValue> {
    this.pos = skipWhitespace(this.text, this.pos);
    if (this.pos >= this.text.length) return this.fail('the arguments end before a value');
    if (this.text.startsWith(ESCAPE, this.pos)) return this.escaped();
    const c = this.text[this.pos];
    if (c === '{' || c === '[') {
      if (depth >= MAX_NESTING) return this.fail(`arguments nested deeper than ${MAX_NESTING} levels`);
      return c === '{' ? this.members(depth + 1) : this.items(depth + 1);
    }
    return this.bare();
  }

  /** `<escape>TEXT<escape>`: the text as written. */
  private escaped(): Read<JsonValue> {
    const start = this.pos + ESCAPE.length;
    const close = this.find(ESCAPE, start);
    if (close === -1) {
      this.pos = this.text.length;
      return this.fail('a string whose closing <escape> never came');
    }
    this.pos = close + ESCAPE.length;
    return { ok: true, value: this.text.slice(start, close) };
  }

  /** A number, `true`, `false`, `null`, or a bare word read as its string. */
  private bare(): Read<JsonValue> {
    const start = this.pos;
    let i = start;
    while (i < this.text.length && !DELIMITERS.has(this.text[i] as string) && !this.text.startsWith('<', i)) i++;
    this.pos = i;
    if (i >= this.text.length) return this.fail('the arguments end inside a value');
    const word = this.text.slice(start, i).trim();
    if (word.length === 0) return this.fail(`expected a value at '${this.text.slice(start, start + 20)}'`);
    if (this.text[i] === ':' || this.text[i] === '{' || this.text[i] === '[' || this.text[i] === '<') return this.fail(`'${word}' is not a value: a string must be written between <escape> tokens`);
    if (word === 'true') return { ok: true, value: true };
    if (word === 'false') return { ok: true, value: false };
    if (word === 'null') return { ok: true, value: null };
    if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(word)) return { ok: true, value: Number(word) };
    return { ok: true, value: word };
  }

  /** `{key:value,...}` after its `{`. */
  private members(depth: number): Read<JsonValue> {
    this.pos++;
    let result: JsonObject = {};
    // After a value: whether a comma may come, and whether the next key may come without one.
    let afterValue = false;
    let closed = false;
    for (;;) {
      this.pos = skipWhitespace(this.text, this.pos);
      if (this.pos >= this.text.length) return this.fail('the arguments end inside an object');
      const c = this.text[this.pos];
      if (c === '}') {
        this.pos++;
        return { ok: true, value: result };
      }
      if (c === ',') {
        if (!afterValue) return this.fail("a ',' with no value before it");
        this.pos++;
        afterValue = false;
        continue;
      }
      // After a closed value the next key cannot belong to it: a missing comma has one reading.
      if (afterValue && !closed) return this.fail("expected ',' or '}' after a value");
      const key = this.key();
      if (!key.ok) return key;
      const value = this.value(depth);
      if (!value.ok) return value;
      if (Object.hasOwn(result, key.value)) return this.fail(`the key '${key.value}' is given twice`);
      result = withOwnValue(result, key.value, value.value);
      afterValue = true;
      closed = this.closedValue();
    }
  }

  /** `[value,...]` after its `[`. */
  private items(depth: number): Read<JsonValue> {
    this.pos++;
    const result: JsonValue[] = [];
    let needComma = false;
    for (;;) {
      this.pos = skipWhitespace(this.text, this.pos);
      if (this.pos >= this.text.length) return this.fail('the arguments end inside a list');
      const c = this.text[this.pos];
      if (c === ']') {
        this.pos++;
        return { ok: true, value: result };
      }
      if (c === ',') {
        if (!needComma) return this.fail("a ',' with no value before it");
        this.pos++;
        needComma = false;
        continue;
      }
      if (needComma) return this.fail("expected ',' or ']' after a list item");
      const value = this.value(depth);
      if (!value.ok) return value;
      result.push(value.value);
      needComma = true;
    }
  }

  /** A key up to its `:` (bare, or between `<escape>` tokens). */
  private key(): Read<string> {
    if (this.text.startsWith(ESCAPE, this.pos)) {
      const read = this.escaped();
      if (!read.ok) return read;
      this.pos = skipWhitespace(this.text, this.pos);
      if (this.text[this.pos] !== ':') return this.fail(`no ':' after the key '${String(read.value)}'`);
      this.pos++;
      return { ok: true, value: String(read.value) };
    }
    const start = this.pos;
    let i = start;
    while (i < this.text.length && !DELIMITERS.has(this.text[i] as string) && !this.text.startsWith('<', i)) i++;
    this.pos = i;
    if (i >= this.text.length) return this.fail('the arguments end inside a key');
    const key = this.text.slice(start, i).trim();
    if (this.text[i] !== ':' || key.length === 0 || /\s/.test(key)) return this.fail(`expected KEY: at '${this.text.slice(start, start + 20)}'`);
    this.pos = i + 1;
    return { ok: true, value: key };
  }

  /** True when the value just read ended with `<escape>`, `}` or `]`. */
  private closedValue(): boolean {
    const before = this.text[this.pos - 1];
    return before === '}' || before === ']' || this.text.startsWith(ESCAPE, this.pos - ESCAPE.length);
  }
}
