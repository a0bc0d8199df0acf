import type { JsonObject, RegistryLimits, ValidationError } from '@acode/domain';

/** Parsed arguments, or the one error that stopped parsing. */
export type ParseArgumentsResult =
  | { readonly ok: true; readonly value: JsonObject }
  | { readonly ok: false; readonly error: ValidationError };

/**
 * Parses the arguments a model sent: text is size-checked before parsing (ACODE-TSR-009),
 * parsed with the position of any syntax error (ACODE-TSR-002), nesting-checked without
 * recursion (ACODE-TSR-009), and must be a JSON object (ACODE-TSR-002). An already-parsed
 * value gets the same structural checks.
 */
export function parseArguments(input: string | object, limits: Pick<RegistryLimits, 'maxArgumentSizeBytes' | 'maxArgumentDepth'>): ParseArgumentsResult {
  void input;
  void limits;
  throw new Error('parseArguments: not implemented yet');
}
