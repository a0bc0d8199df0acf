import { scanJsonText } from '../validation/json-text-scanner.js';

/** A parsed JSON document, or why it is not one. */
export type JsonTextResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Parses JSON text after the project's linear scanner (`scanJsonText`) has bounded its nesting
 * and found its first syntax error, so a 100,000-deep `[[[[...` is refused before any recursive
 * code (parser, canonical JSON, schema walks) sees it. An error names its line and column (1-based).
 */
export function parseJsonText(text: string, maxDepth: number): JsonTextResult {
  const scan = scanJsonText(text, maxDepth);
  if (!scan.ok) {
    const { line, column } = lineAndColumn(text, scan.position);
    const where = `(line ${line}, column ${column})`;
    return { ok: false, message: scan.kind === 'depth' ? `nests deeper than ${maxDepth} levels ${where}` : `is not valid JSON: ${scan.reason} ${where}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // The scanner accepted it: only what it does not model (such as a number too large for a double) ends here.
    return { ok: false, message: 'is not valid JSON' };
  }
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
