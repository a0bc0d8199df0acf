// @ts-check
/**
 * Do-nothing adapters for the registry's ports. The bench measures the registry, not winston or
 * a metrics store, so logging and metrics cost nothing here; production adds their cost on top.
 */

/** A logger that drops every line. */
export const silentLogger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
});

/** Metrics that record nothing. */
export const noopMetrics = Object.freeze({
  increment() {},
  setGauge() {},
  observe() {},
});

/** One fixed correlation id; `run` calls straight through. */
export const benchCorrelation = Object.freeze({
  current: () => 'bench',
  /**
   * @template T
   * @param {() => T} fn
   * @returns {T}
   */
  run: (fn) => fn(),
});

/** Monotonic milliseconds. */
export const performanceClock = Object.freeze({ now: () => performance.now() });
