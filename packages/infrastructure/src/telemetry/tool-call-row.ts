import type { RepairName, ToolCallParseOutcome, ToolCallTelemetryRecord } from '@acode/domain';

/** One `tool_calls` row as SQLite returns it (migration 0001's columns, and 0003's `upstream` once applied). */
export interface ToolCallRow {
  readonly id: number;
  readonly timestamp: string;
  readonly correlation_id: string;
  readonly provider: string;
  readonly model: string;
  readonly tool: string;
  readonly call_id: string;
  readonly parse_result: string;
  readonly repairs: string;
  readonly retry_count: number;
  readonly error_codes: string;
  readonly error_position: number | null;
  readonly parse_ms: number;
  readonly repair_ms: number;
  readonly retry_ms: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly original_arguments: string | null;
  readonly final_arguments: string | null;
  readonly error_message: string | null;
  /** Absent in a database a reader opened before migration 0003. */
  readonly upstream?: string | null;
  /** Migration 0005's columns; absent in a database a reader opened before it. */
  readonly route?: string | null;
  readonly text_format?: string | null;
  readonly upstream_ms?: number | null;
  readonly attempts?: number | null;
}

/** The named parameters of the INSERT for `record`, with its timestamp already normalised. */
export function toToolCallParameters(record: ToolCallTelemetryRecord, timestamp: string): Record<string, string | number | null> {
  return {
    timestamp,
    correlation_id: record.correlationId,
    provider: record.provider,
    model: record.model,
    tool: record.tool,
    call_id: record.callId,
    parse_result: record.parseResult,
    repairs: JSON.stringify(record.repairs),
    retry_count: record.retryCount,
    error_codes: JSON.stringify(record.errorCodes),
    error_position: record.errorPosition ?? null,
    parse_ms: record.parseMs,
    repair_ms: record.repairMs,
    retry_ms: record.retryMs,
    prompt_tokens: record.tokens.promptTokens,
    completion_tokens: record.tokens.completionTokens,
    total_tokens: record.tokens.totalTokens,
    original_arguments: record.originalArguments ?? null,
    final_arguments: record.finalArguments ?? null,
    error_message: record.errorMessage ?? null,
    upstream: record.upstream ?? null,
    route: record.route ?? null,
    text_format: record.textFormat ?? null,
    upstream_ms: record.upstreamMs ?? null,
    attempts: record.attempts ?? null,
  };
}

/** A stored row as the domain record; absent optional fields are left out rather than `null`. */
export function fromToolCallRow(row: ToolCallRow): ToolCallTelemetryRecord {
  return {
    timestamp: row.timestamp,
    correlationId: row.correlation_id,
    provider: row.provider,
    model: row.model,
    ...(row.upstream === undefined || row.upstream === null ? {} : { upstream: row.upstream }),
    tool: row.tool,
    callId: row.call_id,
    // The table's CHECK constraints admit only these values and JSON arrays.
    parseResult: row.parse_result as ToolCallParseOutcome,
    repairs: JSON.parse(row.repairs) as RepairName[],
    retryCount: row.retry_count,
    errorCodes: JSON.parse(row.error_codes) as string[],
    ...(row.error_position === null ? {} : { errorPosition: row.error_position }),
    parseMs: row.parse_ms,
    repairMs: row.repair_ms,
    retryMs: row.retry_ms,
    tokens: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens, totalTokens: row.total_tokens },
    ...(row.original_arguments === null ? {} : { originalArguments: row.original_arguments }),
    ...(row.final_arguments === null ? {} : { finalArguments: row.final_arguments }),
    ...(row.error_message === null ? {} : { errorMessage: row.error_message }),
    ...(row.route === undefined || row.route === null ? {} : { route: row.route }),
    ...(row.text_format === undefined || row.text_format === null ? {} : { textFormat: row.text_format }),
    ...(row.upstream_ms === undefined || row.upstream_ms === null ? {} : { upstreamMs: row.upstream_ms }),
    ...(row.attempts === undefined || row.attempts === null ? {} : { attempts: row.attempts }),
  };
}
