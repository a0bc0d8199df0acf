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
import { MISSING_ARGUMENTS_MESSAGE, readArgumentsText } from '../read-stdin.js';
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
  if (args === undefined) {
    const maxBytes = runtime.limits.maxArgumentSizeBytes;
    const read = await readArgumentsText(stdin, maxBytes);
    if (read.kind === 'terminal') {
      return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message: MISSING_ARGUMENTS_MESSAGE, helpCommand: 'acode tools validate' }) };
    }
    if (read.kind === 'too-large') return renderResult(runtime, tooLargeFailure(runtime, options.name, query, maxBytes), options.json, view);
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
  const lookup = runtime.registry.findTool(name, query);
  return {
    success: false,
    tool: lookup?.definition.name ?? name,
    ...(lookup !== undefined ? { version: lookup.definition.version } : {}),
    errors: [
      {
        path: '',
        code: ERROR_CODES.ARGUMENTS_TOO_LARGE,
        message: `Arguments exceed the maximum size of ${maxBytes} bytes.`,
        expected: `at most ${maxBytes} bytes`,
        suggestion: 'Send smaller arguments: pass large content by reference (a file path) instead of inline.',
      },
    ],
    correlationId: runtime.correlationId(),
  };
}
