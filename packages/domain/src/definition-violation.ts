import type { ErrorCode } from './error-codes.js';

/**
 * A rule a tool definition breaks. Definition rules return every violation at once, so an
 * author fixes them in one pass.
 */
export interface DefinitionViolation {
  /** `ACODE-DEF-001` for definition fields, `ACODE-TSR-006` for the schema. */
  readonly code: ErrorCode;
  /**
   * JSON Pointer inside the definition (`/name`, `/parameters/properties/v/type`,
   * `/constraints/maxExecutionTimeMs`).
   */
  readonly path: string;
  /** What is wrong and what is allowed. */
  readonly message: string;
}
