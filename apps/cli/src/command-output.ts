import type { ExitCode } from './exit-codes.js';

/**
 * What a command produced. Commands build their whole output as text and the caller writes it
 * in one call per stream, so a closed pipe (`| head -1`) never leaves a half-rendered table
 * interleaved with an error.
 */
export interface CommandOutput {
  readonly exitCode: ExitCode;
  /** Text for standard output, ending with a newline when non-empty. */
  readonly stdout?: string;
  /** Text for standard error, ending with a newline when non-empty. */
  readonly stderr?: string;
}
