import { AcodeException, ConfigurationException, ModelClientException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES, type ExitCode } from '../exit-codes.js';
import { formatConfigurationError } from '../render/diagnostics.js';
import { displayMessage } from '../render/text.js';

/** Codes meaning the server answered but this model cannot do the job. */
const UNSUITABLE_MODEL_CODES: ReadonlySet<string> = new Set([ERROR_CODES.MODEL_NOT_FOUND, ERROR_CODES.MODEL_NO_TOOL_SUPPORT]);

/** The exit code of a model server failure: 4 for a missing or tool-less model, 3 for everything else. */
export function modelFailureExitCode(error: ModelClientException): ExitCode {
  return UNSUITABLE_MODEL_CODES.has(error.code) ? EXIT_CODES.MODEL_UNSUITABLE : EXIT_CODES.MODEL_UNAVAILABLE;
}

/** `[ACODE-XXX-NNN] message`, one line, safe to print. */
export function codedLine(error: { readonly code: string; readonly message: string }): string {
  return `[${error.code}] ${displayMessage(error.message)}`;
}

/**
 * The output for an expected failure of a model command: a model server error (exit 3 or 4), a
 * configuration value that cannot be used (exit 2) or a telemetry store that cannot be opened
 * (ACODE-TEL-001, exit 2). Anything else is not expected and is rethrown, for `runCli` to report
 * as an internal error.
 */
export function expectedFailure(error: unknown, stdout?: string): CommandOutput {
  const withStdout = stdout === undefined ? {} : { stdout };
  if (error instanceof ModelClientException) return { exitCode: modelFailureExitCode(error), ...withStdout, stderr: `${codedLine(error)}\n` };
  if (error instanceof ConfigurationException) return { exitCode: EXIT_CODES.USAGE, ...withStdout, stderr: formatConfigurationError(error) };
  if (error instanceof AcodeException && error.code === ERROR_CODES.TELEMETRY_UNAVAILABLE) return { exitCode: EXIT_CODES.USAGE, ...withStdout, stderr: `${codedLine(error)}\n` };
  throw error;
}
