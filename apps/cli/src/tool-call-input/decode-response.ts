import { scanJsonText } from '@acode/infrastructure/validate';

/**
 * Deepest nesting accepted in a response document: far above what a response needs (arguments
 * are limited by `max_nesting_depth`, at most 256, inside a few levels of envelope), low enough
 * that nothing downstream can overflow the stack.
 */
export const MAX_RESPONSE_DEPTH = 512;

/** The parsed document, or why the text is not one (a usage error: the file is not a response). */
export type ResponseDecoding = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Parses a response document. The text is scanned first (linear, non-recursive), so the error
 * names a line and column and a hostile nesting is refused before `JSON.parse` sees it.
 */
export function decodeResponse(text: string, source: string): ResponseDecoding {
  const scan = scanJsonText(text, MAX_RESPONSE_DEPTH);
  if (!scan.ok) {
    const { line, column } = lineAndColumn(text, scan.position);
    const reason = scan.kind === 'depth' ? `nests deeper than ${MAX_RESPONSE_DEPTH} levels` : `is not valid JSON (${scan.reason})`;
    return {
      ok: false,
      message: `Input ${source} ${reason} at line ${line}, column ${column}; expected a response object, an NDJSON stream or an SSE stream.`,
    };
  }
  return { ok: true, value: JSON.parse(text) as unknown };
}

/** 1-based line and column of a UTF-16 offset. */
function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < position; index = text.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: position - lineStart + 1 };
}
