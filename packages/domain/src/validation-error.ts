import type { ErrorCode } from './error-codes.js';

/**
 * One reason a tool call's arguments were refused, in the model-facing shape of 000's retry
 * contract. Values are sanitised before they get here (decision 11).
 */
export interface ValidationError {
  /** JSON Pointer to the offending value (`""` is the arguments object, `/options/depth` a nested one). */
  readonly path: string;
  /** Stable code, such as `ACODE-TSR-003`. */
  readonly code: ErrorCode;
  /** One sentence a model or a person can act on. */
  readonly message: string;
  /** What the schema asks for (`string`, `integer (1-100)`, `one of: utf-8, ascii`). */
  readonly expected?: string;
  /**
   * What was sent: the JSON type name for type mismatches, otherwise the value rendered as JSON
   * and cut to 100 characters. Absent for sensitive tools or when actual values are turned off.
   */
  readonly actual?: string;
  /** How to fix it. */
  readonly suggestion?: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `maxLength`, ...). */
  readonly keyword?: string;
  /** For ACODE-TSR-002: zero-based character offset where parsing failed. */
  readonly position?: number;
}

/** Longest rendering of an actual value in an error (decision 11). */
export const MAX_ACTUAL_VALUE_LENGTH = 100;

/** Most errors one validation reports (decision 10). */
export const MAX_VALIDATION_ERRORS = 50;

/** Most enum values an error lists (decision 11). */
export const MAX_LISTED_ENUM_VALUES = 10;
