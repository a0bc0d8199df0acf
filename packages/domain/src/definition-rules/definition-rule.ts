import type { DefinitionViolation } from '../definition-violation.js';
import { ERROR_CODES } from '../error-codes.js';

/**
 * A definition as it arrives from a YAML file or a provider: an object whose fields are not yet
 * known to have the right types. Rules read it through `ownValue` and check every type themselves.
 */
export type DefinitionRecord = Readonly<Record<string, unknown>>;

/**
 * One rule a tool definition must follow. Rules are plain data: a name for reports and a pure
 * `check` that returns every violation it finds (never throws, never stops at the first).
 */
export interface DefinitionRule {
  /** Kebab-case name, such as `tool-name`. */
  readonly name: string;
  /** Returns the rule's violations in document order; `[]` when the definition follows it. */
  check(definition: DefinitionRecord): DefinitionViolation[];
}

/** A violation of a definition field (`ACODE-DEF-001`). */
export function definitionViolation(path: string, message: string): DefinitionViolation {
  return { code: ERROR_CODES.DEFINITION_INVALID, path, message };
}

/** A violation inside `parameters` or `outputSchema` (`ACODE-TSR-006`). */
export function schemaViolation(path: string, message: string): DefinitionViolation {
  return { code: ERROR_CODES.SCHEMA_INVALID, path, message };
}
