import type { IClock } from '@acode/application';

/** When the breaker of a model + tool pair opens and for how long. */
export interface RetryCircuitBreakerOptions {
  /** Consecutive exhausted retry runs that open the circuit, at least 1. */
  readonly threshold: number;
  /** How long an open circuit refuses retries, in ms. */
  readonly cooldownMs: number;
}

/** Three exhaustions in a row suspend retries for a minute (002 threat 5). */
export const DEFAULT_RETRY_CIRCUIT_BREAKER_OPTIONS: RetryCircuitBreakerOptions = Object.freeze({ threshold: 3, cooldownMs: 60_000 });

/** Most model + tool pairs tracked; the least recently touched is forgotten first. */
export const MAX_TRACKED_PAIRS = 1_000;

/** Whether a pair may be retried now. */
export type RetryCircuitState =
  | { readonly state: 'closed' }
  /** After the cool-down: the next run decides; one more exhaustion reopens at once. */
  | { readonly state: 'half-open' }
  | { readonly state: 'open'; readonly resumeInMs: number; readonly exhaustions: number };

interface PairState {
  exhaustions: number;
  openedAt: number | undefined;
}

/**
 * Stops retrying a model + tool pair after a run of exhausted retries (002 threat 5: "circuit
 * breaker after repeated failures from same model"), so a model that cannot produce a tool's
 * arguments stops costing tokens. Owns per-pair state; time comes from the clock.
 */
export class RetryCircuitBreaker {
  private readonly pairs = new Map<string, PairState>();
  readonly options: RetryCircuitBreakerOptions;

  constructor(
    private readonly clock: IClock,
    options: Partial<RetryCircuitBreakerOptions> = {},
  ) {
    this.options = Object.freeze({
      threshold: Math.max(1, Math.floor(options.threshold ?? DEFAULT_RETRY_CIRCUIT_BREAKER_OPTIONS.threshold)),
      cooldownMs: Math.max(0, options.cooldownMs ?? DEFAULT_RETRY_CIRCUIT_BREAKER_OPTIONS.cooldownMs),
    });
  }

  /** The pair's state now. */
  state(model: string, tool: string): RetryCircuitState {
    const pair = this.pairs.get(pairKey(model, tool));
    if (pair?.openedAt === undefined) return { state: 'closed' };
    const resumeInMs = pair.openedAt + this.options.cooldownMs - this.clock.now();
    return resumeInMs > 0 ? { state: 'open', resumeInMs, exhaustions: pair.exhaustions } : { state: 'half-open' };
  }

  /** A call of the pair ran out of attempts. Returns true when this opened (or reopened) the circuit. */
  recordExhaustion(model: string, tool: string): boolean {
    const key = pairKey(model, tool);
    const halfOpen = this.state(model, tool).state === 'half-open';
    const pair = this.touch(key);
    pair.exhaustions++;
    if (halfOpen || (pair.openedAt === undefined && pair.exhaustions >= this.options.threshold)) {
      pair.openedAt = this.clock.now();
      return true;
    }
    return false;
  }

  /** A call of the pair ended valid: its run of exhaustions is over. */
  recordSuccess(model: string, tool: string): void {
    this.pairs.delete(pairKey(model, tool));
  }

  private touch(key: string): PairState {
    const pair = this.pairs.get(key) ?? { exhaustions: 0, openedAt: undefined };
    // Re-insert so Map order is least recently touched first.
    this.pairs.delete(key);
    this.pairs.set(key, pair);
    if (this.pairs.size > MAX_TRACKED_PAIRS) {
      const oldest = this.pairs.keys().next().value;
      if (oldest !== undefined) this.pairs.delete(oldest);
    }
    return pair;
  }
}

function pairKey(model: string, tool: string): string {
  return `${model}\u0000${tool}`;
}
