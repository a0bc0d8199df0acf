import type { ILogger, LogFields } from '@acode/application';

/** One captured log call. */
export interface LogRecord {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: LogFields | undefined;
}

/** An `ILogger` that keeps what it is told, for assertions on log content. */
export class RecordingLogger implements ILogger {
  readonly records: LogRecord[] = [];
  debug(message: string, fields?: LogFields): void {
    this.records.push({ level: 'debug', message, fields });
  }
  info(message: string, fields?: LogFields): void {
    this.records.push({ level: 'info', message, fields });
  }
  warn(message: string, fields?: LogFields): void {
    this.records.push({ level: 'warn', message, fields });
  }
  error(message: string, fields?: LogFields): void {
    this.records.push({ level: 'error', message, fields });
  }
  /** Every record rendered as `LEVEL message {fields}` — handy for "never contains" assertions. */
  dump(): string {
    return this.records.map((r) => `${r.level} ${r.message} ${JSON.stringify(r.fields ?? {})}`).join('\n');
  }
}
