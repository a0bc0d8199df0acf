import { METRIC_NAMES } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTOGRAM_BUCKETS, DEFAULT_METRIC_BUCKETS, InMemoryMetrics } from '../../src/metrics/index.js';

describe('InMemoryMetrics: recording', () => {
  it('adds to counters per name and label set, whatever order the labels are given in', () => {
    const metrics = new InMemoryMetrics();
    metrics.increment('acode_tool_validations_total', { tool_name: 'file_read', result: 'success' });
    metrics.increment('acode_tool_validations_total', { result: 'success', tool_name: 'file_read' }, 2);
    metrics.increment('acode_tool_validations_total', { tool_name: 'file_read', result: 'failure' });

    expect(metrics.snapshot().series).toEqual([
      { type: 'counter', name: 'acode_tool_validations_total', labels: { result: 'failure', tool_name: 'file_read' }, value: 1 },
      { type: 'counter', name: 'acode_tool_validations_total', labels: { result: 'success', tool_name: 'file_read' }, value: 3 },
    ]);
  });

  it('sets gauges to the last value', () => {
    const metrics = new InMemoryMetrics();
    metrics.setGauge('acode_tool_registry_size', 4);
    metrics.setGauge('acode_tool_registry_size', 7);
    expect(metrics.snapshot().series).toEqual([{ type: 'gauge', name: 'acode_tool_registry_size', labels: {}, value: 7 }]);
  });

  it('counts histogram observations into cumulative buckets with sum and count', () => {
    const metrics = new InMemoryMetrics({ buckets: [0.01, 0.001, 0.1] });
    for (const seconds of [0.0005, 0.001, 0.05, 3]) metrics.observe('acode_tool_validation_seconds', seconds, { tool_name: 'file_read' });

    expect(metrics.snapshot().series).toEqual([
      {
        type: 'histogram',
        name: 'acode_tool_validation_seconds',
        labels: { tool_name: 'file_read' },
        count: 4,
        sum: 3.0515,
        buckets: [
          { le: 0.001, count: 2 },
          { le: 0.01, count: 2 },
          { le: 0.1, count: 3 },
          { le: Infinity, count: 4 },
        ],
      },
    ]);
  });

  it('buckets the gateway\'s upstream and added seconds in seconds to minutes, and other histograms by bucketsByMetric', () => {
    const metrics = new InMemoryMetrics({ bucketsByMetric: { ...DEFAULT_METRIC_BUCKETS, slow_seconds: [10, 1] } });
    metrics.observe('acode_gateway_upstream_seconds', 42, { route: 'openai_chat' });
    metrics.observe('acode_gateway_added_seconds', 0.002, { route: 'openai_chat' });
    metrics.observe('slow_seconds', 5);
    metrics.observe('acode_tool_validation_seconds', 0.0002);
    const bounds = (name: string) => {
      const series = metrics.snapshot().series.find((s) => s.name === name);
      return series?.type === 'histogram' ? series.buckets.map((bucket) => bucket.le) : [];
    };
    expect(bounds('acode_gateway_upstream_seconds')).toEqual([0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, Infinity]);
    expect(bounds('acode_gateway_added_seconds')[0]).toBe(0.001);
    expect(bounds('acode_gateway_added_seconds').at(-2)).toBe(30);
    expect(bounds('slow_seconds')).toEqual([1, 10, Infinity]);
    expect(bounds('acode_tool_validation_seconds')).toEqual([...DEFAULT_HISTOGRAM_BUCKETS, Infinity]);
    const upstream = metrics.snapshot().series.find((s) => s.name === 'acode_gateway_upstream_seconds');
    expect(upstream?.type === 'histogram' && upstream.buckets.find((bucket) => bucket.le === 60)?.count).toBe(1);
    expect(upstream?.type === 'histogram' && upstream.buckets.find((bucket) => bucket.le === 30)?.count).toBe(0);
  });

  it('gives a snapshot that later samples do not change', () => {
    const metrics = new InMemoryMetrics();
    metrics.increment('c_total');
    const before = metrics.snapshot();
    metrics.increment('c_total');
    expect(before.series[0]).toMatchObject({ value: 1 });
    expect(metrics.snapshot().series[0]).toMatchObject({ value: 2 });
  });

  it('drops and counts what it cannot record, without throwing', () => {
    const metrics = new InMemoryMetrics();
    metrics.increment('bad name');
    metrics.increment('ok_total', { 'bad-label': 'x' });
    metrics.increment('ok_total', { __reserved: 'x' });
    metrics.observe('h_seconds', 1, { le: '5' });
    metrics.increment('ok_total', {}, -1);
    metrics.increment('ok_total', {}, Number.NaN);
    metrics.setGauge('g', Number.POSITIVE_INFINITY);
    metrics.observe('h_seconds', Number.NaN);
    metrics.increment('shared');
    metrics.setGauge('shared', 1);

    const snapshot = metrics.snapshot();
    expect(snapshot.series).toEqual([{ type: 'counter', name: 'shared', labels: {}, value: 1 }]);
    expect(snapshot.dropped).toEqual({ invalid_name: 1, invalid_label: 3, invalid_value: 4, type_conflict: 1 });
  });

  it('bounds label cardinality: past the series limit new series are dropped and counted, known ones still count', () => {
    const metrics = new InMemoryMetrics({ maxSeries: 3 });
    for (let i = 0; i < 1000; i++) metrics.increment(METRIC_NAMES.validationsTotal, { tool_name: `made_up_${i}` });
    metrics.increment(METRIC_NAMES.validationsTotal, { tool_name: 'made_up_0' });

    const snapshot = metrics.snapshot();
    expect(snapshot.series.map((series) => [series.labels['tool_name'], (series as { value: number }).value])).toEqual([
      ['made_up_0', 2],
      ['made_up_1', 1],
      ['made_up_2', 1],
    ]);
    expect(snapshot.dropped).toEqual({ series_limit: 997 });
  });

  it('keeps 10 000 series by default and no more', () => {
    const metrics = new InMemoryMetrics();
    for (let i = 0; i < 10_050; i++) metrics.increment('acode_tool_registrations_total', { tool_name: `t${i}` });
    const snapshot = metrics.snapshot();
    expect(snapshot.series).toHaveLength(10_000);
    expect(snapshot.dropped).toEqual({ series_limit: 50 });
  });

  it('cuts long label values and replaces control characters', () => {
    const metrics = new InMemoryMetrics({ maxLabelValueLength: 8 });
    metrics.increment('c_total', { tool_name: 'a\nb\u001bcdefghijk' });
    expect(metrics.snapshot().series[0]!.labels).toEqual({ tool_name: 'a?b?cdef' });
  });

  it('is built with no arguments (the composition registers it as is)', () => {
    const metrics = new InMemoryMetrics();
    metrics.increment('c_total');
    expect(metrics.snapshot().series).toHaveLength(1);
  });
});

describe('InMemoryMetrics: Prometheus text', () => {
  it('renders nothing before anything is recorded', () => {
    expect(new InMemoryMetrics().renderPrometheus()).toBe('');
  });

  it("renders 000's metrics with HELP, TYPE and samples", () => {
    const metrics = new InMemoryMetrics({ buckets: [0.001, 0.01] });
    metrics.increment(METRIC_NAMES.registrationsTotal, { tool_name: 'file_read' });
    metrics.setGauge(METRIC_NAMES.registrySize, 7);
    metrics.observe(METRIC_NAMES.validationSeconds, 0.0004, { tool_name: 'file_read' });
    metrics.observe(METRIC_NAMES.validationSeconds, 0.5, { tool_name: 'file_read' });

    expect(metrics.renderPrometheus()).toBe(
      [
        '# HELP acode_tool_registrations_total Tools registered, by tool.',
        '# TYPE acode_tool_registrations_total counter',
        'acode_tool_registrations_total{tool_name="file_read"} 1',
        '# HELP acode_tool_registry_size Distinct tools in the registry.',
        '# TYPE acode_tool_registry_size gauge',
        'acode_tool_registry_size 7',
        '# HELP acode_tool_validation_seconds Time one argument validation took, in seconds, by tool.',
        '# TYPE acode_tool_validation_seconds histogram',
        'acode_tool_validation_seconds_bucket{tool_name="file_read",le="0.001"} 1',
        'acode_tool_validation_seconds_bucket{tool_name="file_read",le="0.01"} 1',
        'acode_tool_validation_seconds_bucket{tool_name="file_read",le="+Inf"} 2',
        'acode_tool_validation_seconds_sum{tool_name="file_read"} 0.5004',
        'acode_tool_validation_seconds_count{tool_name="file_read"} 2',
        '',
      ].join('\n'),
    );
  });

  it('escapes label values a model chose, so they cannot break the format', () => {
    const metrics = new InMemoryMetrics();
    metrics.increment(METRIC_NAMES.validationsTotal, { tool_name: 'x"} 999\\', result: 'failure' });
    expect(metrics.renderPrometheus()).toContain('acode_tool_validations_total{result="failure",tool_name="x\\"} 999\\\\"} 1\n');
  });

  it('exposes dropped samples as a counter by reason', () => {
    const metrics = new InMemoryMetrics({ maxSeries: 1 });
    metrics.increment('a_total', { tool_name: 'one' });
    metrics.increment('a_total', { tool_name: 'two' });
    expect(metrics.renderPrometheus()).toContain(
      '# TYPE acode_metrics_dropped_samples_total counter\nacode_metrics_dropped_samples_total{reason="series_limit"} 1\n',
    );
  });
});
