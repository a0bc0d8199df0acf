import { ERROR_CODES, type ToolValidationFailure, type ValidationError } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** Arguments failed validation (FR-044); the throwing form of a {@link ToolValidationFailure}. */
export class SchemaValidationException extends AcodeException {
  /** The failed result, with every error. */
  readonly result: ToolValidationFailure;

  constructor(result: ToolValidationFailure) {
    const first = result.errors[0];
    super(
      first?.code ?? ERROR_CODES.CONSTRAINT_VIOLATION,
      `Arguments for tool '${result.tool}' are invalid: ${result.errors.length} error(s)` +
        (first ? `; first: [${first.code}] ${first.message}` : ''),
    );
    this.result = result;
  }

  /** The validation errors. */
  get errors(): readonly ValidationError[] {
    return this.result.errors;
  }
}
