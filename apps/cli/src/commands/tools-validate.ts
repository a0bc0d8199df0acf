import {
  ERROR_CODES,
  toErrorEnvelope,
  type JsonValue,
  type ToolValidationFailure,
  type ToolValidationResult,
  type ToolValidationSuccess,
} from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { isUtf8Argument, MISSING_ARGUMENTS_MESSAGE, NOT_UTF8_MESSAGE, NOT_UTF8_SUGGESTION, readArgumentsText } from '../read-stdin.js';
import { formatUsageError } from '../render/diagnostics.js';
import { renderValidationFailure, renderValidationSuccess } from '../render/validation-result.js';
import type { CliRuntime } from '../runtime.js';
import type { OutputView } from './view.js';

/** Options of `acode tools validate`. */
export interface ToolsValidateOptions {
  /** Name or alias, any case. */
  readonly name: string;
  /** The arguments JSON; absent means read `stdin`. */
  readonly args?: string;
  /** Exact version or range; the highest when absent. */
  readonly version?: string;
  readonly json: boolean;
}

/**
 * `acode tools validate NAME [ARGS_JSON]`: validates the arguments strictly and prints the
 * parsed arguments (exit 0) or every error with a suggestion and an example (exit 1). Both go
 * to stdout: the verdict is the command's output, not a failure of the command. Arguments come
 * from `stdin` when not given, bounded by the registry's size limit; a terminal on `stdin` is a
 * usage error rather than a silent wait.
 */
export async function toolsValidate(
  runtime: CliRuntime,
  options: ToolsValidateOptions,
  stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean },
  view: OutputView,
): Promise<CommandOutput> {
  const query = options.version === undefined ? {} : { version: options.version };

  let args = options.args;
  // Invalid UTF-8 is refused as the host refuses it (ACODE-TSR-002), never read as U+FFFD (issue 13).
  if (args !== undefined && !isUtf8Argument(args)) return renderResult(runtime, notUtf8Failure(runtime, options.name, query, true), options.json, view);
  if (args === undefined) {
    const maxBytes = runtime.limits.maxArgumentSizeBytes;
    const read = await readArgumentsText(stdin, maxBytes);
    if (read.kind === 'terminal') {
      return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message: MISSING_ARGUMENTS_MESSAGE, helpCommand: 'acode tools validate' }) };
    }
    if (read.kind === 'too-large') return renderResult(runtime, tooLargeFailure(runtime, options.name, query, maxBytes), options.json, view);
    if (read.kind === 'not-utf8') return renderResult(runtime, notUtf8Failure(runtime, options.name, query, false), options.json, view);
    args = read.text;
  }

  return renderResult(runtime, runtime.registry.tryValidateArguments(options.name, args, query), options.json, view);
}

function renderResult(runtime: CliRuntime, result: ToolValidationResult, json: boolean, view: OutputView): CommandOutput {
  if (result.success) {
    return { exitCode: EXIT_CODES.OK, stdout: json ? JSON.stringify(toSuccessJson(result), null, 2) + '\n' : renderValidationSuccess(result, view.style) };
  }
  if (json) return { exitCode: EXIT_CODES.VALIDATION_FAILED, stdout: JSON.stringify(toErrorEnvelope(result), null, 2) + '\n' };
  const example = exampleFor(runtime, result);
  return { exitCode: EXIT_CODES.VALIDATION_FAILED, stdout: renderValidationFailure(result, { style: view.style, ...(example !== undefined ? { example } : {}) }) };
}

/** The success result in the same snake_case wire shape as the error envelope. */
function toSuccessJson(result: ToolValidationSuccess): Record<string, unknown> {
  return {
    success: true,
    tool: result.tool,
    version: result.version,
    ...(result.requestedName !== undefined ? { requested_name: result.requestedName } : {}),
    arguments: result.arguments,
    correlation_id: result.correlationId,
  };
}

/** An example of valid arguments for the tool that was validated against, if it is known. */
function exampleFor(runtime: CliRuntime, failure: ToolValidationFailure): JsonValue | undefined {
  if (failure.version === undefined) return undefined;
  const lookup = runtime.registry.findTool(failure.tool, { version: failure.version });
  return lookup === undefined ? undefined : runtime.exampleArguments(lookup.definition.parameters);
}

/** Standard input exceeded the size limit: ACODE-TSR-009, as the registry reports it for text. */
function tooLargeFailure(runtime: CliRuntime, name: string, query: { version?: string }, maxBytes: number): ToolValidationFailure {
  return inputFailure(runtime, name, query, {
    path: '',
    code: ERROR_CODES.ARGUMENTS_TOO_LARGE,
    message: `Arguments exceed the maximum size of ${maxBytes} bytes.`,
    expected: `at most ${maxBytes} bytes`,
    suggestion: 'Send smaller arguments: pass large content by reference (a file path) instead of inline.',
  });
}

/** ARGS_JSON that is not UTF-8: ACODE-TSR-002 with the host's message. */
function notUtf8Failure(runtime: CliRuntime, name: string, query: { version?: string }, fromArgv: boolean): ToolValidationFailure {
  return inputFailure(runtime, name, query, {
    path: '',
    code: ERROR_CODES.INVALID_JSON,
    message: NOT_UTF8_MESSAGE,
    suggestion: fromArgv ? `${NOT_UTF8_SUGGESTION}; a U+FFFD that cannot be told from a replaced byte is refused in an argument, so pipe such text on standard input` : NOT_UTF8_SUGGESTION,
  });
}

/** A failure of the input itself, before validation: one error, for the tool that was asked for. */
function inputFailure(runtime: CliRuntime, name: string, query: { version?: string }, error: ToolValidationFailure['errors'][number]): ToolValidationFailure {
  const lookup = runtime.registry.findTool(name, query);
  return {
    success: false,
    tool: lookup?.definition.name ?? name,
    ...(lookup !== undefined ? { version: lookup.definition.version } : {}),
    errors: [error],
    correlationId: runtime.correlationId(),
  };
}
