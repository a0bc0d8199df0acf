/**
 * `@acode/infrastructure/metrics`: in-memory metrics (`InMemoryMetrics`) and the Prometheus text rendering. No
 * optional peer needed.
 *
 * @packageDocumentation
 */
export { DEFAULT_HISTOGRAM_BUCKETS, InMemoryMetrics, type InMemoryMetricsOptions } from './in-memory-metrics.js';
export { DROPPED_SAMPLES_METRIC, METRIC_HELP } from './metric-help.js';
export type { DroppedSampleReason, HistogramSeries, MetricSeries, MetricType, MetricsSnapshot, ScalarSeries } from './metrics-snapshot.js';
export { renderPrometheus } from './render-prometheus.js';
