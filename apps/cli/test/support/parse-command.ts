import { expect } from 'vitest';
import { parseCommandLine, type CliCommand } from '../../src/arguments.js';

/** Parses `argv`, failing the test unless it is a command. */
export function command(argv: string[]): CliCommand {
  const result = parseCommandLine(argv);
  if (!result.ok) throw new Error(`expected a command, got usage error: ${result.error.message}`);
  return result.command;
}

/** Parses `argv`, failing the test unless it is a usage error (ACODE-CLI-001); returns the error. */
export function usageError(argv: string[]) {
  const result = parseCommandLine(argv);
  if (result.ok) throw new Error(`expected a usage error, got ${result.command.kind}`);
  expect(result.error.code).toBe('ACODE-CLI-001');
  return result.error;
}
