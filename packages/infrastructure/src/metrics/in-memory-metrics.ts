import type { IMetrics, MetricLabels } from '@acode/application';
import type { DroppedSampleReason, HistogramSeries, MetricSeries, MetricType, MetricsSnapshot } from './metrics-snapshot.js';
import { GATEWAY_METRIC_NAMES } from './metric-help.js';
import { renderPrometheus } from './render-prometheus.js';

/** Limits and buckets of {@link InMemoryMetrics}. */
export interface InMemoryMetricsOptions {
  /** Most series kept across all metrics; samples for new series beyond it are dropped and counted. 10 000 by default. */
  readonly maxSeries?: number;
  /** Upper bounds of histogram buckets, in the unit observed (seconds for 000's validation time). */
  readonly buckets?: readonly number[];
  /** Bucket bounds of particular histograms, by metric name, over `buckets`; {@link DEFAULT_METRIC_BUCKETS} by default. */
  readonly bucketsByMetric?: Readonly<Record<string, readonly number[]>>;
  /** Longest label value kept; longer ones are cut. 128 by default. */
  readonly maxLabelValueLength?: number;
}

/**
 * Sub-millisecond to one second: schema validation is expected well under a millisecond
 * (000's budgets), so Prometheus's default buckets (from 5 ms) would put everything in the first.
 */
export const DEFAULT_HISTOGRAM_BUCKETS: readonly number[] = Object.freeze([
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
]);

/** A model server's answer takes from tens of milliseconds to minutes. */
const UPSTREAM_SECONDS_BUCKETS: readonly number[] = Object.freeze([0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]);
/** The gateway's own time: a millisecond of checking to seconds of backoff between attempts. */
const ADDED_SECONDS_BUCKETS: readonly number[] = Object.freeze([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]);

/** Histograms whose times are not sub-millisecond validations: the gateway's upstream and added time (issue 15). */
export const DEFAULT_METRIC_BUCKETS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  [GATEWAY_METRIC_NAMES.upstreamSeconds]: UPSTREAM_SECONDS_BUCKETS,
  [GATEWAY_METRIC_NAMES.addedSeconds]: ADDED_SECONDS_BUCKETS,
});

const METRIC_NAME_PATTERN = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface Family {
  readonly type: MetricType;
  readonly series: Map<string, ScalarState | HistogramState>;
}
interface ScalarState {
  readonly labels: MetricLabels;
  value: number;
}
interface HistogramState {
  readonly labels: MetricLabels;
  readonly buckets: readonly number[];
  readonly counts: number[];
  count: number;
  sum: number;
}

/**
 * `IMetrics` kept in memory, with 000's metric names, a {@link snapshot} and a Prometheus text
 * rendering for the host to serve. Label values come from models (tool names), so cardinality
 * is bounded: once `maxSeries` series exist, samples for new ones are dropped and counted under
 * `acode_metrics_dropped_samples_total`, never thrown, so a flood of made-up tool names cannot
 * exhaust memory or break a validation. Invalid names, labels and values are dropped the same way.
 */
export class InMemoryMetrics implements IMetrics {
  private readonly families = new Map<string, Family>();
  private readonly dropped = new Map<DroppedSampleReason, number>();
  private readonly maxSeries: number;
  private readonly buckets: readonly number[];
  private readonly bucketsByMetric: ReadonlyMap<string, readonly number[]>;
  private readonly maxLabelValueLength: number;
  private seriesCount = 0;

  constructor(options: InMemoryMetricsOptions = {}) {
    this.maxSeries = options.maxSeries ?? 10_000;
    this.maxLabelValueLength = options.maxLabelValueLength ?? 128;
    this.buckets = sortedBounds(options.buckets ?? DEFAULT_HISTOGRAM_BUCKETS);
    this.bucketsByMetric = new Map(Object.entries(options.bucketsByMetric ?? DEFAULT_METRIC_BUCKETS).map(([name, bounds]) => [name, sortedBounds(bounds)]));
  }

  /** Adds `value` (default 1) to a counter; a negative or non-finite value is dropped. */
  increment(name: string, labels: MetricLabels = {}, value = 1): void {
    if (!Number.isFinite(value) || value < 0) return this.drop('invalid_value');
    const state = this.seriesOf(name, 'counter', labels) as ScalarState | undefined;
    if (state) state.value += value;
  }

  /** Sets a gauge; a non-finite value is dropped. */
  setGauge(name: string, value: number, labels: MetricLabels = {}): void {
    if (!Number.isFinite(value)) return this.drop('invalid_value');
    const state = this.seriesOf(name, 'gauge', labels) as ScalarState | undefined;
    if (state) state.value = value;
  }

  /** Records one observation in a histogram; a non-finite value is dropped. */
  observe(name: string, value: number, labels: MetricLabels = {}): void {
    if (!Number.isFinite(value)) return this.drop('invalid_value');
    const state = this.seriesOf(name, 'histogram', labels) as HistogramState | undefined;
    if (!state) return;
    const index = state.buckets.findIndex((bound) => value <= bound);
    state.counts[index === -1 ? state.buckets.length : index]! += 1;
    state.count += 1;
    state.sum += value;
  }

  /** Every series, sorted by name and labels, plus the dropped-sample counts. A copy: later samples do not change it. */
  snapshot(): MetricsSnapshot {
    const series: MetricSeries[] = [];
    for (const name of [...this.families.keys()].sort()) {
      const family = this.families.get(name)!;
      for (const key of [...family.series.keys()].sort()) {
        const state = family.series.get(key)!;
        series.push(family.type === 'histogram' ? this.histogramSeries(name, state as HistogramState) : { type: family.type, name, labels: state.labels, value: (state as ScalarState).value });
      }
    }
    return { series, dropped: Object.fromEntries(this.dropped) };
  }

  /** The current state in the Prometheus text exposition format. */
  renderPrometheus(): string {
    return renderPrometheus(this.snapshot());
  }

  /** Finds or creates the series; `undefined` (and a counted drop) when the sample cannot be kept. */
  private seriesOf(name: string, type: MetricType, labels: MetricLabels): ScalarState | HistogramState | undefined {
    if (typeof name !== 'string' || !METRIC_NAME_PATTERN.test(name)) return this.drop('invalid_name');
    const normalized = this.normalizeLabels(labels);
    if (!normalized) return this.drop('invalid_label');
    let family = this.families.get(name);
    if (family && family.type !== type) return this.drop('type_conflict');
    const key = JSON.stringify(Object.entries(normalized));
    const existing = family?.series.get(key);
    if (existing) return existing;
    if (this.seriesCount >= this.maxSeries) return this.drop('series_limit');
    if (!family) {
      family = { type, series: new Map() };
      this.families.set(name, family);
    }
    const buckets = this.bucketsByMetric.get(name) ?? this.buckets;
    const state: ScalarState | HistogramState =
      type === 'histogram' ? { labels: normalized, buckets, counts: new Array<number>(buckets.length + 1).fill(0), count: 0, sum: 0 } : { labels: normalized, value: 0 };
    family.series.set(key, state);
    this.seriesCount += 1;
    return state;
  }

  /** Labels sorted by name, values cut and stripped of control characters; `undefined` when a name is invalid. */
  private normalizeLabels(labels: MetricLabels): MetricLabels | undefined {
    if (labels === null || typeof labels !== 'object') return undefined;
    const entries = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const normalized: Record<string, string> = {};
    for (const [label, raw] of entries) {
      // `le` belongs to histogram buckets; `__` names are reserved by Prometheus.
      if (!LABEL_NAME_PATTERN.test(label) || label.startsWith('__') || label === 'le') return undefined;
      const value = String(raw).slice(0, this.maxLabelValueLength).replace(/[\u0000-\u001f\u007f]/g, '?');
      Object.defineProperty(normalized, label, { value, enumerable: true });
    }
    return Object.freeze(normalized);
  }

  private histogramSeries(name: string, state: HistogramState): HistogramSeries {
    let cumulative = 0;
    const buckets = [...state.buckets, Infinity].map((le, index) => {
      cumulative += state.counts[index]!;
      return { le, count: cumulative };
    });
    return { type: 'histogram', name, labels: state.labels, count: state.count, sum: state.sum, buckets };
  }

  private drop(reason: DroppedSampleReason): undefined {
    this.dropped.set(reason, (this.dropped.get(reason) ?? 0) + 1);
    return undefined;
  }
}

/** Finite bounds, once each, ascending. */
function sortedBounds(bounds: readonly number[]): readonly number[] {
  return [...new Set(bounds)].filter(Number.isFinite).sort((a, b) => a - b);
}
