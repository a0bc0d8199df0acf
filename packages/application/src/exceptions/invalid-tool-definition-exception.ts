import type { DefinitionViolation, ErrorCode } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/**
 * A definition breaks the domain rules or its schema is not acceptable (ACODE-DEF-001 or
 * ACODE-TSR-006). Lists every violation.
 */
export class InvalidToolDefinitionException extends AcodeException {
  /** Name of the tool as given (may itself be the invalid part). */
  readonly toolName: string;
  /** Every violation, each with its path inside the definition. */
  readonly violations: readonly DefinitionViolation[];

  constructor(toolName: string, violations: readonly DefinitionViolation[], code?: ErrorCode) {
    super(
      code ?? violations[0]?.code ?? 'ACODE-DEF-001',
      `Tool definition '${toolName}' is invalid: ` + violations.map((v) => `${v.message} (at ${v.path || '/'})`).join('; '),
    );
    this.toolName = toolName;
    this.violations = violations;
  }
}
