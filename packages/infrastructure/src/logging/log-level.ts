/** Level names a user may give (`--log-level`, configuration): 000's `warning` is accepted for `warn`. */
export const LOG_LEVEL_NAMES = Object.freeze(['debug', 'info', 'warn', 'warning', 'error', 'silent'] as const);

/** One of {@link LOG_LEVEL_NAMES}. */
export type LogLevelName = (typeof LOG_LEVEL_NAMES)[number];

/** The levels a line is written at, most severe first. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** Severity ranks as winston orders them: lower is more severe. */
export const LOG_LEVEL_RANKS: Readonly<Record<LogLevel, number>> = Object.freeze({ error: 0, warn: 1, info: 2, debug: 3 });

/** The three-letter tags of the pretty format (000 scenario 1: `[10:30:00 INF] ...`). */
export const LOG_LEVEL_TAGS: Readonly<Record<LogLevel, string>> = Object.freeze({ error: 'ERR', warn: 'WRN', info: 'INF', debug: 'DBG' });

/**
 * Reads a level name as a user writes it, case-insensitively (000 writes `--log-level Debug`).
 * Returns `undefined` for anything else, so the caller can report it.
 */
export function parseLogLevel(text: string): LogLevelName | undefined {
  const name = text.trim().toLowerCase();
  return (LOG_LEVEL_NAMES as readonly string[]).includes(name) ? (name as LogLevelName) : undefined;
}

/** The lowest level written for a name, or `undefined` for `silent`. */
export function thresholdOf(name: LogLevelName): LogLevel | undefined {
  if (name === 'silent') return undefined;
  return name === 'warning' ? 'warn' : name;
}
