import { ERROR_CODES, type ToolCall, type ToolCallError, type ToolCallParseResult, type ToolCallSettings } from '@acode/domain';
import { caretExcerpt } from './caret-excerpt.js';
import type { Style } from './style.js';
import { displayMessage, displayName } from './text.js';
import { renderValidationError } from './validation-result.js';

/** Indentation of the lines under a call's `[index] tool (id)` header. */
const INDENT = '    ';

/** Most available tools listed under an unknown tool; the rest is counted. */
const MAX_LISTED_TOOLS = 20;

/** What `--verbose` shows for one call: its arguments before and after repair. */
export interface CallTextDetail {
  /** The arguments text as received. */
  readonly original?: string;
  /** The text after repair, when a repair produced one. */
  readonly repaired?: string;
  /** Where the received text first stops being valid JSON (zero-based). */
  readonly errorPosition?: number;
}

/** Everything the human report of one parse shows. */
export interface ParseReport {
  readonly result: ToolCallParseResult;
  /** `Ollama NDJSON stream`, `response object`...: what the input was taken for. */
  readonly inputKind: string;
  /** False when a stream ended without its end marker. */
  readonly streamComplete?: boolean;
  /** `--strict`: repaired calls count as failures. */
  readonly strict: boolean;
  /** The settings the parse ran with (after `--no-repair`). */
  readonly settings: ToolCallSettings;
  readonly provider?: string;
  /** `--verbose` details by call index; absent without `--verbose`. */
  readonly details?: ReadonlyMap<number, CallTextDetail>;
  /** Duration of the parse, shown with `--verbose`. */
  readonly elapsedMs?: number;
}

/** Counts of the summary line. */
export interface ParseCounts {
  /** Calls that parsed and validated, repaired or not. */
  readonly parsed: number;
  /** Of those, the ones whose JSON needed repair. */
  readonly repaired: number;
  /** Calls (and stream lines) that could not be used. */
  readonly failed: number;
}

/** The summary counts of a result. */
export function countParse(result: ToolCallParseResult): ParseCounts {
  return {
    parsed: result.toolCalls.length,
    repaired: result.toolCalls.filter((call) => call.repairs.length > 0).length,
    failed: result.errors.length,
  };
}

/**
 * Renders a parse as 002 scenarios 2, 4, 5, 8 and 9 describe it: one block per call in the
 * model's order (`[index] tool (id)`, then ✓ parsed, ✓ repaired (names) or ✗ [code] message
 * with the validation errors, the available tools and a "did you mean", or the size limit),
 * then `Parsed: N, Repaired: R, Failed: F`.
 */
export function renderParseReport(report: ParseReport, style: Style): string {
  const { result, settings } = report;
  const lines: string[] = [`Input: ${report.inputKind}${report.streamComplete === false ? ' (ended without its end marker)' : ''}`];
  if (report.details !== undefined) {
    lines.push(
      `Settings: ${report.provider === undefined ? 'defaults' : `provider ${displayName(report.provider)}`}, ` +
        `auto-repair ${settings.enableAutoRepair ? 'on' : 'off'}, max_argument_size ${settings.maxArgumentSize} bytes, ` +
        `max_nesting_depth ${settings.maxNestingDepth}, repair_timeout_ms ${settings.repairTimeoutMs}`,
    );
  }

  const blocks = [
    ...result.toolCalls.map((call) => ({ index: call.index, lines: renderCall(call, report, style) })),
    ...result.errors.map((error) => ({ index: error.index, lines: renderError(error, report, style) })),
  ].sort((a, b) => a.index - b.index);
  if (blocks.length === 0) lines.push('', 'No tool calls found.');
  for (const block of blocks) lines.push('', ...block.lines);

  // Reasoning the model wrote (`<think>`, harmony's analysis channel...) is shown apart: no call is ever taken from it.
  if (result.reasoning !== undefined && result.reasoning.trim() !== '') lines.push('', `Reasoning: ${displayMessage(result.reasoning)}`);
  if (result.content.trim() !== '' && report.details !== undefined) lines.push('', `Content: ${displayMessage(result.content)}`);

  const counts = countParse(result);
  lines.push('', `Parsed: ${counts.parsed}, Repaired: ${counts.repaired}, Failed: ${counts.failed}`);
  if (report.strict && counts.repaired > 0) {
    lines.push(style.failure(`Strict: ${counts.repaired} repaired call${counts.repaired === 1 ? '' : 's'} counted as failed.`));
  }
  if (report.elapsedMs !== undefined) lines.push(`Time: ${report.elapsedMs.toFixed(2)} ms`);
  lines.push(`Correlation ID: ${displayName(result.correlationId)}`);
  return lines.join('\n') + '\n';
}

function renderCall(call: ToolCall, report: ParseReport, style: Style): string[] {
  const requested = call.requestedName !== undefined ? ` (requested as ${displayName(call.requestedName)})` : '';
  const lines = [`[${call.index}] ${displayName(call.name)} (${displayName(call.id)})${requested}`];
  if (call.repairs.length === 0) lines.push(`${INDENT}${style.success('✓ parsed')}`);
  else {
    const mark = report.strict ? style.failure('✗ repaired') : style.success('✓ repaired');
    lines.push(`${INDENT}${mark} (${call.repairs.join(', ')})`);
  }
  if (call.version !== undefined) lines.push(`${INDENT}Version: ${displayName(call.version)}`);
  lines.push(`${INDENT}Arguments: ${displayMessage(JSON.stringify(call.arguments))}`);
  // A call read from the text says which format it was found in (`content_glm`...); `--verbose` shows every source.
  if (report.details !== undefined || isTextFormat(call.source)) lines.push(`${INDENT}Source: ${call.source}`);
  if (report.details !== undefined) lines.push(...renderDetail(report.details.get(call.index)));
  return lines;
}

function renderError(error: ToolCallError, report: ParseReport, style: Style): string[] {
  const header = error.index < 0 ? `[stream${error.line !== undefined ? ` line ${error.line}` : ''}]` : `[${error.index}] ${displayName(error.tool ?? '(no name)')}${error.id !== undefined ? ` (${displayName(error.id)})` : ''}`;
  // The model-facing message of an unknown tool repeats the list and the suggestion, which are
  // printed below as their own lines; the headline keeps to the fact.
  const headline = error.code === ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL ? `Unknown tool '${displayName(error.tool ?? '')}'` : displayMessage(error.message);
  const lines = [header, `${INDENT}${style.failure('✗')} ${style.code(`[${error.code}]`)} ${headline}`];
  if (error.position !== undefined) lines.push(`${INDENT}  Position: ${error.position}`);
  if (error.line !== undefined && error.index >= 0) lines.push(`${INDENT}  Stream line: ${error.line}`);
  for (const validation of error.validationErrors ?? []) lines.push(...renderValidationError(validation, style).map((line) => `${INDENT}${line}`));
  if (error.code === ERROR_CODES.TOOL_CALL_TOO_LARGE) lines.push(`${INDENT}  Limit: ${report.settings.maxArgumentSize} bytes (max_argument_size)`);
  if (error.availableTools !== undefined) {
    const shown = error.availableTools.slice(0, MAX_LISTED_TOOLS).map(displayName);
    const more = error.availableTools.length > MAX_LISTED_TOOLS ? `, … (${error.availableTools.length - MAX_LISTED_TOOLS} more)` : '';
    lines.push(`${INDENT}  Available tools: ${shown.length === 0 ? '(none registered)' : shown.join(', ') + more}`);
  }
  if (error.didYouMean !== undefined) lines.push(`${INDENT}  Did you mean: ${displayName(error.didYouMean)}?`);
  if (error.repairs !== undefined && error.repairs.length > 0) lines.push(`${INDENT}  Repairs tried: ${error.repairs.join(', ')}`);
  lines.push(`${INDENT}  Retryable: ${error.retryable ? 'yes' : 'no'}`);
  if (error.source !== undefined && (report.details !== undefined || isTextFormat(error.source))) lines.push(`${INDENT}Source: ${error.source}`);
  if (report.details !== undefined) {
    lines.push(...renderDetail(report.details.get(error.index) ?? (error.rawArguments !== undefined ? { original: error.rawArguments } : undefined)));
  }
  return lines;
}

/** True for the sources of calls written in the assistant's text (`content_<format>`). */
function isTextFormat(source: string): boolean {
  return source.startsWith('content_');
}

function renderDetail(detail: CallTextDetail | undefined): string[] {
  if (detail?.original === undefined) return [];
  const lines: string[] = [];
  if (detail.errorPosition !== undefined) {
    const [text, caret] = caretExcerpt(detail.original, detail.errorPosition);
    lines.push(`${INDENT}Original: ${text}`, `${INDENT}          ${caret}`);
  } else lines.push(`${INDENT}Original: ${displayMessage(detail.original)}`);
  if (detail.repaired !== undefined) lines.push(`${INDENT}Repaired: ${displayMessage(detail.repaired)}`);
  return lines;
}
