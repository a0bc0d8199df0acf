import type { IMetrics, IToolDefinitionEvents } from '@acode/application';
import { DEFAULT_TOOL_CATEGORY, TOOL_CATEGORIES, type ToolCategory, type ToolDefinitionEvent, type ToolDefinitionRecord } from '@acode/domain';
import { DEFINITION_METRIC_NAMES } from '../metrics/metric-help.js';

/**
 * Records 001 §8's definition metrics from the events (Prometheus names in
 * {@link DEFINITION_METRIC_NAMES}): a `ToolDefinitionValidated` observes
 * `acode_tool_definitions_validation_seconds`, a `ToolDefinitionCreated` adds one to
 * `acode_tool_definitions_created_total{category}`. Updates and deletions have no series.
 * Returns the function that unsubscribes.
 *
 * Two of §8's metrics are not in the events: failures (001 §11 has no failure event) are
 * {@link recordDefinitionValidationFailure}'s, and the definitions per category (a total no single
 * event knows) are {@link setDefinitionsByCategory}'s; the host's composition calls both.
 */
export function subscribeDefinitionMetrics(events: IToolDefinitionEvents, metrics: IMetrics): () => void {
  return events.subscribe(function definitionMetrics(event) {
    recordDefinitionEvent(metrics, event);
  });
}

function recordDefinitionEvent(metrics: IMetrics, event: ToolDefinitionEvent): void {
  switch (event.type) {
    case 'ToolDefinitionValidated':
      observeValidation(metrics, event.validationMs);
      return;
    case 'ToolDefinitionCreated':
      metrics.increment(DEFINITION_METRIC_NAMES.createdTotal, { category: event.category });
      return;
    default:
      return;
  }
}

/**
 * Counts one definition that failed validation (`acode_tool_definitions_validation_failures_total`)
 * and, when given, observes how long its validation took in
 * `acode_tool_definitions_validation_seconds` (the same histogram as the successful ones: the time
 * to validate a definition, whatever the outcome).
 */
export function recordDefinitionValidationFailure(metrics: IMetrics, validationMs?: number): void {
  metrics.increment(DEFINITION_METRIC_NAMES.validationFailuresTotal);
  if (validationMs !== undefined) observeValidation(metrics, validationMs);
}

/**
 * Sets `acode_tool_definitions{category}` to the stored definitions per category, for every
 * category: one missing from `counts` is set to 0, so the last definition of a category deleted
 * shows as 0 rather than its last count. Counts that are not finite non-negative numbers are
 * skipped (the category keeps its previous value).
 */
export function setDefinitionsByCategory(metrics: IMetrics, counts: Readonly<Partial<Record<ToolCategory, number>>>): void {
  for (const category of TOOL_CATEGORIES) {
    const count = Object.hasOwn(counts, category) ? counts[category] : 0;
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) continue;
    metrics.setGauge(DEFINITION_METRIC_NAMES.byCategory, count, { category });
  }
}

/**
 * The stored definitions per category, for {@link setDefinitionsByCategory}: every record counts
 * (built-in and custom, each version), a definition without a category under the default one.
 */
export function countDefinitionsByCategory(records: Iterable<Pick<ToolDefinitionRecord, 'definition'>>): Partial<Record<ToolCategory, number>> {
  const counts: Partial<Record<ToolCategory, number>> = {};
  for (const record of records) {
    const category = record.definition.category ?? DEFAULT_TOOL_CATEGORY;
    counts[category] = (counts[category] ?? 0) + 1;
  }
  return counts;
}

function observeValidation(metrics: IMetrics, validationMs: number): void {
  if (typeof validationMs !== 'number' || !Number.isFinite(validationMs) || validationMs < 0) return;
  metrics.observe(DEFINITION_METRIC_NAMES.validationSeconds, validationMs / 1000);
}
