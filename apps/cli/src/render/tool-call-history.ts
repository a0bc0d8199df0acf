import type { ToolCallParseOutcome, ToolCallTelemetryRecord } from '@acode/domain';
import { caretExcerpt } from './caret-excerpt.js';
import type { Style } from './style.js';
import { milliseconds } from './tool-call-stats.js';
import { displayLength, displayMessage, displayName, escapeControlCharacters, truncate } from './text.js';

/** Longest arguments text shown whole when there is no error position to centre on. */
const MAX_SHOWN_ARGUMENTS = 200;
const RULE = '━'.repeat(39);
const LABEL_WIDTH = 13;

/** 002 names a call that needed the model again `SUCCESS` once it came back valid; the retry shows in `Retry Count`. */
const OUTCOME_LABELS: Readonly<Record<ToolCallParseOutcome, string>> = Object.freeze({
  success: 'SUCCESS',
  repaired: 'REPAIRED',
  retried: 'SUCCESS (after retry)',
  failed: 'FAILED',
});

/**
 * 002's `debug tool-call` layout for every call recorded under one correlation id, oldest first:
 * where it came from, how parsing ended, the repairs and retries, and the arguments as first
 * sent with a caret under the error position. Arguments are only in the store when
 * `log_argument_values` was on; otherwise the output says so instead of showing nothing.
 */
export function renderToolCallHistory(correlationId: string, records: readonly ToolCallTelemetryRecord[], style: Style): string {
  const lines = [style.heading(`Tool Call Debug: ${displayName(correlationId)}`), RULE];
  records.forEach((record, index) => {
    if (records.length > 1) lines.push(...(index > 0 ? [''] : []), style.heading(`Call ${index + 1} of ${records.length}`));
    lines.push(...renderRecord(record, style));
  });
  return lines.join('\n') + '\n';
}

function renderRecord(record: ToolCallTelemetryRecord, style: Style): string[] {
  const field = (label: string, value: string): string => `${`${label}:`.padEnd(LABEL_WIDTH)}${value}`;
  const outcome = OUTCOME_LABELS[record.parseResult] ?? displayName(String(record.parseResult));
  const lines = [
    field('Timestamp', displayName(record.timestamp)),
    field('Provider', `${displayName(record.provider)} (model ${displayName(record.model)}${record.upstream === undefined ? '' : ` via ${displayName(record.upstream)}`})`),
    field('Tool Name', displayName(record.tool)),
    field('Call ID', displayName(record.callId)),
    '',
    `Parse Result: ${record.parseResult === 'failed' ? style.failure(outcome) : style.success(outcome)}`,
    `Repair Applied: ${record.repairs.length > 0 ? record.repairs.map(displayName).join(', ') : 'none'}`,
    `Retry Count: ${record.retryCount}`,
  ];
  if (record.errorCodes.length > 0) lines.push(`Errors: ${record.errorCodes.map((code) => style.code(displayName(code))).join(', ')}`);
  // A call that ended valid keeps the error of an earlier attempt: say which it is.
  if (record.errorMessage !== undefined) lines.push(`${record.parseResult === 'failed' ? 'Last Error' : 'Earlier Error'}: ${displayMessage(record.errorMessage)}`);
  lines.push(...argumentsBlock('Original JSON', record.originalArguments, record.errorPosition, style));
  if (record.finalArguments !== undefined && record.finalArguments !== record.originalArguments) {
    lines.push('', ...argumentsBlock(record.parseResult === 'repaired' ? 'Repaired JSON' : 'Final JSON', record.finalArguments, undefined, style));
  }
  lines.push(
    '',
    `Validation: ${validationVerdict(record, style)}`,
    `Tokens:     ${record.tokens.totalTokens} (prompt ${record.tokens.promptTokens}, completion ${record.tokens.completionTokens})`,
    `Timings:    parse ${milliseconds(record.parseMs)}, repair ${milliseconds(record.repairMs)}, retry ${milliseconds(record.retryMs)}`,
  );
  return lines;
}

/** The arguments, with a caret and `Error position N` under the position when it falls inside them. */
function argumentsBlock(title: string, text: string | undefined, position: number | undefined, style: Style): string[] {
  if (text === undefined) {
    const lines = [`${title}: not recorded (log_argument_values is off)`];
    if (position !== undefined) lines.push(`Error Position: ${position}`);
    return lines;
  }
  if (position === undefined || !Number.isInteger(position) || position < 0 || position > text.length) {
    const lines = [`${title}:`, `  ${truncate(escapeControlCharacters(text), MAX_SHOWN_ARGUMENTS)}`];
    if (position !== undefined) lines.push(`Error Position: ${position} (in a later attempt)`);
    return lines;
  }
  const [excerpt, caret] = caretExcerpt(text, position);
  const label = `Error position ${position}`;
  // The label ends under the caret when there is room to its left, as in 002's layout.
  const caretColumn = displayLength(caret) - 1;
  const labelIndent = Math.max(0, caretColumn + 1 - displayLength(label));
  return [`${title}:`, `  ${excerpt}`, `  ${style.failure(caret)}`, `  ${' '.repeat(labelIndent)}${label}`];
}

/** Schema validation failed (TLP-004) or named no tool (TLP-005); any other failure stopped before validation. */
const VALIDATION_CODES: ReadonlySet<string> = new Set(['ACODE-TLP-004', 'ACODE-TLP-005']);

function validationVerdict(record: ToolCallTelemetryRecord, style: Style): string {
  if (record.parseResult !== 'failed') return style.success('PASSED');
  const last = record.errorCodes[record.errorCodes.length - 1];
  return last !== undefined && VALIDATION_CODES.has(last) ? style.failure('FAILED') : style.failure('NOT REACHED (the arguments never parsed)');
}
