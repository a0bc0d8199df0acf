import { ERROR_CODE_TITLES, type RepairName, type TokenUsage, type ToolCall, type ToolCallError, type ToolCallParseOutcome, type ToolCallTelemetryRecord } from '@acode/domain';
import { scrubArgumentsText, scrubSecrets, scrubText } from '../tool-calls/scrub-secrets.js';
import type { ToolCallReport } from './tool-call-handling.js';

/** What the handler knows about one call while it works on it. */
export interface CallRecord {
  readonly index: number;
  readonly callId: string;
  /** Name as the model sent it; canonical once the call is valid. */
  tool: string;
  /** Set when the call is valid. */
  call: ToolCall | undefined;
  /** Every error seen for the call, in order; the last is the current one while the call is invalid. */
  readonly errors: ToolCallError[];
  outcome: ToolCallParseOutcome;
  retryCount: number;
  parseMs: number;
  retryMs: number;
  tokens: TokenUsage;
  /** The arguments as the model first sent them: text, or the object an Ollama server sent. */
  readonly originalArguments: unknown;
}

/** The public report of a call. */
export function toReport(record: CallRecord): ToolCallReport {
  const repairs = repairsOf(record);
  return {
    index: record.index,
    tool: record.tool,
    callId: record.callId,
    outcome: record.outcome,
    retryCount: record.retryCount,
    errorCodes: record.errors.map((error) => error.code),
    repairs,
    timings: { parseMs: record.parseMs, repairMs: repairs.length > 0 ? record.parseMs : 0, retryMs: record.retryMs },
    tokens: record.tokens,
  };
}

/** Who and where, for a telemetry row. */
export interface TelemetryContext {
  readonly timestamp: string;
  readonly correlationId: string;
  readonly provider: string;
  readonly model: string;
  /** `log_argument_values`: only then do argument texts (scrubbed) and full messages go in. */
  readonly logArgumentValues: boolean;
  /** Model requests the operation made, the first included. */
  readonly attempts?: number;
}

/** Prefix of the sources of calls read from the model's text (`content_pythonic`...). */
const TEXT_SOURCE_PREFIX = 'content_';

/**
 * The telemetry row of a call. Argument values and error messages (which may quote them) are in
 * it only when `logArgumentValues` is on, scrubbed of secret-looking values; otherwise the error
 * is described by its code's title.
 */
export function toTelemetryRecord(record: CallRecord, context: TelemetryContext): ToolCallTelemetryRecord {
  const report = toReport(record);
  const error = record.errors[record.errors.length - 1];
  const withValues = context.logArgumentValues;
  const original = withValues ? argumentsText(record.originalArguments) : undefined;
  return {
    timestamp: context.timestamp,
    correlationId: context.correlationId,
    provider: context.provider,
    model: context.model,
    tool: record.tool,
    callId: record.callId,
    parseResult: record.outcome,
    repairs: report.repairs,
    retryCount: record.retryCount,
    errorCodes: report.errorCodes,
    ...(error?.position === undefined ? {} : { errorPosition: error.position }),
    parseMs: report.timings.parseMs,
    repairMs: report.timings.repairMs,
    retryMs: report.timings.retryMs,
    tokens: record.tokens,
    ...(original === undefined ? {} : { originalArguments: original }),
    ...(withValues && record.call !== undefined ? { finalArguments: JSON.stringify(scrubSecrets(record.call.arguments)) } : {}),
    ...(error === undefined ? {} : { errorMessage: withValues ? scrubText(error.message) : ERROR_CODE_TITLES[error.code] }),
    ...textFormatOf(record),
    ...(context.attempts === undefined ? {} : { attempts: context.attempts }),
  };
}

/** The text-call format the call was last read from (its valid form, else its last error), when it came from text. */
function textFormatOf(record: CallRecord): { textFormat?: string } {
  const source = record.call?.source ?? record.errors.at(-1)?.source;
  return source !== undefined && source.startsWith(TEXT_SOURCE_PREFIX) ? { textFormat: source.slice(TEXT_SOURCE_PREFIX.length) } : {};
}

/** The current error of a call that is invalid. */
export function currentError(record: CallRecord): ToolCallError | undefined {
  return record.call === undefined ? record.errors[record.errors.length - 1] : undefined;
}

function repairsOf(record: CallRecord): RepairName[] {
  return [...(record.call?.repairs ?? currentError(record)?.repairs ?? [])];
}

function argumentsText(value: unknown): string | undefined {
  if (typeof value === 'string') return scrubArgumentsText(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(scrubSecrets(value));
  return undefined;
}
