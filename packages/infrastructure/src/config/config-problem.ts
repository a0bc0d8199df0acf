import { ConfigurationException } from '@acode/application';
import type { ERROR_CODES } from '@acode/domain';

/** A configuration code a refused `config show` or `config set` carries. */
export type ConfigProblemCode =
  | typeof ERROR_CODES.CONFIG_UNREADABLE
  | typeof ERROR_CODES.CONFIG_INVALID
  | typeof ERROR_CODES.CONFIG_UNKNOWN_KEY;

/**
 * Why a configuration command was refused: ACODE-CFG-001 (the file cannot be read or parsed),
 * ACODE-CFG-002 (a value is wrong), ACODE-CFG-003 (the key does not exist). A result, not an
 * exception (BP-009): a refused key is an expected outcome.
 */
export interface ConfigProblem {
  readonly code: ConfigProblemCode;
  /** One or two sentences naming the key, what is allowed and, for files, `file:line:col`. */
  readonly message: string;
  /** The file concerned, when there is one. */
  readonly file?: string;
  /** The dotted key concerned, when there is one. */
  readonly key?: string;
}

/**
 * The problem a `ConfigurationException` reports, or `undefined` for any other error (a bug,
 * which the caller lets through). `file` fills in the file when the exception has none.
 */
export function configProblemOf(error: unknown, file?: string): ConfigProblem | undefined {
  if (!(error instanceof ConfigurationException)) return undefined;
  const code = error.code as ConfigProblemCode;
  const where = error.file ?? file;
  return {
    code,
    message: where !== undefined && !error.message.includes(where) ? `${where}: ${error.message}` : error.message,
    ...(where !== undefined ? { file: where } : {}),
    ...(error.key !== undefined ? { key: error.key } : {}),
  };
}
