import type { CallsQuery, CallStatsReport, ITelemetryStore } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { createGatewayLive } from '../../src/live/gateway-live.js';
import { gatewayStatsRoute } from '../../src/live/gateway-stats-routes.js';
import type { RouteContext } from '../../src/routes/route.js';
import { TELEMETRY_ROW } from '../support/telemetry-row.js';

// Every open page re-reads the stats on each call event and every 30 s: the same period and model
// asked again at once is answered from the last report, and a call recorded since makes it stale.

const ROW = TELEMETRY_ROW;

function countingStore(): ITelemetryStore & { computed: CallsQuery[] } {
  const computed: CallsQuery[] = [];
  const report = (query: CallsQuery): CallStatsReport => ({
    since: query.since,
    until: query.until ?? new Date().toISOString(),
    bucketMs: 60_000,
    totals: { calls: computed.length, success: 0, repaired: 0, retried: 0, failed: 0 },
    models: [],
    series: [],
  });
  return {
    computed,
    record: () => undefined,
    query: () => [],
    findByCorrelationId: () => [],
    stats: () => ({}) as never,
    callStats: (query) => (computed.push(query), report(query)),
    recentCalls: () => [],
    findCall: () => undefined,
    close: () => undefined,
  };
}

function stats(context: RouteContext, query: string): { status: number; body: any } {
  const answer = gatewayStatsRoute.handle(
    { params: {}, query: new URLSearchParams(query), headers: {}, correlationId: 'x', readBody: async () => ({ ok: false }) as never, signal: new AbortController().signal, response: undefined as never },
    context,
  ) as { status: number; body: unknown };
  return { status: answer.status, body: answer.body };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /v1/gateway/stats, asked again at once', () => {
  it('answers the same period and model from one computation, and computes again after a call is recorded', async () => {
    const store = countingStore();
    const live = createGatewayLive(store);
    const context = { live, isDraining: () => false } as unknown as RouteContext;

    const first = stats(context, 'since=1h');
    expect(first.status).toBe(200);
    const again = stats(context, 'since=1h');
    expect(again.body).toEqual(first.body);
    expect(store.computed).toHaveLength(1);

    // Another period or another model is another report.
    stats(context, 'since=24h');
    stats(context, 'since=1h&model=qwen');
    expect(store.computed).toHaveLength(3);

    // A call recorded since: the next read (a page's, just after the call event) sees it.
    await wait(300);
    live.store.record(ROW);
    stats(context, 'since=1h');
    expect(store.computed).toHaveLength(4);
    stats(context, 'since=1h');
    expect(store.computed).toHaveLength(4);

    // And a report is not served for long, calls or not.
    await wait(1_600);
    stats(context, 'since=1h');
    expect(store.computed).toHaveLength(5);
  });

  it('keeps a report per live view', () => {
    const one = countingStore();
    const other = countingStore();
    stats({ live: createGatewayLive(one), isDraining: () => false } as unknown as RouteContext, 'since=1h');
    stats({ live: createGatewayLive(other), isDraining: () => false } as unknown as RouteContext, 'since=1h');
    expect([one.computed.length, other.computed.length]).toEqual([1, 1]);
  });
});
