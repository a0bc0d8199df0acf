import type { ErrorCode } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** A configuration file is unreadable or holds a wrong value (ACODE-CFG-001/002). */
export class ConfigurationException extends AcodeException {
  /** The file, when the problem is in one. */
  readonly file: string | undefined;
  /** Dotted key, such as `tool_registry.max_schema_size`. */
  readonly key: string | undefined;

  constructor(code: ErrorCode, message: string, details: { file?: string; key?: string; cause?: unknown } = {}) {
    super(code, message, { cause: details.cause });
    this.file = details.file;
    this.key = details.key;
  }
}
