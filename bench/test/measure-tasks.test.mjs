import { describe, expect, it } from 'vitest';
import { batched, measureTasks, toMeasurement } from '../lib/measure-tasks.mjs';

/** @type {import('../lib/measure-tasks.mjs').TaskSpec} */
const spec = { id: 't', label: 'task', work: 'w', role: 'peer', batch: 20, run: () => 0 };

describe('batched', () => {
  it('runs the operation batch times per call', () => {
    let calls = 0;
    batched(() => (calls += 1), 25)();
    expect(calls).toBe(25);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a batch of %s', (batch) => {
    expect(() => batched(() => 0, batch)).toThrow(/batch must be a positive integer/);
  });
});

describe('toMeasurement', () => {
  it('divides tinybench sample latency (ms) by the batch into per-operation microseconds', () => {
    const measured = toMeasurement(spec, { state: 'completed', latency: { mean: 0.002, p99: 0.004, samplesCount: 900 } });
    expect(measured.state).toBe('measured');
    expect(measured.meanMicros).toBeCloseTo(0.1, 12);
    expect(measured.p99Micros).toBeCloseTo(0.2, 12);
    expect(measured.opsPerSecond).toBeCloseTo(10_000_000, 3);
    expect(measured.samples).toBe(900);
  });

  it('reports an errored task by the first line of its message only', () => {
    const error = new Error('schema refused\n    at CfworkerSchemaCompiler.compile (internal.js:1:1)');
    const failed = toMeasurement(spec, { state: 'errored', error });
    expect(failed).toMatchObject({ state: 'failed', failure: 'schema refused' });
    expect(JSON.stringify(failed)).not.toContain('CfworkerSchemaCompiler');
  });

  it('cuts a huge error message', () => {
    const failed = toMeasurement(spec, { state: 'errored', error: new Error('x'.repeat(100_000)) });
    expect(failed.failure?.length).toBe(200);
  });

  it.each([undefined, null, {}, { state: 'aborted' }, { state: 'completed', latency: { mean: 0 } }, { state: 'completed', latency: { mean: Number.NaN } }, { state: 'completed' }])(
    'reports %j as failed instead of inventing figures',
    (result) => {
      const failed = toMeasurement(spec, result);
      expect(failed.state).toBe('failed');
      expect(failed).not.toHaveProperty('meanMicros');
    },
  );
});

describe('measureTasks', () => {
  it('measures the tasks that work and reports the one that throws, without stopping', async () => {
    const results = await measureTasks(
      [
        { ...spec, id: 'ok', batch: 1, run: () => JSON.parse('{"a":1}') },
        { ...spec, id: 'throws', batch: 1, run: () => { throw new Error('boom'); } },
      ],
      { timeMs: 5, warmupTimeMs: 1 },
    );
    expect(results.map((r) => [r.id, r.state])).toEqual([['ok', 'measured'], ['throws', 'failed']]);
    expect(results[0]?.meanMicros).toBeGreaterThan(0);
    expect(results[1]?.failure).toBe('boom');
  });

  it('awaits an async task inside each sample: the next call starts only after the previous one settled', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let settled = 0;
    const run = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      settled += 1;
    };
    const [result] = await measureTasks([{ ...spec, id: 'async', batch: 1, async: true, run }], { timeMs: 5, warmupTimeMs: 1 });
    expect(result?.state).toBe('measured');
    expect(mostAtOnce).toBe(1);
    expect(running).toBe(0);
    expect(settled).toBeGreaterThanOrEqual(result?.samples ?? Number.POSITIVE_INFINITY);
  });

  it('reports an async task that rejects as failed', async () => {
    const [result] = await measureTasks([{ ...spec, id: 'rejects', batch: 1, async: true, run: async () => { throw new Error('refused'); } }], { timeMs: 5, warmupTimeMs: 1 });
    expect(result).toMatchObject({ state: 'failed', failure: 'refused' });
  });

  it("runs a task with its own limits to at least their sample count, beside the others, in the plan's order", async () => {
    const limits = { timeMs: 1, warmupTimeMs: 0, iterations: 7, warmupIterations: 1 };
    const results = await measureTasks(
      [
        { ...spec, id: 'slow', batch: 1, limits, run: () => 1 },
        { ...spec, id: 'fast', batch: 1, run: () => 2 },
      ],
      { timeMs: 5, warmupTimeMs: 1 },
    );
    expect(results.map((r) => [r.id, r.state])).toEqual([['slow', 'measured'], ['fast', 'measured']]);
    expect(results[0]?.samples).toBeGreaterThanOrEqual(7);
  });

  it('refuses an async task batched more than once: a sync loop would not await the others', async () => {
    await expect(measureTasks([{ ...spec, async: true, batch: 2, run: async () => 0 }])).rejects.toThrow(/task 't' is async: its batch must be 1/);
  });

  it('refuses duplicate ids and bad batches before running anything', async () => {
    let ran = false;
    const run = () => { ran = true; };
    await expect(measureTasks([{ ...spec, run }, { ...spec, run }])).rejects.toThrow(/duplicate task id 't'/);
    await expect(measureTasks([{ ...spec, batch: 0, run }])).rejects.toThrow(/batch must be a positive integer/);
    expect(ran).toBe(false);
  });
});
