// @ts-check
/**
 * Bench-only preload of the host under attack (`node --import <this file> apps/host/dist/main.js`):
 * measures the host's own heap and event loop from inside its process, and writes a JSON
 * {@link HostProbeSummary} to the file named by `ACODE_BENCH_HOST_PROBE`. Does nothing without it.
 *
 * - Every 10 ms it samples `process.memoryUsage().heapUsed`, keeping the peak.
 * - `perf_hooks.monitorEventLoopDelay` (10 ms resolution) gives the longest the event loop was
 *   held: its max less the resolution (the histogram records whole intervals). The sampling
 *   timer's own longest gap is kept too, with the CPU time the process used over it.
 * - SIGUSR2 starts a new window (the bench sends it just before the attack, so the host's start-up
 *   does not count); SIGTERM closes the window and writes the summary at once, in case the host's
 *   drain never ends; the exit hook writes it again with the whole life up to the exit. The SIGTERM
 *   listener removes itself, so the host's own handling (drain, then a second signal ends the
 *   process) is unchanged. Nothing here keeps the process alive.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * @typedef {object} HostProbeWindow
 * @property {number} peakHeapUsedBytes Highest `heapUsed` sampled.
 * @property {number} holdMs Longest the event loop was held (delay max less the 10 ms resolution).
 * @property {number} holdP99Ms 99th percentile of the same.
 * @property {number} worstDriftMs Longest lateness of the 10 ms sampling timer (a cross-check).
 * @property {number} worstDriftCpuMs CPU time (all the process's threads) spent over that longest
 *   gap: near the gap's length, the host was busy; far below it, the host waited for a core.
 * @property {number} samples Heap samples taken.
 * @property {number} durationMs Length of the window.
 */

/**
 * @typedef {object} HostProbeSummary
 * @property {HostProbeWindow} window From SIGUSR2 (or the start) to SIGTERM (or the exit).
 * @property {HostProbeWindow} life From the start to the last write.
 * @property {'sigterm' | 'exit'} writtenAt
 */

const OUTPUT = process.env.ACODE_BENCH_HOST_PROBE;
const RESOLUTION_MS = 10;

if (OUTPUT !== undefined && OUTPUT !== '') {
  const output = OUTPUT;
  /** @returns {{ delay: import('node:perf_hooks').IntervalHistogram, peakHeap: number, worstDrift: number, worstDriftCpu: number, samples: number, started: number }} */
  const newWindow = () => {
    const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    delay.enable();
    return { delay, peakHeap: process.memoryUsage().heapUsed, worstDrift: 0, worstDriftCpu: 0, samples: 1, started: performance.now() };
  };
  const life = newWindow();
  let window = newWindow();
  /** @type {HostProbeWindow | undefined} */
  let closedWindow;

  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const sampler = setInterval(() => {
    const now = performance.now();
    const drift = Math.max(0, now - last - RESOLUTION_MS);
    last = now;
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    const heap = process.memoryUsage().heapUsed;
    for (const open of [life, window]) {
      open.peakHeap = Math.max(open.peakHeap, heap);
      if (drift > open.worstDrift) {
        open.worstDrift = drift;
        open.worstDriftCpu = (cpu.user + cpu.system) / 1000;
      }
      open.samples++;
    }
  }, RESOLUTION_MS);
  sampler.unref();

  /**
   * @param {ReturnType<typeof newWindow>} open
   * @returns {HostProbeWindow}
   */
  const summarise = (open) => {
    const hold = (/** @type {number} */ nanos) => Math.max(0, nanos / 1e6 - RESOLUTION_MS);
    return {
      peakHeapUsedBytes: Math.max(open.peakHeap, process.memoryUsage().heapUsed),
      holdMs: open.delay.count > 0 ? hold(open.delay.max) : 0,
      holdP99Ms: open.delay.count > 0 ? hold(open.delay.percentile(99)) : 0,
      worstDriftMs: open.worstDrift,
      worstDriftCpuMs: open.worstDriftCpu,
      samples: open.samples,
      durationMs: performance.now() - open.started,
    };
  };

  /** @param {'sigterm' | 'exit'} writtenAt */
  const write = (writtenAt) => {
    /** @type {HostProbeSummary} */
    const summary = { window: closedWindow ?? summarise(window), life: summarise(life), writtenAt };
    try {
      writeFileSync(output, JSON.stringify(summary));
    } catch {
      // The bench reports a missing summary; the host must not fail because of its probe.
    }
  };

  process.on('SIGUSR2', () => {
    window.delay.disable();
    window = newWindow();
    closedWindow = undefined;
  });
  /** @param {NodeJS.Signals} _signal */
  const onTerm = (_signal) => {
    process.off('SIGTERM', onTerm);
    closedWindow = summarise(window);
    write('sigterm');
  };
  process.on('SIGTERM', onTerm);
  process.on('exit', () => write('exit'));
}
