import type { SchemaValidationOptions } from '@acode/application';
import type { ValidationError } from '@acode/domain';
import type { RawViolation } from '../schema/raw-violation.js';

/**
 * Maps engine violations to model-facing errors: one mapper per keyword, leaf errors only,
 * ACODE-TSR codes, sanitised actual values, at most `options.maxErrors`.
 */
export function mapViolations(violations: readonly RawViolation[], options: SchemaValidationOptions): ValidationError[] {
  // Placeholder until the validation mappers land (owned by the validation work).
  void violations;
  void options;
  throw new Error('mapViolations: not implemented yet');
}
