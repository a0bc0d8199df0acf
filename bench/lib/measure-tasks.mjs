// @ts-check
/**
 * Runs timing tasks side by side in one tinybench `Bench` and turns its results into per-operation
 * figures. Operations far below a microsecond are run in batches inside one sample, because one
 * timer read costs about as much as they do; every figure is divided back to one operation. A
 * task that takes tens of milliseconds brings its own, smaller budget ({@link TaskLimits}) and
 * runs in a `Bench` of its own after the others, in the same process.
 */
import { Bench } from 'tinybench';

/**
 * Who a row measures: the baseline everything is divided by, this project, or a peer.
 *
 * @typedef {'baseline' | 'acode' | 'peer'} TaskRole
 */

/**
 * @typedef {object} TaskSpec
 * @property {string} id Unique key.
 * @property {string} label Shown in the report.
 * @property {string} work What the task does; rows with equal `work` are compared with each other.
 * @property {TaskRole} role
 * @property {number} batch Operations per call of `run` (a positive integer).
 * @property {() => unknown} run Performs `batch` operations.
 * @property {boolean} [async] `run` returns a promise, which tinybench awaits inside the timed
 *   window (one microtask turn included). Said explicitly so tinybench need not call `run` once
 *   to find out; a batch of an async task must be 1.
 * @property {TaskLimits} [limits] The task's own time budget, instead of the run's.
 */

/**
 * How long a slow task is run. tinybench keeps sampling until both the time and the count of
 * samples are reached.
 *
 * @typedef {object} TaskLimits
 * @property {number} timeMs
 * @property {number} warmupTimeMs
 * @property {number} iterations Least samples taken.
 * @property {number} warmupIterations Least warm-up runs.
 */

/**
 * @typedef {object} TaskMeasurement
 * @property {string} id
 * @property {string} label
 * @property {string} work
 * @property {TaskRole} role
 * @property {number} batch
 * @property {'measured' | 'failed'} state
 * @property {number} [opsPerSecond] Operations per second, from the mean.
 * @property {number} [meanMicros] Mean time of one operation.
 * @property {number} [p99Micros] The 99th percentile of one sample, divided by `batch`.
 * @property {number} [samples] Samples taken.
 * @property {string} [failure] Why a failed task failed (an error message, never a stack).
 */

/**
 * @typedef {object} MeasureOptions
 * @property {number} [timeMs] Time budget per task.
 * @property {number} [warmupTimeMs] Warm-up budget per task.
 */

/**
 * A value the optimiser cannot prove unused, so batched loops are not removed as dead code.
 *
 * @type {unknown}
 */
export let sink;

/**
 * Wraps an operation in a loop of `batch` calls.
 *
 * @param {() => unknown} operation
 * @param {number} batch A positive integer.
 * @returns {() => unknown}
 */
export function batched(operation, batch) {
  assertBatch(batch);
  if (batch === 1) return operation;
  return () => {
    let last;
    for (let i = 0; i < batch; i += 1) last = operation();
    sink = last;
    return last;
  };
}

/**
 * Measures every task. A task that throws is reported as failed with its message; the other tasks
 * still run.
 *
 * @param {readonly TaskSpec[]} tasks
 * @param {MeasureOptions} [options]
 * @returns {Promise<TaskMeasurement[]>}
 */
export async function measureTasks(tasks, options = {}) {
  const ids = new Set();
  for (const task of tasks) {
    assertBatch(task.batch);
    if (task.async === true && task.batch !== 1) throw new RangeError(`task '${task.id}' is async: its batch must be 1, got ${task.batch}`);
    if (ids.has(task.id)) throw new Error(`duplicate task id '${task.id}'`);
    ids.add(task.id);
  }

  /** @type {Map<string, unknown>} */
  const results = new Map();
  const shared = tasks.filter((task) => task.limits === undefined);
  const groups = [
    ...(shared.length > 0 ? [{ tasks: shared, time: options.timeMs ?? 500, warmupTime: options.warmupTimeMs ?? 200 }] : []),
    ...tasks.flatMap((task) => (task.limits === undefined ? [] : [{ tasks: [task], ...benchLimits(task.limits) }])),
  ];
  for (const { tasks: group, ...limits } of groups) {
    const bench = new Bench({
      name: 'acode registry',
      ...limits,
      warmup: true,
      // Nanosecond timer: several tasks take well under a microsecond per sample.
      timestampProvider: 'hrtimeNow',
      throws: false,
    });
    for (const task of group) bench.add(task.id, task.run, { async: task.async === true });
    await bench.run();
    for (const task of group) results.set(task.id, bench.getTask(task.id)?.result);
  }

  return tasks.map((task) => toMeasurement(task, results.get(task.id)));
}

/**
 * tinybench's options for a task's own limits.
 *
 * @param {TaskLimits} limits
 * @returns {{ time: number, warmupTime: number, iterations: number, warmupIterations: number }}
 */
function benchLimits(limits) {
  return { time: limits.timeMs, warmupTime: limits.warmupTimeMs, iterations: limits.iterations, warmupIterations: limits.warmupIterations };
}

/**
 * Converts one tinybench result to per-operation figures.
 *
 * @param {TaskSpec} task
 * @param {any} result A tinybench `TaskResult`, or undefined when the task never ran.
 * @returns {TaskMeasurement}
 */
export function toMeasurement(task, result) {
  const base = { id: task.id, label: task.label, work: task.work, role: task.role, batch: task.batch };
  const latency = result?.latency;
  if (result?.state !== 'completed' || !isPositive(latency?.mean)) {
    const failure = result?.state === 'errored' ? describeError(result.error) : `no result (${result?.state ?? 'not run'})`;
    return { ...base, state: 'failed', failure };
  }
  const meanMicros = (latency.mean * 1000) / task.batch;
  return {
    ...base,
    state: 'measured',
    opsPerSecond: 1e6 / meanMicros,
    meanMicros,
    p99Micros: (latency.p99 * 1000) / task.batch,
    samples: latency.samplesCount,
  };
}

/**
 * @param {unknown} error
 * @returns {string}
 */
function describeError(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]?.slice(0, 200) ?? 'unknown error';
}

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isPositive(value) {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** @param {number} batch */
function assertBatch(batch) {
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`batch must be a positive integer, got ${batch}`);
}
