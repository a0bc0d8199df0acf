import type { MetricLabels } from '@acode/application';

/** The kinds of metric kept. */
export type MetricType = 'counter' | 'gauge' | 'histogram';

/** Why a sample was not recorded. */
export type DroppedSampleReason = 'invalid_name' | 'invalid_label' | 'invalid_value' | 'type_conflict' | 'series_limit';

/** One counter or gauge series. */
export interface ScalarSeries {
  readonly type: 'counter' | 'gauge';
  readonly name: string;
  readonly labels: MetricLabels;
  readonly value: number;
}

/** One histogram series; bucket counts are cumulative, the last bucket's `le` is `Infinity`. */
export interface HistogramSeries {
  readonly type: 'histogram';
  readonly name: string;
  readonly labels: MetricLabels;
  readonly count: number;
  readonly sum: number;
  readonly buckets: ReadonlyArray<{ readonly le: number; readonly count: number }>;
}

/** One series of any type. */
export type MetricSeries = ScalarSeries | HistogramSeries;

/** Every series at one moment, sorted by name then labels, and the samples dropped so far. */
export interface MetricsSnapshot {
  readonly series: readonly MetricSeries[];
  readonly dropped: Readonly<Partial<Record<DroppedSampleReason, number>>>;
}
