/** What the host's live routes answer (`/v1/gateway/stats`, `/v1/gateway/calls`, `/v1/gateway/events`), as the view reads it. */

export type Outcome = 'success' | 'repaired' | 'retried' | 'failed';

export interface OutcomeCounts {
  readonly calls: number;
  readonly success: number;
  readonly repaired: number;
  readonly retried: number;
  readonly failed: number;
  readonly share?: { readonly repaired: number; readonly retried: number; readonly failed: number };
}

export interface ModelStats extends OutcomeCounts {
  readonly model: string;
  readonly upstream?: string;
  readonly latency_ms?: { readonly requests: number; readonly p50: number; readonly p90: number; readonly p99: number };
  readonly repairs: Readonly<Record<string, number>>;
  readonly formats: Readonly<Record<string, number>>;
  readonly tools: Readonly<Record<string, number>>;
}

export interface StatsBucket extends OutcomeCounts {
  readonly start: string;
  readonly p50_ms?: number;
  readonly p90_ms?: number;
}

export interface GatewayStats {
  readonly since: string;
  readonly until: string;
  readonly bucket_ms: number;
  readonly totals: OutcomeCounts;
  readonly models: readonly ModelStats[];
  readonly series: readonly StatsBucket[];
}

export interface CallSummary {
  /** Absent on a call just pushed by the event stream, until the list is read again. */
  readonly id?: number;
  readonly time: string;
  readonly correlation_id: string;
  readonly model: string;
  readonly upstream?: string;
  readonly tool: string;
  readonly outcome: Outcome;
  readonly repairs: readonly string[];
  readonly attempts: number;
  readonly retry_count: number;
  readonly duration_ms?: number;
  readonly route?: string;
  readonly text_format?: string;
  readonly error_codes: readonly string[];
}

export interface CallDetail extends CallSummary {
  readonly call_id: string;
  readonly parse_ms: number;
  readonly repair_ms: number;
  readonly retry_ms: number;
  readonly tokens: { readonly prompt: number; readonly completion: number; readonly total: number };
  readonly error_message?: string;
  readonly arguments_kept: boolean;
  readonly model_arguments?: string;
  readonly client_arguments?: string;
}

/** The periods a user picks from, as the routes' `since`. */
export const PERIODS = [
  { value: '15m', label: 'Last 15 minutes' },
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
] as const;

export type Period = (typeof PERIODS)[number]['value'];

/** How each outcome is named to a reader: "re-asked" and "lost" say what happened to the call. */
export const OUTCOME_LABELS: Readonly<Record<Outcome, string>> = {
  success: 'Clean',
  repaired: 'Repaired',
  retried: 'Re-asked',
  failed: 'Lost',
};

/** `0.4` → `40%`; one decimal below 10 %. */
export function percent(share: number | undefined): string {
  const value = (share ?? 0) * 100;
  return `${value > 0 && value < 10 ? value.toFixed(1) : Math.round(value)}%`;
}

/** `1234.5` → `1.23 s`; `87.2` → `87 ms`. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return '–';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** A time of day in the reader's locale; with the date when it is not today. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString() : date.toLocaleString();
}

/** `{a: 2, b: 1}` → `a ×2, b ×1`; `none` when empty. */
export function countList(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? 'none' : entries.map(([name, count]) => `${name} ×${count}`).join(', ');
}
