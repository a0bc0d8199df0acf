import type { MetricLabels } from '@acode/application';
import { DROPPED_SAMPLES_METRIC, METRIC_HELP } from './metric-help.js';
import type { MetricSeries, MetricsSnapshot } from './metrics-snapshot.js';

/**
 * Renders a snapshot in the Prometheus text exposition format (0.0.4): `# HELP` and `# TYPE`
 * once per metric, histograms as `_bucket`/`_sum`/`_count`, label values escaped. Dropped
 * samples appear as `acode_metrics_dropped_samples_total{reason=...}` once any were dropped.
 */
export function renderPrometheus(snapshot: MetricsSnapshot): string {
  const lines: string[] = [];
  let current: string | undefined;
  for (const series of snapshot.series) {
    if (series.name !== current) {
      current = series.name;
      lines.push(...header(series.name, series.type));
    }
    lines.push(...sampleLines(series));
  }
  const dropped = Object.entries(snapshot.dropped).filter(([, count]) => (count ?? 0) > 0);
  if (dropped.length > 0) {
    lines.push(...header(DROPPED_SAMPLES_METRIC, 'counter'));
    for (const [reason, count] of dropped) lines.push(`${DROPPED_SAMPLES_METRIC}${renderLabels({ reason })} ${formatNumber(count!)}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function header(name: string, type: string): string[] {
  const help = METRIC_HELP[name];
  return [...(help ? [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`] : []), `# TYPE ${name} ${type}`];
}

function sampleLines(series: MetricSeries): string[] {
  if (series.type !== 'histogram') return [`${series.name}${renderLabels(series.labels)} ${formatNumber(series.value)}`];
  return [
    ...series.buckets.map((bucket) => `${series.name}_bucket${renderLabels(series.labels, formatNumber(bucket.le))} ${formatNumber(bucket.count)}`),
    `${series.name}_sum${renderLabels(series.labels)} ${formatNumber(series.sum)}`,
    `${series.name}_count${renderLabels(series.labels)} ${formatNumber(series.count)}`,
  ];
}

function renderLabels(labels: MetricLabels, le?: string): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabelValue(value)}"`);
  if (le !== undefined) pairs.push(`le="${le}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

/** Label values are free text (tool names come from models): escape what would break the line. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatNumber(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return Number.isNaN(value) ? 'NaN' : String(value);
}
