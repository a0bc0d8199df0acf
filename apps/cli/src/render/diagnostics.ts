import type { RegistrationReport } from '@acode/application';
import type { UsageError } from '../arguments.js';
import type { ConfigWarning } from '../runtime.js';
import { displayMessage, displayName } from './text.js';

/** `[ACODE-CLI-001] message` and where to find the right usage. */
export function formatUsageError(error: UsageError): string {
  return `[${error.code}] ${displayMessage(error.message)}\nRun '${error.helpCommand} --help' for usage.\n`;
}

/** A configuration that cannot be used: `[ACODE-CFG-00x] message`, with the file and key. */
export function formatConfigurationError(error: { code: string; message: string; file?: string | undefined; key?: string | undefined }): string {
  const lines = [`[${error.code}] ${displayMessage(error.message)}`];
  if (error.file !== undefined && !error.message.includes(error.file)) lines.push(`  File: ${displayMessage(error.file)}`);
  if (error.key !== undefined && !error.message.includes(error.key)) lines.push(`  Key: ${displayMessage(error.key)}`);
  return lines.join('\n') + '\n';
}

/**
 * What startup wants the user to know: configuration warnings, tools skipped (with the file,
 * tool and schema path, so a broken custom tool can be fixed), providers that failed. Disabled
 * tools are configuration working as intended and are not reported.
 */
export function formatStartupDiagnostics(warnings: readonly ConfigWarning[], report: RegistrationReport): string {
  const lines: string[] = [];
  for (const warning of warnings) {
    // The loader's messages usually name the file already; add it only when they do not.
    const location = [warning.file, warning.key].filter((part) => part !== '' && !warning.message.includes(part)).join(', ');
    lines.push(`warning: [${warning.code}] ${displayMessage(warning.message)}${location === '' ? '' : ` (${displayMessage(location)})`}`);
  }
  for (const skipped of report.skipped) {
    const name = skipped.tool === '' ? '(unnamed)' : `'${displayName(skipped.tool)}'`;
    const source = skipped.source !== undefined ? ` from ${displayMessage(skipped.source)}` : ` from ${skipped.provider}`;
    lines.push(`error: skipped tool ${name}${source}: [${skipped.code}] ${displayMessage(skipped.message)}`);
  }
  for (const failed of report.failedProviders) {
    lines.push(`error: tool provider '${displayName(failed.provider)}' failed: ${displayMessage(failed.message)}`);
  }
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

/**
 * A failure that is a bug, not a user error: one line, no stack trace (it would show internal
 * class names), unless `ACODE_DEBUG=1` asks for it.
 */
export function formatInternalError(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = `internal error: ${displayMessage(message)}\n`;
  return debug && error instanceof Error && error.stack !== undefined ? `${line}${error.stack}\n` : line;
}
