import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { HostApi, StreamState } from '../api.js';
import { CallDetailDialog } from './call-detail.js';
import { CallsTable } from './calls-table.js';
import { LiveChart, type ChartSeries } from './live-chart.js';
import { PERIODS, percent, type CallSummary, type GatewayStats, type Period } from './live-model.js';
import { ModelCards } from './model-cards.js';
import { refreshThrottle } from './refresh-throttle.js';

/** Rows the table keeps. */
const LISTED_CALLS = 50;

/** How long after a pushed call the figures are read again: a burst of calls costs one read. */
const REFRESH_AFTER_EVENT_MS = 300;

/** While calls keep coming, the figures are still read again this often (and no more often). */
const REFRESH_DURING_BURST_MS = 1000;

/** The period slides on even without calls: the figures are read again this often. */
const REFRESH_EVERY_MS = 30_000;

/** Each outcome's line colour on the charts (and its swatch class in live.css). */
const OUTCOME_COLORS = { success: '#2e7d32', repaired: '#1e6fd9', retried: '#e37400', failed: '#d93025' } as const;

/**
 * The live view of the gateway's work: for a chosen period and per model, the calls, the share
 * repaired, re-asked and lost, the repairs and text-call formats that fired and the model's time
 * (p50/p90/p99); charts of calls by outcome and of the model's time; the recent calls, each
 * opening its detail. New calls arrive over the host's event stream without a reload.
 */
export function LiveView({ api }: { api: HostApi }) {
  const [period, setPeriod] = useState<Period>('1h');
  const [model, setModel] = useState<string>('');
  const [stats, setStats] = useState<GatewayStats | undefined>(undefined);
  const [calls, setCalls] = useState<readonly CallSummary[]>([]);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [stream, setStream] = useState<StreamState | undefined>(undefined);
  const [opened, setOpened] = useState<CallSummary | undefined>(undefined);
  const loads = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++loads.current;
    const query = `since=${period}${model === '' ? '' : `&model=${encodeURIComponent(model)}`}`;
    try {
      const [nextStats, nextCalls] = await Promise.all([
        api.getJson<GatewayStats>(`/v1/gateway/stats?${query}`),
        api.getJson<{ calls: CallSummary[] }>(`/v1/gateway/calls?${query}&limit=${LISTED_CALLS}`),
      ]);
      // An older read that ends after a newer one must not undo it.
      if (ticket !== loads.current) return;
      setStats(nextStats);
      setCalls(nextCalls.calls);
      setProblem(undefined);
    } catch (error) {
      if (ticket === loads.current) setProblem(error instanceof Error ? error.message : String(error));
    }
  }, [api, period, model]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [load]);

  // New calls as they happen: shown at once, then the figures are read again. One stream for the
  // view's life: a change of period or model reads through these refs rather than reconnecting.
  const latest = useRef({ load, model });
  latest.current = { load, model };
  useEffect(() => {
    const stop = new AbortController();
    const refresh = refreshThrottle(() => void latest.current.load(), REFRESH_AFTER_EVENT_MS, REFRESH_DURING_BURST_MS);
    void api.stream(
      '/v1/gateway/events',
      (event) => {
        if (event.event !== 'call') return;
        let call: CallSummary;
        try {
          call = JSON.parse(event.data) as CallSummary;
        } catch {
          return;
        }
        const { model: shown } = latest.current;
        if (shown !== '' && call.model !== shown) return;
        setCalls((listed) => [call, ...listed].slice(0, LISTED_CALLS));
        refresh.call();
      },
      stop.signal,
      setStream,
    );
    return () => {
      stop.abort();
      refresh.cancel();
    };
  }, [api]);

  const models = useMemo(() => stats?.models.map((entry) => entry.model) ?? [], [stats]);
  const empty = stats !== undefined && stats.totals.calls === 0 && calls.length === 0;
  const periodLabel = PERIODS.find((entry) => entry.value === period)?.label.toLowerCase() ?? period;

  return (
    <section aria-labelledby="live-heading" class="live-view">
      <div class="live-heading-row">
        <h2 id="live-heading">What the models did</h2>
        <p class="live-connection muted" id="live-connection">
          {stream === undefined ? 'Connecting…' : stream.state === 'open' ? 'Live: new calls appear as they happen.' : `Reconnecting in ${Math.round(stream.retryInMs / 1000)} s (${stream.reason}).`}
        </p>
      </div>
      <form class="live-controls" onSubmit={(event) => event.preventDefault()}>
        <label>
          Period{' '}
          <select id="live-period" value={period} onChange={(event) => setPeriod((event.currentTarget as HTMLSelectElement).value as Period)}>
            {PERIODS.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model{' '}
          <select id="live-model" value={model} onChange={(event) => setModel((event.currentTarget as HTMLSelectElement).value)}>
            <option value="">All models</option>
            {[...new Set([...models, ...(model === '' ? [] : [model])])].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {problem === undefined ? null : (
        <p class="notice error" role="alert">
          The figures could not be read: {problem}
        </p>
      )}
      {stats === undefined ? (
        <p class="muted">Loading…</p>
      ) : empty ? (
        <FirstCall />
      ) : (
        <>
          <Totals stats={stats} periodLabel={periodLabel} />
          <ModelCards models={stats.models} />
          <div class="live-charts">
            <CallsChart stats={stats} periodLabel={periodLabel} />
            <LatencyChart stats={stats} periodLabel={periodLabel} />
          </div>
        </>
      )}
      {calls.length === 0 ? null : <CallsTable calls={calls} onOpen={setOpened} />}
      <CallDetailDialog api={api} call={opened} onClose={() => setOpened(undefined)} />
    </section>
  );
}

/** The period's calls over every model, as one line a reader takes in at once. */
function Totals(props: { stats: GatewayStats; periodLabel: string }) {
  const { totals } = props.stats;
  return (
    <p class="live-totals" id="live-totals">
      <strong data-figure="total-calls">{totals.calls}</strong> {totals.calls === 1 ? 'call' : 'calls'} in the {props.periodLabel}: {percent(totals.share?.repaired)} repaired,{' '}
      {percent(totals.share?.retried)} re-asked, {percent(totals.share?.failed)} lost.
    </p>
  );
}

function times(stats: GatewayStats): number[] {
  return stats.series.map((bucket) => Date.parse(bucket.start) / 1000);
}

function CallsChart(props: { stats: GatewayStats; periodLabel: string }) {
  const { stats } = props;
  const series: ChartSeries[] = useMemo(
    () => [
      { label: 'Clean', color: OUTCOME_COLORS.success, values: stats.series.map((bucket) => bucket.success) },
      { label: 'Repaired', color: OUTCOME_COLORS.repaired, values: stats.series.map((bucket) => bucket.repaired) },
      { label: 'Re-asked', color: OUTCOME_COLORS.retried, values: stats.series.map((bucket) => bucket.retried) },
      { label: 'Lost', color: OUTCOME_COLORS.failed, values: stats.series.map((bucket) => bucket.failed) },
    ],
    [stats],
  );
  const busiest = stats.series.reduce((best, bucket) => (bucket.calls > (best?.calls ?? 0) ? bucket : best), undefined as GatewayStats['series'][number] | undefined);
  const minutes = Math.round(stats.bucket_ms / 60_000);
  const width = minutes >= 1 ? `${minutes}-minute` : `${Math.round(stats.bucket_ms / 1000)}-second`;
  const summary =
    busiest === undefined
      ? `No calls in the ${props.periodLabel}.`
      : `Calls per ${width} interval over the ${props.periodLabel}: ${stats.totals.success} clean, ${stats.totals.repaired} repaired, ${stats.totals.retried} re-asked, ${stats.totals.failed} lost; the busiest interval, from ${new Date(busiest.start).toLocaleTimeString()}, had ${busiest.calls}.`;
  return <LiveChart id="chart-calls" title="Calls over time, by outcome" summary={summary} times={useMemo(() => times(stats), [stats])} series={series} />;
}

function LatencyChart(props: { stats: GatewayStats; periodLabel: string }) {
  const { stats } = props;
  const series: ChartSeries[] = useMemo(
    () => [
      { label: 'p50', color: '#7b4fc9', values: stats.series.map((bucket) => bucket.p50_ms ?? null) },
      { label: 'p90', color: '#00897b', values: stats.series.map((bucket) => bucket.p90_ms ?? null) },
    ],
    [stats],
  );
  const parts = stats.models.flatMap((entry) => (entry.latency_ms === undefined ? [] : [`${entry.model} p50 ${Math.round(entry.latency_ms.p50)} ms, p90 ${Math.round(entry.latency_ms.p90)} ms, p99 ${Math.round(entry.latency_ms.p99)} ms`]));
  const summary = parts.length === 0 ? `No model time recorded in the ${props.periodLabel}.` : `Model time per request over the ${props.periodLabel}: ${parts.join('; ')}.`;
  return <LiveChart id="chart-latency" title="Model time per request (p50, p90)" summary={summary} times={useMemo(() => times(stats), [stats])} series={series} unit=" ms" points />;
}

/** What a new user sees before any call: how to send the first one through the gateway. */
function FirstCall() {
  const origin = location.origin;
  return (
    <div class="first-call" id="live-empty">
      <h3>No calls through the gateway yet</h3>
      <p>Point an agent or a client at this host instead of the model server, and ask it something that needs a tool. Its calls show up here as they happen.</p>
      <ul>
        <li>
          OpenAI-compatible clients: <code>OPENAI_BASE_URL={origin}/v1</code>
        </li>
        <li>
          Ollama clients: <code>OLLAMA_HOST={origin}</code>
        </li>
        <li>
          Anthropic clients: <code>ANTHROPIC_BASE_URL={origin}</code>
        </li>
      </ul>
      <p>Or try one call from a terminal (when the host has a token, add <code>-H 'authorization: Bearer …'</code>):</p>
      <pre tabIndex={0} aria-label="An example request">{`curl ${origin}/v1/chat/completions \\
  -H 'content-type: application/json' \\
  -d '{"model": "qwen3:8b",
       "messages": [{"role": "user", "content": "Weather in Paris?"}],
       "tools": [{"type": "function", "function": {"name": "get_weather",
         "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                        "required": ["city"]}}}]}'`}</pre>
    </div>
  );
}
