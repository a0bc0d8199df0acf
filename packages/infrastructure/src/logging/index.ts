/**
 * `@acode/infrastructure/logging`: the winston logger (`createLogger`, `WinstonLogger`) and log-line formatting.
 *
 * Needs the optional peer dependency `winston`: install it next to this package before importing
 * this entry.
 *
 * @packageDocumentation
 */
export { formatJsonLine, formatPrettyLine, type LogFormat, type LogRecord } from './format-log-line.js';
export { LOG_LEVEL_NAMES, parseLogLevel, type LogLevel, type LogLevelName } from './log-level.js';
export { REDACTED_FIELD_NAMES, toLogSafeFields } from './redact-fields.js';
export { WinstonLogger, createLogger, type CorrelationIdSource, type LoggerOptions } from './winston-logger.js';
