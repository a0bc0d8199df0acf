import { AcodeException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';

/** Longest SQLite message quoted in an error. */
const MAX_REASON_LENGTH = 200;

/** An ACODE-TEL-001 exception: `message` is what the user reads, `cause` keeps the original for logs. */
export function telemetryUnavailable(message: string, cause?: unknown): AcodeException {
  return new AcodeException(ERROR_CODES.TELEMETRY_UNAVAILABLE, message, cause === undefined ? undefined : { cause });
}

/**
 * SQLite's own words for a failure (`file is not a database`, `database is locked`), bounded and
 * without a trailing period, for the end of a sentence; never a stack or a class name.
 */
export function describeStorageError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = (text.split('\n')[0] ?? '').trim().replace(/\.+$/, '');
  if (line === '') return 'unknown storage error';
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH)}…` : line;
}
