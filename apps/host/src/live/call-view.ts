import type { CallStatsReport, ModelCallStats, OutcomeCounts, StoredToolCall } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';

/**
 * One call as the live view lists it, in the host's snake_case: what happened, never argument
 * values. `id` is absent on a call just recorded (pushed by the event stream before its row is
 * written); the list and the detail route give it.
 */
export function callSummaryView(call: ToolCallTelemetryRecord & { readonly id?: number }) {
  return {
    ...(call.id === undefined ? {} : { id: call.id }),
    time: call.timestamp,
    correlation_id: call.correlationId,
    model: call.model,
    ...(call.upstream === undefined ? {} : { upstream: call.upstream }),
    tool: call.tool,
    outcome: call.parseResult,
    repairs: call.repairs,
    // Rows written before attempts were recorded: the call's own requests.
    attempts: call.attempts ?? call.retryCount + 1,
    retry_count: call.retryCount,
    ...(call.upstreamMs === undefined ? {} : { duration_ms: call.upstreamMs }),
    ...(call.route === undefined ? {} : { route: call.route }),
    ...(call.textFormat === undefined ? {} : { text_format: call.textFormat }),
    error_codes: call.errorCodes,
  };
}

/**
 * One call in full: its summary, timings and tokens, and, when telemetry keeps argument values
 * (`tool_call.log_argument_values`), the arguments as the model wrote them beside the ones the
 * client received, both scrubbed of secret-looking values before they were stored.
 */
export function callDetailView(call: StoredToolCall) {
  return {
    ...callSummaryView(call),
    call_id: call.callId,
    parse_ms: call.parseMs,
    repair_ms: call.repairMs,
    retry_ms: call.retryMs,
    tokens: { prompt: call.tokens.promptTokens, completion: call.tokens.completionTokens, total: call.tokens.totalTokens },
    ...(call.errorMessage === undefined ? {} : { error_message: call.errorMessage }),
    arguments_kept: call.originalArguments !== undefined || call.finalArguments !== undefined,
    ...(call.originalArguments === undefined ? {} : { model_arguments: call.originalArguments }),
    ...(call.finalArguments === undefined ? {} : { client_arguments: call.finalArguments }),
  };
}

/** The aggregates of a period in snake_case, each count with its share of the calls. */
export function callStatsView(report: CallStatsReport) {
  return {
    since: report.since,
    until: report.until,
    bucket_ms: report.bucketMs,
    totals: outcomesView(report.totals),
    models: report.models.map(modelView),
    series: report.series.map((bucket) => ({
      start: bucket.start,
      ...outcomeCounts(bucket),
      ...(bucket.p50Ms === undefined ? {} : { p50_ms: bucket.p50Ms }),
      ...(bucket.p90Ms === undefined ? {} : { p90_ms: bucket.p90Ms }),
    })),
  };
}

function modelView(model: ModelCallStats) {
  return {
    model: model.model,
    ...(model.upstream === undefined ? {} : { upstream: model.upstream }),
    ...outcomesView(model),
    ...(model.latency === undefined ? {} : { latency_ms: model.latency }),
    repairs: model.repairs,
    formats: model.formats,
    tools: model.tools,
  };
}

function outcomeCounts(counts: OutcomeCounts) {
  return { calls: counts.calls, success: counts.success, repaired: counts.repaired, retried: counts.retried, failed: counts.failed };
}

/** Counts with the shares a reader compares models by: repaired, re-asked (retried), lost (failed). */
function outcomesView(counts: OutcomeCounts) {
  const share = (part: number): number => (counts.calls === 0 ? 0 : Math.round((part / counts.calls) * 10_000) / 10_000);
  return { ...outcomeCounts(counts), share: { repaired: share(counts.repaired), retried: share(counts.retried), failed: share(counts.failed) } };
}
