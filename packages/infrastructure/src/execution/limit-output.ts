import type { JsonValue } from '@acode/domain';

/** How much output was cut, reported in the envelope's `meta.outputTruncated`. */
export interface OutputTruncation {
  /** UTF-8 bytes of the JSON the handler returned. */
  readonly originalBytes: number;
  /** The limit applied (`maxOutputSizeBytes`). */
  readonly limitBytes: number;
}

/** Handler output after {@link limitOutput}. */
export interface LimitedOutput {
  readonly data: JsonValue;
  /** Present when `data` was cut. */
  readonly outputTruncated?: OutputTruncation;
}

/**
 * Applies `maxOutputSizeBytes` (001 §4.6) to checked JSON data. Within the limit the data is
 * returned as it is. Over it, a string is cut at a character boundary and anything else is
 * replaced by the start of its JSON text, as a string; either way the JSON of the cut value is at
 * most `maxOutputBytes` UTF-8 bytes (never below the 2 bytes of `""`). Sizes are measured by
 * walking the value, and only the kept prefix is ever serialised, so huge output costs no copy.
 */
export function limitOutput(data: JsonValue, maxOutputBytes: number): LimitedOutput {
  const limitBytes = Math.max(0, Math.floor(maxOutputBytes));
  const originalBytes = jsonByteLength(data);
  if (originalBytes <= limitBytes) return { data };
  // Two bytes go to the quotes of the string the cut value becomes.
  const budget = Math.max(0, limitBytes - 2);
  const cut = typeof data === 'string' ? cutToJsonBudget([data], budget) : cutToJsonBudget(jsonChunks(data), budget);
  return { data: cut, outputTruncated: { originalBytes, limitBytes } };
}

/**
 * UTF-8 bytes of `JSON.stringify(value)` for JSON data, without building the text. Iterative:
 * it also measures messages no one has checked yet (a child process's), so no nesting can
 * overflow the stack.
 */
export function jsonByteLength(value: JsonValue): number {
  let total = 0;
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const item = pending.pop() as JsonValue;
    if (typeof item === 'string') {
      total += stringJsonBytes(item);
    } else if (typeof item !== 'object' || item === null) {
      total += Buffer.byteLength(String(JSON.stringify(item)));
    } else if (Array.isArray(item)) {
      total += 2 + Math.max(0, item.length - 1);
      for (const element of item) pending.push(element);
    } else {
      let members = 0;
      for (const [key, member] of Object.entries(item)) {
        // JSON leaves out members set to undefined.
        if ((member as JsonValue | undefined) === undefined) continue;
        total += stringJsonBytes(key) + 1;
        pending.push(member);
        members += 1;
      }
      total += 2 + Math.max(0, members - 1);
    }
  }
  return total;
}

/** The JSON text of checked data, piece by piece, so a consumer can stop early. */
function* jsonChunks(value: JsonValue): Generator<string> {
  if (typeof value !== 'object' || value === null) {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (const [index, item] of value.entries()) {
      if (index > 0) yield ',';
      yield* jsonChunks(item);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if ((item as JsonValue | undefined) === undefined) continue;
    if (!first) yield ',';
    first = false;
    yield JSON.stringify(key);
    yield ':';
    yield* jsonChunks(item);
  }
  yield '}';
}

/** The longest prefix of the concatenated pieces whose JSON string body fits in `budget` bytes. */
function cutToJsonBudget(pieces: Iterable<string>, budget: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    let index = 0;
    while (index < piece.length) {
      const codePoint = piece.codePointAt(index) as number;
      const bytes = jsonCharBytes(codePoint);
      if (used + bytes > budget) {
        kept.push(piece.slice(0, index));
        return kept.join('');
      }
      used += bytes;
      index += codePoint > 0xffff ? 2 : 1;
    }
    kept.push(piece);
  }
  return kept.join('');
}

function stringJsonBytes(text: string): number {
  let total = 2;
  for (let index = 0; index < text.length; ) {
    const codePoint = text.codePointAt(index) as number;
    total += jsonCharBytes(codePoint);
    index += codePoint > 0xffff ? 2 : 1;
  }
  return total;
}

/** UTF-8 bytes of one character inside a JSON string, as `JSON.stringify` escapes it. */
function jsonCharBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2;
  if (codePoint < 0x20) return codePoint === 0x08 || codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0c || codePoint === 0x0d ? 2 : 6;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  // A lone surrogate is written as a `\udXXX` escape.
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6;
  return codePoint < 0x10000 ? 3 : 4;
}
