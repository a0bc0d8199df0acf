import { EMPTY_TOOL_CALL_STATS, type ITelemetryStore, type ToolCallStats } from '@acode/application';
import { GATEWAY_TELEMETRY_PROVIDER, parseSince } from '@acode/infrastructure/telemetry';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { displayMessage } from '../render/text.js';
import { renderToolCallStats } from '../render/tool-call-stats.js';
import type { CliRuntime } from '../runtime.js';
import { sinceLabel } from '../since-window.js';
import { expectedFailure } from './model-failure.js';
import type { OutputView } from './view.js';

/** Options of `acode providers stats`. */
export interface ProvidersStatsOptions {
  readonly provider: string;
  /** `--since` as typed. */
  readonly since: string;
  readonly json: boolean;
}

/**
 * `acode providers stats PROVIDER --tool-calls`: 002's statistics of the provider's tool calls in
 * the window, read from the telemetry store without changing it. `gateway` is the host gateway's
 * calls, shown with their upstreams and models. No database yet means no calls
 * (exit 0); a file that cannot be read is ACODE-TEL-001 (exit 2).
 */
export function providersStats(runtime: CliRuntime, options: ProvidersStatsOptions, view: OutputView, now: Date = new Date()): CommandOutput {
  const since = parseSince(options.since, now);
  if (!since.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ ...since.error, helpCommand: 'acode providers stats' }) };

  let store: ITelemetryStore | undefined;
  let stats: ToolCallStats;
  try {
    store = runtime.models.readTelemetry();
    stats = store?.stats({ provider: options.provider, since: since.since }) ?? EMPTY_TOOL_CALL_STATS;
  } catch (error) {
    return expectedFailure(error);
  } finally {
    store?.close();
  }

  const database = runtime.models.telemetryPath;
  if (options.json) {
    return { exitCode: EXIT_CODES.OK, stdout: JSON.stringify({ provider: options.provider, since: since.since, database, ...stats }, null, 2) + '\n' };
  }
  const scope = { provider: options.provider, windowLabel: sinceLabel(options.since, since.since), gateway: options.provider === GATEWAY_TELEMETRY_PROVIDER };
  const text = renderToolCallStats(stats, scope, view.style);
  const note = store === undefined ? `No telemetry database at ${displayMessage(database)} yet.\n` : '';
  return { exitCode: EXIT_CODES.OK, stdout: text + note };
}
