/** Label values of a metric sample. */
export type MetricLabels = Readonly<Record<string, string>>;

/** 000's metric names. */
export const METRIC_NAMES = Object.freeze({
  registrationsTotal: 'acode_tool_registrations_total',
  validationsTotal: 'acode_tool_validations_total',
  validationSeconds: 'acode_tool_validation_seconds',
  validationErrorsTotal: 'acode_tool_validation_errors_total',
  registrySize: 'acode_tool_registry_size',
} as const);

/** The metrics port: counters, gauges and histograms keyed by name and labels. */
export interface IMetrics {
  /** Adds `value` (default 1) to a counter. */
  increment(name: string, labels?: MetricLabels, value?: number): void;
  /** Sets a gauge. */
  setGauge(name: string, value: number, labels?: MetricLabels): void;
  /** Records one observation in a histogram. */
  observe(name: string, value: number, labels?: MetricLabels): void;
}
