import type { GatewayFrontName } from '@acode/infrastructure/gateway';
import type { ChatCallOptions, IChatModelClient, IMetrics, ModelServerInfo } from '@acode/application';
import type { ChatRequest, ChatResponse, RepairName } from '@acode/domain';
import type { RefusalReason } from '@acode/infrastructure/gateway';
import { GATEWAY_METRIC_NAMES } from '@acode/infrastructure/metrics';

/** The gateway's routes as a metric label: a bounded set, never the client's path or model. */
export type GatewayRouteLabel = GatewayFrontName | 'pass_through';

/**
 * How a gateway request ended, as a metric label: the pipeline's outcomes, or refused before it
 * ran (`unauthorized`: no or a wrong bearer token, 401; `busy`: the upstream queue full, 503), or
 * out of time (`deadline`: `gateway.request_timeout_ms` passed, 504, or the body did not arrive
 * within `gateway.body_timeout_ms`, 408).
 */
export type GatewayRequestOutcome = 'success' | 'repaired' | 'retried' | 'failed' | 'invalid_request' | 'upstream_error' | 'cancelled' | 'unauthorized' | 'busy' | 'deadline';

/** What a finished request did beyond its outcome. */
export interface GatewayRequestDetails {
  /** Upstream requests made, the first included. */
  readonly attempts?: number;
  /** Repairs applied to the calls answered, one entry per repair per call. */
  readonly repairs?: readonly RepairName[];
  /** Upstream streams aborted early because a call could no longer validate. */
  readonly earlyAborts?: number;
  /** Completion tokens those aborts spared the upstream (estimated). */
  readonly tokensSaved?: number;
  /** Why each call refused (not handed over as a call) was refused, one entry per call. */
  readonly refused?: readonly RefusalReason[];
}

/**
 * One gateway request's metrics: its outcome, repairs and retries as counters, the time spent on
 * upstream chat requests (measured around each one by {@link timed}) and the time the gateway
 * added beyond them as histograms. Without `metrics`, records nothing. {@link finish} records once.
 */
export class GatewayRequestMetrics {
  private readonly started = performance.now();
  private upstreamMs = 0;
  private upstreamCalls = 0;
  private done = false;

  constructor(
    private readonly metrics: IMetrics | undefined,
    private readonly route: GatewayRouteLabel,
  ) {}

  /** `upstream` with the time of each chat request it answers added to this request's upstream time. */
  timed(upstream: IChatModelClient): IChatModelClient {
    const measure = async (call: () => Promise<ChatResponse>): Promise<ChatResponse> => {
      const start = performance.now();
      this.upstreamCalls++;
      try {
        return await call();
      } finally {
        this.upstreamMs += performance.now() - start;
      }
    };
    return {
      provider: upstream.provider,
      chat: (request: ChatRequest, options?: ChatCallOptions) => measure(() => upstream.chat(request, options)),
      chatStream: (request: ChatRequest, options?: ChatCallOptions) => measure(() => upstream.chatStream(request, options)),
      listModels: (options?: Pick<ChatCallOptions, 'signal'>): Promise<ModelServerInfo> => upstream.listModels(options),
    };
  }

  /** Counts the problems of the request's tools that were taken anyway (ACODE-GTW-008), by whether the tool is still checked. */
  toolWarnings(warnings: ReadonlyArray<{ readonly unchecked: boolean }>): void {
    if (this.metrics === undefined) return;
    for (const found of warnings) this.metrics.increment(GATEWAY_METRIC_NAMES.toolWarningsTotal, { route: this.route, effect: found.unchecked ? 'unchecked' : 'checked' });
  }

  /**
   * Records the request: its outcome, one repair per repair applied, `attempts - 1` retries, its
   * early aborts and tokens saved (when above 0), one refused call per refusal, and, when the
   * upstream was asked and the request was not cancelled, the upstream and added times.
   */

  finish(outcome: GatewayRequestOutcome, details: GatewayRequestDetails = {}): void {
    if (this.done || this.metrics === undefined) return;
    this.done = true;
    const route = this.route;
    this.metrics.increment(GATEWAY_METRIC_NAMES.requestsTotal, { route, outcome });
    for (const kind of details.repairs ?? []) this.metrics.increment(GATEWAY_METRIC_NAMES.repairsTotal, { kind });
    const retries = (details.attempts ?? 0) - 1;
    if (retries > 0) this.metrics.increment(GATEWAY_METRIC_NAMES.retriesTotal, { route }, retries);
    const { earlyAborts = 0, tokensSaved = 0 } = details;
    if (earlyAborts > 0) this.metrics.increment(GATEWAY_METRIC_NAMES.earlyAbortsTotal, { route }, earlyAborts);
    if (tokensSaved > 0) this.metrics.increment(GATEWAY_METRIC_NAMES.tokensSavedTotal, { route }, tokensSaved);
    for (const reason of details.refused ?? []) this.metrics.increment(GATEWAY_METRIC_NAMES.callsRefusedTotal, { route, reason });
    if (this.upstreamCalls > 0 && outcome !== 'cancelled') {
      const totalMs = performance.now() - this.started;
      this.metrics.observe(GATEWAY_METRIC_NAMES.upstreamSeconds, this.upstreamMs / 1000, { route });
      this.metrics.observe(GATEWAY_METRIC_NAMES.addedSeconds, Math.max(0, totalMs - this.upstreamMs) / 1000, { route });
    }
  }
}

/**
 * `metrics` with a request counted `cancelled` counted `deadline` instead once `passed()` says the
 * request's deadline stopped it: for pass-through, which counts its own outcome and sees a
 * deadline only as its upstream request aborted. `undefined` stays `undefined`.
 */
export function deadlineRelabelled(metrics: IMetrics | undefined, passed: () => boolean): IMetrics | undefined {
  if (metrics === undefined) return undefined;
  return {
    increment: (name, labels, value) =>
      metrics.increment(name, name === GATEWAY_METRIC_NAMES.requestsTotal && labels?.['outcome'] === 'cancelled' && passed() ? { ...labels, outcome: 'deadline' } : labels, value),
    setGauge: (name, value, labels) => metrics.setGauge(name, value, labels),
    observe: (name, value, labels) => metrics.observe(name, value, labels),
  };
}
