import { ERROR_CODES } from '@acode/domain';
import type { ViolationMapper } from './violation-mapper.js';

/**
 * The compiler's `$engine` violation (`ENGINE_FAILURE_KEYWORD`): the engine itself failed on the
 * value (a stack overflow past the nesting checks, say). The value is refused; what went wrong
 * inside is for the logs, never for the model (ST-3).
 */
export const engineFailureMapper: ViolationMapper = {
  keywords: ['$engine'],
  map() {
    return [
      {
        path: '',
        code: ERROR_CODES.CONSTRAINT_VIOLATION,
        message: 'The arguments could not be checked against the schema',
        suggestion: 'Send simpler arguments that follow the schema',
      },
    ];
  },
};
