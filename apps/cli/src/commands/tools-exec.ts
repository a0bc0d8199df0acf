import type { ConfirmationRequest } from '@acode/domain';
import { ERROR_CODES } from '@acode/domain';
import { DEFAULT_EXEC_SESSION, type ToolExecutionCommand } from '../arguments.js';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { isUtf8Argument, MISSING_ARGUMENTS_MESSAGE, NOT_UTF8_MESSAGE, readArgumentsText } from '../read-stdin.js';
import { formatUsageError } from '../render/diagnostics.js';
import { safeJson } from '../render/text.js';
import { renderToolResponse } from '../render/tool-response.js';
import { formatUnavailableService } from '../render/unavailable-service.js';
import type { CliRuntime } from '../runtime.js';
import { shellQuote } from './shell-quote.js';
import type { OutputView } from './view.js';

/** Options of `acode tools exec`: the parsed command line (see `ToolExecutionCommand`). */
export type ToolsExecOptions = Omit<Extract<ToolExecutionCommand, { kind: 'tools-exec' }>, 'kind' | 'global'>;

/**
 * `acode tools exec NAME ARGS_JSON`: one call through the executor, in a session of the mode,
 * and its envelope printed (`--json`: the envelope exactly). Exit 0 when `ok`, 1 for any failed
 * or refused run; 2 for a missing or invalid `tool_registry.json` (ACODE-TBD-010) or an unusable
 * execution store (ACODE-TEX-001). A `CONFIRMATION_REQUIRED` answer prints the command line that
 * runs the call with its token.
 */
export async function toolsExec(
  runtime: Pick<CliRuntime, 'execution' | 'limits'>,
  options: ToolsExecOptions,
  stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean },
  view: OutputView,
): Promise<CommandOutput> {
  const catalog = runtime.execution.catalog();
  if (!catalog.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(catalog.error) };

  let args = options.args;
  // Invalid UTF-8 is refused before the executor, as the host refuses it (issue 13).
  if (args !== undefined && !isUtf8Argument(args)) return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: `[${ERROR_CODES.INVALID_JSON}] ${NOT_UTF8_MESSAGE}.\n` };
  if (args === undefined) {
    const maxBytes = runtime.limits.maxArgumentSizeBytes;
    const read = await readArgumentsText(stdin, maxBytes);
    if (read.kind === 'terminal') {
      return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message: MISSING_ARGUMENTS_MESSAGE, helpCommand: 'acode tools exec' }) };
    }
    // Refused before the executor: the text was not read whole, so there is no call to run.
    if (read.kind === 'too-large') return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: `[${ERROR_CODES.ARGUMENTS_TOO_LARGE}] Arguments exceed the maximum size of ${maxBytes} bytes.\n` };
    if (read.kind === 'not-utf8') return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: `[${ERROR_CODES.INVALID_JSON}] ${NOT_UTF8_MESSAGE}.\n` };
    args = read.text;
  }

  const executor = runtime.execution.executor();
  if (!executor.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(executor.error) };
  const session = executor.value.openSession({ id: options.session, mode: options.mode });
  const response = await executor.value.execute(session, {
    name: options.name,
    args,
    ...(options.executionId !== undefined ? { executionId: options.executionId } : {}),
    ...(options.confirm !== undefined ? { confirmationToken: options.confirm } : {}),
  });

  const exitCode = response.ok ? EXIT_CODES.OK : EXIT_CODES.VALIDATION_FAILED;
  if (options.json) return { exitCode, stdout: safeJson(response, 2) + '\n' };
  const request = response.ok ? undefined : response.error.confirmation_request;
  const confirmCommand = request === undefined ? undefined : confirmCommandLine(request, options);
  return { exitCode, stdout: renderToolResponse(response, { style: view.style, ...(confirmCommand !== undefined ? { confirmCommand } : {}) }) };
}

/**
 * `acode tools exec <tool> '<args>' --confirm <token>`: the call the token is bound to (the
 * validated arguments, defaults applied), plus the options that must stay the same for the token
 * to be found and accepted: the session, the mode, the registry and the database.
 */
export function confirmCommandLine(request: ConfirmationRequest, options: Pick<ToolsExecOptions, 'mode' | 'session' | 'registry' | 'db'>): string {
  const words = ['acode', 'tools', 'exec', shellQuote(request.tool), shellQuote(safeJson(request.args)), '--confirm', shellQuote(request.confirmation_token)];
  if (options.mode !== 'text') words.push('--mode', options.mode);
  if (options.session !== DEFAULT_EXEC_SESSION) words.push('--session', shellQuote(options.session));
  if (options.registry !== undefined) words.push('--registry', shellQuote(options.registry));
  if (options.db !== undefined) words.push('--db', shellQuote(options.db));
  return words.join(' ');
}
