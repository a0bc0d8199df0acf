import { TOOL_CATEGORIES } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import {
  countDefinitionsByCategory,
  DEFINITION_METRIC_NAMES,
  recordDefinitionValidationFailure,
  setDefinitionsByCategory,
  subscribeDefinitionMetrics,
  ToolDefinitionEventBus,
} from '../../src/definitions-events/index.js';
import { DEFAULT_HISTOGRAM_BUCKETS, InMemoryMetrics } from '../../src/metrics/index.js';
import { created, deleted, updated, validated } from './events.js';

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

/** The Prometheus text read back: samples, `# TYPE` and `# HELP` per family. */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string>; help: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const comment = /^# (HELP|TYPE) (\S+) (.+)$/.exec(line);
    if (comment) {
      (comment[1] === 'TYPE' ? types : help).set(comment[2]!, comment[3]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`Not a Prometheus line: ${line}`);
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name!, value!]));
    samples.push({ name: sample[1]!, labels, value: sample[3] === '+Inf' ? Infinity : Number(sample[3]) });
  }
  return { samples, types, help };
}

function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

function setUp(): { bus: ToolDefinitionEventBus; metrics: InMemoryMetrics; read: () => ReturnType<typeof parsePrometheus> } {
  const bus = new ToolDefinitionEventBus();
  const metrics = new InMemoryMetrics();
  subscribeDefinitionMetrics(bus, metrics);
  return { bus, metrics, read: () => parsePrometheus(metrics.renderPrometheus()) };
}

describe('definition metrics (001 §8) in Prometheus naming', () => {
  it('names the four metrics in the acode_ namespace with their units and suffixes', () => {
    expect(DEFINITION_METRIC_NAMES).toEqual({
      validationSeconds: 'acode_tool_definitions_validation_seconds',
      validationFailuresTotal: 'acode_tool_definitions_validation_failures_total',
      createdTotal: 'acode_tool_definitions_created_total',
      byCategory: 'acode_tool_definitions',
    });
  });

  it('observes a validated definition\'s duration, in seconds, in the validation histogram', () => {
    const { bus, read } = setUp();
    bus.publish(validated({ validationMs: 0.4 }));
    bus.publish(validated({ validationMs: 3 }));
    const { samples, types, help } = read();
    const name = DEFINITION_METRIC_NAMES.validationSeconds;
    expect(types.get(name)).toBe('histogram');
    expect(help.get(name)).toMatch(/seconds/);
    expect(valueOf(samples, `${name}_count`)).toBe(2);
    expect(valueOf(samples, `${name}_sum`)).toBeCloseTo(0.0034, 10);
    // Sub-millisecond buckets: 0.4 ms lands at or below 0.0005 s, 3 ms at or below 0.005 s.
    expect(valueOf(samples, `${name}_bucket`, { le: '0.00025' })).toBe(0);
    expect(valueOf(samples, `${name}_bucket`, { le: '0.0005' })).toBe(1);
    expect(valueOf(samples, `${name}_bucket`, { le: '0.005' })).toBe(2);
    expect(valueOf(samples, `${name}_bucket`, { le: '+Inf' })).toBe(2);
    expect(samples.filter((s) => s.name === `${name}_bucket`)).toHaveLength(DEFAULT_HISTOGRAM_BUCKETS.length + 1);
  });

  it('counts created definitions by category, and nothing for updates and deletions', () => {
    const { bus, read } = setUp();
    bus.publish(created());
    bus.publish(created({ category: 'external_api', toolName: 'other' }));
    bus.publish(created({ category: 'database' }));
    bus.publish(updated());
    bus.publish(deleted());
    const { samples, types, help } = read();
    const name = DEFINITION_METRIC_NAMES.createdTotal;
    expect(types.get(name)).toBe('counter');
    expect(help.get(name)).toBeDefined();
    expect(valueOf(samples, name, { category: 'external_api' })).toBe(2);
    expect(valueOf(samples, name, { category: 'database' })).toBe(1);
    expect(samples.map((s) => s.name).filter((n) => !n.startsWith('acode_tool_definitions_created_total'))).toEqual([]);
  });

  it('counts validation failures through recordDefinitionValidationFailure, observing their duration when given', () => {
    const { metrics, read } = setUp();
    recordDefinitionValidationFailure(metrics);
    recordDefinitionValidationFailure(metrics, 2);
    const { samples, types } = read();
    expect(types.get(DEFINITION_METRIC_NAMES.validationFailuresTotal)).toBe('counter');
    expect(valueOf(samples, DEFINITION_METRIC_NAMES.validationFailuresTotal)).toBe(2);
    expect(valueOf(samples, `${DEFINITION_METRIC_NAMES.validationSeconds}_count`)).toBe(1);
    expect(valueOf(samples, `${DEFINITION_METRIC_NAMES.validationSeconds}_sum`)).toBeCloseTo(0.002, 10);
  });

  it('sets the per-category gauge for every category, 0 for those without definitions', () => {
    const { metrics, read } = setUp();
    setDefinitionsByCategory(metrics, { network: 3, custom: 1 });
    setDefinitionsByCategory(metrics, { network: 2 });
    const { samples, types, help } = read();
    const name = DEFINITION_METRIC_NAMES.byCategory;
    expect(types.get(name)).toBe('gauge');
    expect(help.get(name)).toBeDefined();
    expect(valueOf(samples, name, { category: 'network' })).toBe(2);
    expect(valueOf(samples, name, { category: 'custom' })).toBe(0);
    expect(samples.filter((s) => s.name === name).map((s) => s.labels['category']).sort()).toEqual([...TOOL_CATEGORIES].sort());
  });

  it('skips a count that is not a finite non-negative number, keeping the previous value', () => {
    const { metrics, read } = setUp();
    setDefinitionsByCategory(metrics, { code: 4 });
    setDefinitionsByCategory(metrics, { code: Number.NaN, network: -1 });
    const { samples } = read();
    expect(valueOf(samples, DEFINITION_METRIC_NAMES.byCategory, { category: 'code' })).toBe(4);
    expect(valueOf(samples, DEFINITION_METRIC_NAMES.byCategory, { category: 'network' })).toBe(0);
    expect(metrics.snapshot().dropped).toEqual({});
  });

  it('counts stored records by category, a definition without one under the default', () => {
    const records = [{ definition: { category: 'network' } }, { definition: { category: 'network' } }, { definition: {} }] as never;
    expect(countDefinitionsByCategory(records)).toEqual({ network: 2, general: 1 });
  });

  it('records nothing once unsubscribed', () => {
    const bus = new ToolDefinitionEventBus();
    const metrics = new InMemoryMetrics();
    const off = subscribeDefinitionMetrics(bus, metrics);
    off();
    bus.publish(created());
    bus.publish(validated());
    expect(metrics.snapshot().series).toEqual([]);
  });
});
