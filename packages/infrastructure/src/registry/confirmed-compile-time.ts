import type { IClock } from '@acode/application';

/** Compilations run again before one is called slow: the smallest of these is the answer. */
export const COMPILE_REMEASUREMENTS = 2;

/**
 * How long a compilation really takes, asked only once a first wall-time measurement came out
 * over the budget. Wall time also counts the time this process waited for a busy machine's CPU,
 * and a first compilation pays for code not yet optimised; neither says anything about the schema,
 * and both made every start of a loaded machine warn. So `compile` is run again
 * {@link COMPILE_REMEASUREMENTS} times, each run timed as the smaller of its wall time and the
 * CPU time this process spent in it (other processes' load does not add to the CPU time, this
 * process's other threads do not add to the wall time), and the smallest run is returned, in ms.
 */
export function confirmedCompileMs(compile: () => void, clock: IClock): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < COMPILE_REMEASUREMENTS; run++) {
    const cpuBefore = processCpu();
    const started = clock.now();
    compile();
    const wallMs = clock.now() - started;
    const cpuMs = cpuBefore === undefined ? wallMs : cpuSinceMs(cpuBefore);
    best = Math.min(best, wallMs, cpuMs);
  }
  return best;
}

/** This process's CPU time so far; `undefined` where there is no `process` (a browser bundle). */
function processCpu(): NodeJS.CpuUsage | undefined {
  return typeof process === 'object' && typeof process.cpuUsage === 'function' ? process.cpuUsage() : undefined;
}

function cpuSinceMs(before: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}
