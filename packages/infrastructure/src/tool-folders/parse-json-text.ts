import { locateJsonError } from './locate-json-error.js';

/** A parsed JSON document, or why it is not one. */
export type JsonTextResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Parses JSON text whose nesting is first bounded by a linear scan, so a 100,000-deep
 * `[[[[...` is refused before any recursive code (parser, canonical JSON, schema walks) sees it.
 * A syntax error names its line and column (1-based).
 */
export function parseJsonText(text: string, maxDepth: number): JsonTextResult {
  const depth = measureJsonDepth(text, maxDepth);
  if (depth.tooDeep) {
    const { line, column } = lineAndColumn(text, depth.offset);
    return { ok: false, message: `nests deeper than ${maxDepth} levels (line ${line}, column ${column})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: describeSyntaxError(text) };
  }
}

/**
 * Deepest `{`/`[` nesting outside strings, stopping at the first bracket past `maxDepth`.
 * Iterative and string-aware (a `[` inside `"..."` does not count); malformed text is left to
 * `JSON.parse` to describe.
 */
function measureJsonDepth(text: string, maxDepth: number): { readonly tooDeep: boolean; readonly offset: number } {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return { tooDeep: true, offset: i };
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return { tooDeep: false, offset: -1 };
}

function describeSyntaxError(text: string): string {
  const located = locateJsonError(text);
  if (located === undefined) return 'is not valid JSON';
  const { line, column } = lineAndColumn(text, located.offset);
  return `is not valid JSON: ${located.reason} (line ${line}, column ${column})`;
}

/** 1-based line and column of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { readonly line: number; readonly column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i += 1) {
    if (text.charCodeAt(i) === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
