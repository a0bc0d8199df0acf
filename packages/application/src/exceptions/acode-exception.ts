import type { ErrorCode } from '@acode/domain';

/**
 * Base of every exception the project throws on purpose. Carries a stable code so an app can
 * print `[code] message` and never a stack trace.
 */
export class AcodeException extends Error {
  /** Stable error code, such as `ACODE-TSR-001`. */
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}
