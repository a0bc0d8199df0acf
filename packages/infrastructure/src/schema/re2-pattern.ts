import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

let engine: typeof RE2JS | undefined;

/**
 * re2js, loaded on the first pattern rather than with the package: it is the largest module the
 * light entry would load (about 10 ms), and most tool schemas have no pattern (issue 14's import
 * cost). Its CommonJS build, because a schema compiles synchronously.
 */
function re2(): typeof RE2JS {
  engine ??= (createRequire(import.meta.url)('re2js') as typeof import('re2js')).RE2JS;
  return engine;
}

/** A pattern compiled for linear-time matching, or why it cannot be. */
export type Re2CompileResult = { readonly ok: true; readonly regex: RE2JS } | { readonly ok: false; readonly reason: string };

/**
 * Compiles a JSON Schema `pattern` with RE2 (re2js), whose matching time is linear in the input
 * (NFR-015, decision 10, AV-2): a catastrophic pattern such as `^(a+)+$` cannot stall validation.
 * RE2 has no backreferences and no lookaround; those patterns are refused with a reason.
 */
export function compileRe2Pattern(source: string): Re2CompileResult {
  const RE2 = re2(); // outside the try: a missing engine is not a pattern's fault
  try {
    return { ok: true, regex: RE2.compile(source) };
  } catch (error) {
    return { ok: false, reason: describeRe2Error(source, error) };
  }
}

/** JSON Schema's `pattern` is a search, not a full match (decision 7). */
export function re2Search(regex: RE2JS, input: string): boolean {
  return regex.test(input);
}

function describeRe2Error(source: string, error: unknown): string {
  if (/\(\?<?[=!]/.test(source)) return 'lookahead and lookbehind assertions are not supported by the linear-time regex engine';
  if (/\\[1-9]|\\k</.test(source)) return 'backreferences are not supported by the linear-time regex engine';
  const message = error instanceof Error ? error.message.replace(/^error parsing regexp:\s*/, '') : 'unknown syntax error';
  return `the pattern is not valid: ${message}`;
}
