import type { ILogger, LogFields } from '@acode/application';

/** One captured log line. */
export interface CapturedLogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
}

/**
 * A logger that keeps the messages it is given (fields are dropped: they may hold values the
 * user did not ask to see), so a command can print a component's log lines as part of its
 * output, as 002's scenarios show them: `[INFO] Retry prompt sent to model`.
 */
export class LogCapture implements ILogger {
  readonly lines: CapturedLogLine[] = [];

  debug(message: string, _fields?: LogFields): void {
    this.lines.push({ level: 'debug', message });
  }

  info(message: string, _fields?: LogFields): void {
    this.lines.push({ level: 'info', message });
  }

  warn(message: string, _fields?: LogFields): void {
    this.lines.push({ level: 'warn', message });
  }

  error(message: string, _fields?: LogFields): void {
    this.lines.push({ level: 'error', message });
  }
}
