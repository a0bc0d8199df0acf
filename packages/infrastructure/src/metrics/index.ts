/**
 * `@acode/infrastructure/metrics`: in-memory metrics (`InMemoryMetrics`) and the Prometheus text rendering. No
 * optional peer needed.
 *
 * @packageDocumentation
 */
export { DEFAULT_HISTOGRAM_BUCKETS, DEFAULT_METRIC_BUCKETS, InMemoryMetrics, type InMemoryMetricsOptions } from './in-memory-metrics.js';
export { DEFINITION_METRIC_NAMES, DROPPED_SAMPLES_METRIC, GATEWAY_METRIC_NAMES, METRIC_HELP } from './metric-help.js';
export type { DroppedSampleReason, HistogramSeries, MetricSeries, MetricType, MetricsSnapshot, ScalarSeries } from './metrics-snapshot.js';
export { renderPrometheus } from './render-prometheus.js';
