import type { ErrorCode } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** A model server request failed in an expected way (ACODE-MDL-001..007). */
export class ModelClientException extends AcodeException {
  /** Provider name. */
  readonly provider: string;
  /** HTTP status, for ACODE-MDL-003/004. */
  readonly status: number | undefined;
  /** The URL asked (without credentials). */
  readonly url: string | undefined;

  constructor(code: ErrorCode, message: string, details: { provider: string; status?: number; url?: string; cause?: unknown }) {
    super(code, message, { cause: details.cause });
    this.provider = details.provider;
    this.status = details.status;
    this.url = details.url;
  }
}
