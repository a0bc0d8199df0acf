import { LOG_LEVEL_TAGS, type LogLevel } from './log-level.js';

/** How lines are written: 000's human `pretty` lines, or one JSON object per line. */
export type LogFormat = 'pretty' | 'json';

/** Everything a line is made from; fields are already log-safe. */
export interface LogRecord {
  readonly time: Date;
  readonly level: LogLevel;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * 000 scenario 1's line: `[10:30:00 INF] Registering tool 'file_read' v1.0.0 (hash: a1b2c3d4e5f6)`,
 * local time. Fields are not shown (the JSON format carries them). Continuation lines of a
 * multi-line message are indented, as in 000 scenario 7, so text from outside (a tool name a
 * model made up) cannot forge a line of its own; other control characters are escaped.
 */
export function formatPrettyLine(record: LogRecord): string {
  const time = [record.time.getHours(), record.time.getMinutes(), record.time.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  const message = escapeControl(record.message.replace(/\r\n/g, '\n')).replace(/\n/g, '\n  ');
  return `[${time} ${LOG_LEVEL_TAGS[record.level]}] ${message}`;
}

/** One JSON object: `{"timestamp","level","message","fields"}`; fields nested so none can overwrite the others. */
export function formatJsonLine(record: LogRecord): string {
  return JSON.stringify({ timestamp: record.time.toISOString(), level: record.level, message: record.message, fields: record.fields });
}

/** Escapes control characters other than newline and tab (ANSI escapes could rewrite a terminal). */
function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
