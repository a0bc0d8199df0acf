import type { IToolCallParser, ToolCallParseOptions } from '@acode/application';
import { ERROR_CODES, type RawToolCall, type ToolCallParseResult, type ToolCallSettings } from '@acode/domain';
import { createToolCallParser } from '@acode/infrastructure';
import { toolContract, WireNamedRegistry } from '@acode/infrastructure/gateway';
import { scanJsonText } from '@acode/infrastructure/validate';
import { performance } from 'node:perf_hooks';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { countParse, renderParseReport, type CallTextDetail } from '../render/tool-call-parse-result.js';
import type { CliRuntime, StreamCalls } from '../runtime.js';
import { decodeResponse } from '../tool-call-input/decode-response.js';
import { detectInputFormat, type InputFormat } from '../tool-call-input/detect-input-format.js';
import { rawArgumentsInResponse } from '../tool-call-input/raw-arguments.js';
import { readInput } from '../tool-call-input/read-input.js';
import { readToolsFile } from '../tool-call-input/read-tools-file.js';
import { displayMessage } from '../render/text.js';
import type { OutputView } from './view.js';

/** Options of `acode debug parse-tool-call`. */
export interface DebugParseToolCallOptions {
  /** File path relative to `cwd`, or `-` for standard input. */
  readonly input: string;
  readonly strict: boolean;
  /** False for `--no-repair`. */
  readonly repair: boolean;
  readonly verbose: boolean;
  readonly json: boolean;
  readonly provider?: string;
  /** `--tools FILE`: the request's tools the calls are checked against, instead of the registry. */
  readonly tools?: string;
}

/** Where the command reads from. */
export interface DebugParseToolCallIo {
  readonly cwd: string;
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
}

const HELP_COMMAND = 'acode debug parse-tool-call';

/** What the detected input is called in the report. */
const INPUT_KINDS: Readonly<Record<InputFormat, string>> = Object.freeze({
  json: 'response object',
  ndjson: 'NDJSON stream (Ollama)',
  sse: 'SSE stream (OpenAI-compatible)',
});

/**
 * `acode debug parse-tool-call FILE|-`: runs a recorded response or stream through the same
 * parser the agent uses and prints the verdict for every call, checked against the registry or,
 * with `--tools FILE`, against the tools the request declared, as the gateway checks them. Exit 0 when every call is
 * valid, 1 when one failed (or, with `--strict`, needed repair), 2 when the input cannot be used.
 * The verdict goes to stdout: a failed call is the command's answer, not a failure of the command.
 */
export async function debugParseToolCall(runtime: CliRuntime, options: DebugParseToolCallOptions, io: DebugParseToolCallIo, view: OutputView): Promise<CommandOutput> {
  const services = runtime.toolCalls;
  const overrides: Partial<ToolCallSettings> = options.repair ? {} : { enableAutoRepair: false };
  const settings: ToolCallSettings = { ...services.settings(options.provider), ...overrides };
  // The request's own tools, read before the input so a bad tools file is reported first.
  const requestTools = options.tools === undefined ? undefined : await requestToolParser(options.tools, io.cwd, settings);
  if (requestTools !== undefined && !requestTools.ok) return requestTools.output;
  const parser = requestTools?.parser ?? services.parser;

  const read = await readInput(options.input, io.cwd, io.stdin);
  if (!read.ok) return usageError(read.message);

  const parseOptions: ToolCallParseOptions = { ...(options.provider !== undefined ? { provider: options.provider } : {}), settings: overrides };
  const format = detectInputFormat(read.text);

  let response: unknown;
  let stream: StreamCalls | undefined;
  if (format === 'json') {
    const decoded = decodeResponse(read.text, read.source);
    if (!decoded.ok) return usageError(decoded.message);
    response = decoded.value;
  } else {
    stream = await services.accumulateStream(read.text, format, settings);
  }

  const started = performance.now();
  const result = stream === undefined ? parser.parseResponse(response, parseOptions) : withStreamErrors(parser.parseRawToolCalls(stream.calls, stream.content, { ...parseOptions, ...streamEnding(stream) }), stream);
  const elapsedMs = performance.now() - started;

  const counts = countParse(result);
  const exitCode = counts.failed > 0 || (options.strict && counts.repaired > 0) ? EXIT_CODES.VALIDATION_FAILED : EXIT_CODES.OK;
  const warnings = requestTools?.warnings ?? '';
  if (options.json) return { exitCode, stdout: JSON.stringify(result, null, 2) + '\n', ...(warnings === '' ? {} : { stderr: warnings }) };

  const originalOf = (call: { id: string; index: number }): string | undefined =>
    stream === undefined ? rawArgumentsInResponse(response, call) : rawArgumentsInStream(stream.calls, call.index);
  return {
    exitCode,
    stdout: renderParseReport(
      {
        result,
        inputKind: `${INPUT_KINDS[format]} from ${read.source}`,
        ...(stream !== undefined ? { streamComplete: stream.complete } : {}),
        strict: options.strict,
        settings,
        ...(options.provider !== undefined ? { provider: options.provider } : {}),
        ...(options.verbose ? { details: verboseDetails(runtime, result, settings, originalOf), elapsedMs } : {}),
      },
      view.style,
    ),
    ...(warnings === '' ? {} : { stderr: warnings }),
  };
}

type RequestToolParser = { readonly ok: true; readonly parser: IToolCallParser; readonly warnings: string } | { readonly ok: false; readonly output: CommandOutput };

/**
 * A parser over the tools of `--tools FILE`, built as the gateway builds one per request: the
 * gateway's tool contract (any name and schema an upstream would take, what the registry's rules
 * would refuse reported as a warning) seen under the client's own names. What the contract warns
 * about, and the tools left out, are returned as `warning:` lines for standard error.
 */
async function requestToolParser(file: string, cwd: string, settings: ToolCallSettings): Promise<RequestToolParser> {
  const read = await readToolsFile(file, cwd);
  if (!read.ok) return { ok: false, output: toolsFileError(read.code, read.message) };
  const contract = toolContract(read.tools);
  if (!contract.ok) return { ok: false, output: toolsFileError(contract.errors[0]?.code ?? ERROR_CODES.CLI_USAGE, `Tools file ${file}: ${contract.errors.map((error) => error.message).join('; ')}.`) };
  const lines = contract.contract.warnings.map((warning) => `warning: [${warning.code}] ${displayMessage(warning.message)} (at ${displayMessage(warning.field)})`);
  if (read.ignored > 0) lines.push(`warning: ${read.ignored} tool${read.ignored === 1 ? '' : 's'} of ${file} without a schema (hosted tools) left out, as the gateway leaves them out.`);
  const parser = createToolCallParser({ registry: new WireNamedRegistry(contract.contract), settings });
  return { ok: true, parser, warnings: lines.length === 0 ? '' : `${lines.join('\n')}\n` };
}

/** A tools file that cannot be used: its code and one line, then where the help is (exit 2). */
function toolsFileError(code: string, message: string): CommandOutput {
  return { exitCode: EXIT_CODES.USAGE, stderr: `[${code}] ${displayMessage(message)}\nRun '${HELP_COMMAND} --help' for usage.\n` };
}

/** How a stream ended, for the parser: a call cut by finish reason `length` or by a missing end marker is refused (ACODE-TLP-010). */
function streamEnding(stream: StreamCalls): Pick<ToolCallParseOptions, 'finishReason' | 'incomplete'> {
  return { ...(stream.finishReason === undefined ? {} : { finishReason: stream.finishReason }), ...(stream.complete ? {} : { incomplete: true }) };
}

/** A stream's own errors (unusable lines) come first; they make the parse a failure too. */
function withStreamErrors(result: ToolCallParseResult, stream: StreamCalls): ToolCallParseResult {
  if (stream.errors.length === 0) return result;
  return { ...result, success: false, errors: [...stream.errors, ...result.errors] };
}

/**
 * For `--verbose`: each repaired call's text as received, where it first went wrong and what the
 * repair made of it. The repair is run again here only to show its output; the verdict is the
 * parser's.
 */
function verboseDetails(
  runtime: CliRuntime,
  result: ToolCallParseResult,
  settings: ToolCallSettings,
  originalOf: (call: { id: string; index: number }) => string | undefined,
): Map<number, CallTextDetail> {
  const details = new Map<number, CallTextDetail>();
  for (const call of result.toolCalls) {
    const original = originalOf(call);
    if (original === undefined || call.repairs.length === 0) {
      if (original !== undefined) details.set(call.index, { original });
      continue;
    }
    const repair = runtime.toolCalls.repairer.repair(original, { timeoutMs: settings.repairTimeoutMs });
    // Repairs beyond the text (an envelope unwrapped, strict nulls dropped) leave it as it was: no "Repaired" line then.
    const repaired = repair.repaired !== undefined && repair.repaired !== original ? { repaired: repair.repaired } : {};
    details.set(call.index, { original, ...errorPosition(original, settings), ...repaired });
  }
  for (const error of result.errors) {
    if (error.index < 0 || error.code === ERROR_CODES.TOOL_CALL_TOO_LARGE) continue;
    const original = error.rawArguments ?? originalOf({ id: error.id ?? '', index: error.index });
    if (original === undefined) continue;
    const position = error.position !== undefined ? { errorPosition: error.position } : errorPosition(original, settings);
    details.set(error.index, { original, ...position });
  }
  return details;
}

function errorPosition(text: string, settings: ToolCallSettings): { errorPosition?: number } {
  const scan = scanJsonText(text, settings.maxNestingDepth);
  return scan.ok ? {} : { errorPosition: scan.position };
}

function rawArgumentsInStream(calls: readonly RawToolCall[], index: number): string | undefined {
  const args = calls.find((call) => call.index === index)?.arguments;
  return typeof args === 'string' ? args : undefined;
}

function usageError(message: string): CommandOutput {
  return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message, helpCommand: HELP_COMMAND }) };
}
