/** Structured fields of a log line. Never argument values above debug (decision 12). */
export type LogFields = Readonly<Record<string, unknown>>;

/** The logging port; winston behind it in infrastructure. */
export interface ILogger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}
