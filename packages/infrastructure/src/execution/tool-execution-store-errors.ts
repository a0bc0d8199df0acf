import { AcodeException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';

/** An ACODE-TEX-001 exception: `message` names the store's file and says what failed; `cause` is for logs. */
export function executionStoreUnavailable(message: string, cause?: unknown): AcodeException {
  return new AcodeException(ERROR_CODES.EXECUTION_STORE_UNAVAILABLE, message, cause === undefined ? undefined : { cause });
}
