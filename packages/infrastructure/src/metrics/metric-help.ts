import { METRIC_NAMES } from '@acode/application';

/** Name of the counter of samples the in-memory metrics refused, by reason. */
export const DROPPED_SAMPLES_METRIC = 'acode_metrics_dropped_samples_total';

/**
 * The tool-call gateway's metric names (issue 15), recorded by the host's gateway routes. Labels are
 * bounded: `route` (`openai_chat`, `ollama_chat`, `pass_through`), `outcome`, `kind` (a repair's name) and `reason` (a refusal's).
 */
export const GATEWAY_METRIC_NAMES = Object.freeze({
  requestsTotal: 'acode_gateway_requests_total',
  repairsTotal: 'acode_gateway_repairs_total',
  retriesTotal: 'acode_gateway_retries_total',
  upstreamSeconds: 'acode_gateway_upstream_seconds',
  addedSeconds: 'acode_gateway_added_seconds',
  earlyAbortsTotal: 'acode_gateway_early_aborts_total',
  tokensSavedTotal: 'acode_gateway_tokens_saved_total',
  callsRefusedTotal: 'acode_gateway_calls_refused_total',
  toolWarningsTotal: 'acode_gateway_tool_warnings_total',
} as const);

/**
 * The tool-definition metrics (001 §8, issue 16), recorded by the definition events' subscribers.
 * Labels are bounded: `category` is one of the tool categories.
 */
export const DEFINITION_METRIC_NAMES = Object.freeze({
  validationSeconds: 'acode_tool_definitions_validation_seconds',
  validationFailuresTotal: 'acode_tool_definitions_validation_failures_total',
  createdTotal: 'acode_tool_definitions_created_total',
  byCategory: 'acode_tool_definitions',
} as const);

/** `# HELP` text of 000's metrics ("Observability and Metrics"). */
export const METRIC_HELP: Readonly<Record<string, string>> = Object.freeze({
  [METRIC_NAMES.registrationsTotal]: 'Tools registered, by tool.',
  [METRIC_NAMES.validationsTotal]: 'Argument validations, by tool and result (success or failure).',
  [METRIC_NAMES.validationSeconds]: 'Time one argument validation took, in seconds, by tool.',
  [METRIC_NAMES.validationErrorsTotal]: 'Validation errors reported, by tool and error code.',
  [METRIC_NAMES.registrySize]: 'Distinct tools in the registry.',
  [GATEWAY_METRIC_NAMES.requestsTotal]:
    'Gateway requests, by route (openai_chat, ollama_chat, pass_through) and outcome (success, repaired, retried, failed, invalid_request, upstream_error, cancelled, unauthorized, busy, deadline).',
  [GATEWAY_METRIC_NAMES.repairsTotal]: 'Repairs the gateway applied to tool-call arguments, by kind (the repair).',
  [GATEWAY_METRIC_NAMES.retriesTotal]: 'Upstream requests the gateway sent again (attempts minus one), by route.',
  [GATEWAY_METRIC_NAMES.upstreamSeconds]: 'Time a gateway chat request spent waiting on upstream chat requests, summed over its attempts, in seconds, by route.',
  [GATEWAY_METRIC_NAMES.addedSeconds]:
    'Time a gateway chat request took beyond its upstream requests (reading, checking, repairing, backoff between attempts, writing the answer), in seconds, by route.',
  [GATEWAY_METRIC_NAMES.earlyAbortsTotal]: 'Upstream requests the gateway aborted mid-stream because a tool call could no longer validate, by route.',
  [GATEWAY_METRIC_NAMES.tokensSavedTotal]: 'Completion tokens the upstream did not generate because the gateway aborted its stream early (estimated), by route.',
  [GATEWAY_METRIC_NAMES.callsRefusedTotal]:
    'Tool calls the gateway refused and did not hand over as calls, by route and reason (too_large: arguments over max_argument_size; cut: the output or stream ended mid-call; invalid: still invalid when the retries were spent).',
  [GATEWAY_METRIC_NAMES.toolWarningsTotal]:
    'Problems found in the tools clients declared and taken anyway (ACODE-GTW-008), by route and effect (checked: the schema still checks calls; unchecked: its calls are read but not checked).',
  [DEFINITION_METRIC_NAMES.validationSeconds]: 'Time one tool definition validation took (its fields, parameters and output schema), in seconds.',
  [DEFINITION_METRIC_NAMES.validationFailuresTotal]: 'Tool definitions that failed validation (created, updated or validated).',
  [DEFINITION_METRIC_NAMES.createdTotal]: 'Custom tool definitions created, by category.',
  [DEFINITION_METRIC_NAMES.byCategory]: 'Stored tool definitions (built-in and custom, every version), by category.',
  [DROPPED_SAMPLES_METRIC]: 'Metric samples not recorded, by reason (such as the series limit).',
});
