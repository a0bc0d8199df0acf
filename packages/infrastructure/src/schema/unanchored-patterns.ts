import { walkSchemaObjects } from './schema-walk.js';

/** A `pattern` that is not anchored at both ends. */
export interface UnanchoredPattern {
  /** JSON Pointer of the `pattern` keyword in the parameters schema (`/properties/path/pattern`). */
  readonly pointer: string;
  /** The pattern, cut to 80 characters for messages. */
  readonly pattern: string;
}

/** Most findings reported for one schema: a warning list, not an inventory. */
const MAX_FINDINGS = 50;

/**
 * The `pattern` keywords of a schema that do not start with `^` and end with an unescaped `$`.
 * JSON Schema's `pattern` is a search, not a full match (decision 7): `"[a-z]+"` accepts
 * `"ABC-x-DEF"`. Usually a mistake, sometimes meant, so this feeds a warning, never an error.
 * `patternProperties` keys are not included: matching part of a property name is their common use.
 */
export function findUnanchoredPatterns(schema: unknown): UnanchoredPattern[] {
  const found: UnanchoredPattern[] = [];
  walkSchemaObjects(schema, (node) => {
    const pattern = node.schema['pattern'];
    if (typeof pattern !== 'string' || found.length >= MAX_FINDINGS || isAnchored(pattern)) return;
    found.push({ pointer: `${node.pointer}/pattern`, pattern: pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern });
  });
  return found;
}

function isAnchored(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  // `\$` at the end is a literal dollar sign: count the backslashes before it.
  let backslashes = 0;
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}
