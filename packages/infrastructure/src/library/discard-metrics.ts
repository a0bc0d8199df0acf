import type { IMetrics } from '@acode/application';

/**
 * The metrics sink the plain entry points use when none is given: it keeps nothing, so a
 * long-lived registry in someone else's process never grows a series table they did not ask for.
 * Pass `new InMemoryMetrics()` (or your own {@link IMetrics}) to collect them.
 */
export const DISCARD_METRICS: IMetrics = Object.freeze({
  increment: () => undefined,
  setGauge: () => undefined,
  observe: () => undefined,
});
