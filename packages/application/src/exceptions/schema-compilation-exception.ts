import { ERROR_CODES, type DefinitionViolation } from '@acode/domain';
import { InvalidToolDefinitionException } from './invalid-tool-definition-exception.js';

/** A tool's schema could not be compiled (ACODE-TSR-008 or ACODE-TSR-006 for what the compiler refused). */
export class SchemaCompilationException extends InvalidToolDefinitionException {
  constructor(toolName: string, violations: readonly DefinitionViolation[]) {
    super(toolName, violations, violations[0]?.code ?? ERROR_CODES.SCHEMA_COMPILATION_FAILED);
  }
}
