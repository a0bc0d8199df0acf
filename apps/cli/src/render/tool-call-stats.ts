import type { ToolCallStats } from '@acode/application';
import type { Style } from './style.js';
import { displayLength, displayName } from './text.js';

/** What the statistics cover, for the heading. */
export interface ToolCallStatsScope {
  readonly provider: string;
  /** `Last 24 Hours`. */
  readonly windowLabel: string;
  /**
   * The gateway's rows (`providers stats gateway`): also the model requests made again and the
   * calls per upstream and model, since one gateway may front several servers and models.
   */
  readonly gateway?: boolean;
}

const LABEL_WIDTH = 23;
const COUNT_WIDTH = 5;
const NUMBER = new Intl.NumberFormat('en-US');

/**
 * 002's `providers stats --tool-calls` layout: totals with their share, the repair breakdown,
 * and the average parse, repair and retry times. Averages over no calls are shown as `-`,
 * not as a misleading `0ms`. For the gateway, also the retry requests and the calls per upstream
 * and model (see {@link ToolCallStatsScope.gateway}).
 */
export function renderToolCallStats(stats: ToolCallStats, scope: ToolCallStatsScope, style: Style): string {
  const lines = [style.heading(`Tool Call Statistics (${scope.windowLabel}):`), `  ${'Provider:'.padEnd(LABEL_WIDTH - 2)}${displayName(scope.provider)}`];
  if (stats.total === 0) {
    lines.push(`  No tool calls recorded in this window.`);
    return lines.join('\n') + '\n';
  }
  const counts = [stats.total, stats.success, stats.repaired, stats.retried, stats.failed];
  const width = Math.max(COUNT_WIDTH, ...counts.map((count) => NUMBER.format(count).length));
  const repairs = Object.entries(stats.repairBreakdown)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([name, count]) => [`${repairLabel(name)}:`, count] as const);
  // One label column for totals and repairs, so every count lines up.
  const labelWidth = Math.max(LABEL_WIDTH - 2, ...repairs.map(([label]) => displayLength(label) + 1));
  const row = (label: string, count: number, share: boolean): string =>
    `  ${label.padEnd(labelWidth)}${NUMBER.format(count).padStart(width)}${share ? ` (${percent(count, stats.total)})` : ''}`;
  lines.push(
    row('Total Tool Calls:', stats.total, false),
    row('Parsed Successfully:', stats.success, true),
    row('Auto-Repaired:', stats.repaired, true),
    row('Retried Successfully:', stats.retried, true),
    stats.failed > 0 ? style.failure(row('Failed:', stats.failed, true)) : row('Failed:', stats.failed, true),
  );
  if (scope.gateway === true) {
    lines.push(row('Retry Requests:', stats.retries, false), '', style.heading('Upstreams and Models:'));
    // Count first: upstream URLs are long, and would push a shared count column far right.
    const callsWidth = Math.max(width, ...stats.models.map((entry) => NUMBER.format(entry.calls).length));
    for (const entry of stats.models) {
      const upstream = entry.upstream === undefined ? '' : ` via ${displayName(entry.upstream)}`;
      lines.push(`  ${NUMBER.format(entry.calls).padStart(callsWidth)}  ${displayName(entry.model)}${upstream}`);
    }
  }
  lines.push('', style.heading('Repair Breakdown:'));
  if (repairs.length === 0) lines.push('  (no repairs)');
  for (const [label, count] of repairs) lines.push(row(label, count, false));
  lines.push(
    '',
    `${'Average Parse Time:'.padEnd(LABEL_WIDTH)}${milliseconds(stats.averageParseMs)}`,
    `${'Average Repair Time:'.padEnd(LABEL_WIDTH)}${stats.repaired > 0 ? milliseconds(stats.averageRepairMs) : '-'}`,
    `${'Average Retry Time:'.padEnd(LABEL_WIDTH)}${stats.averageRetryMs > 0 || stats.retried > 0 ? `${milliseconds(stats.averageRetryMs)} (includes model round-trip)` : '-'}`,
  );
  return lines.join('\n') + '\n';
}

/** `trailing_comma` → `Trailing comma`; names read from a database are escaped and bounded. */
export function repairLabel(name: string): string {
  const words = displayName(name).replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function percent(count: number, total: number): string {
  return `${((count / total) * 100).toFixed(1)}%`;
}

/** Sub-100 ms times keep two decimals (parse and repair are fractions of a millisecond); longer ones are whole. */
export function milliseconds(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  return ms < 100 ? `${ms.toFixed(2)}ms` : `${NUMBER.format(Math.round(ms))}ms`;
}
