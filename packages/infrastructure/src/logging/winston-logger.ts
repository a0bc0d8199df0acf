import type { ILogger, LogFields } from '@acode/application';
import winston from 'winston';
import { formatJsonLine, formatPrettyLine, type LogFormat, type LogRecord } from './format-log-line.js';
import { LOG_LEVEL_RANKS, thresholdOf, type LogLevel, type LogLevelName } from './log-level.js';
import { toLogSafeFields } from './redact-fields.js';

/** Where the active correlation id comes from; `AsyncLocalCorrelationContext` fits. */
export interface CorrelationIdSource {
  /** The id of the running operation, or `undefined` outside one. */
  active(): string | undefined;
}

/** How to build a logger. */
export interface LoggerOptions {
  /** Lowest level written; `info` by default. `silent` writes nothing. */
  readonly level?: LogLevelName;
  /** `pretty` (000's `[10:30:00 INF] ...`) by default, or `json`. */
  readonly format?: LogFormat;
  /** Where lines go: standard error by default, because standard output carries command output. */
  readonly stream?: NodeJS.WritableStream;
  /** Adds `correlation_id` to every line's fields while an operation is running. */
  readonly correlation?: CorrelationIdSource;
  /** The time stamped on lines; the system clock by default. */
  readonly now?: () => Date;
}

/** Key of the record winston carries through its pipeline; a symbol so no field can collide with it. */
const RECORD = Symbol('acode.logRecord');

/**
 * `ILogger` on winston. Besides formatting, it guards decision 12: above debug, fields named
 * `arguments`, `args`, `value` or `actual` (any case, any depth) are dropped, so a tool call's
 * argument values never reach an info, warn or error line; at debug they are kept for
 * troubleshooting. Fields are copied log-safe (no stacks, no cycles, bounded size) and never throw.
 */
export class WinstonLogger implements ILogger {
  private readonly threshold: number;
  private readonly winston: winston.Logger;
  private readonly correlation: CorrelationIdSource | undefined;
  private readonly now: () => Date;

  constructor(options: LoggerOptions = {}) {
    const threshold = thresholdOf(options.level ?? 'info');
    this.threshold = threshold === undefined ? -1 : LOG_LEVEL_RANKS[threshold];
    this.correlation = options.correlation;
    this.now = options.now ?? (() => new Date());
    const render = options.format === 'json' ? formatJsonLine : formatPrettyLine;
    this.winston = winston.createLogger({
      levels: { ...LOG_LEVEL_RANKS },
      level: threshold ?? 'error',
      silent: threshold === undefined,
      exitOnError: false,
      format: winston.format.printf((info) => render((info as unknown as { [RECORD]: LogRecord })[RECORD])),
      transports: [new winston.transports.Stream({ stream: options.stream ?? process.stderr })],
    });
  }

  debug(message: string, fields?: LogFields): void {
    this.write('debug', message, fields);
  }

  info(message: string, fields?: LogFields): void {
    this.write('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.write('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.write('error', message, fields);
  }

  private write(level: LogLevel, message: string, fields: LogFields | undefined): void {
    // Checked first so a filtered-out debug line costs no copying.
    if (LOG_LEVEL_RANKS[level] > this.threshold) return;
    const safe = toLogSafeFields(fields ?? {}, level !== 'debug');
    const correlationId = this.correlation?.active();
    if (correlationId !== undefined && safe['correlation_id'] === undefined) safe['correlation_id'] = correlationId;
    const record: LogRecord = { time: this.now(), level, message: String(message), fields: safe };
    this.winston.log({ level, message: record.message, [RECORD]: record });
  }
}

/** Builds the app's logger (see {@link WinstonLogger}). */
export function createLogger(options: LoggerOptions = {}): ILogger {
  return new WinstonLogger(options);
}
