import type { TelemetryMigration } from '../telemetry-migration.js';

/**
 * The `tool_calls` table: one row per tool call (issue 4 item 3). STRICT so a wrong type is an
 * error rather than silently stored; CHECKs keep every row readable back into a
 * `ToolCallTelemetryRecord`. Arrays are JSON text (read by `json_each` for the repair breakdown),
 * timestamps ISO 8601 UTC text (ordered as text), durations milliseconds.
 */
export const toolCallsMigration: TelemetryMigration = {
  version: 1,
  name: 'tool_calls',
  sql: `
    CREATE TABLE tool_calls (
      id                 INTEGER PRIMARY KEY,
      timestamp          TEXT    NOT NULL,
      correlation_id     TEXT    NOT NULL,
      provider           TEXT    NOT NULL,
      model              TEXT    NOT NULL,
      tool               TEXT    NOT NULL,
      call_id            TEXT    NOT NULL,
      parse_result       TEXT    NOT NULL CHECK (parse_result IN ('success', 'repaired', 'retried', 'failed')),
      repairs            TEXT    NOT NULL CHECK (json_valid(repairs) AND json_type(repairs) = 'array'),
      retry_count        INTEGER NOT NULL CHECK (retry_count >= 0),
      error_codes        TEXT    NOT NULL CHECK (json_valid(error_codes) AND json_type(error_codes) = 'array'),
      error_position     INTEGER CHECK (error_position >= 0),
      parse_ms           REAL    NOT NULL CHECK (parse_ms >= 0),
      repair_ms          REAL    NOT NULL CHECK (repair_ms >= 0),
      retry_ms           REAL    NOT NULL CHECK (retry_ms >= 0),
      prompt_tokens      INTEGER NOT NULL CHECK (prompt_tokens >= 0),
      completion_tokens  INTEGER NOT NULL CHECK (completion_tokens >= 0),
      total_tokens       INTEGER NOT NULL CHECK (total_tokens >= 0),
      original_arguments TEXT,
      final_arguments    TEXT,
      error_message      TEXT
    ) STRICT;
    CREATE INDEX tool_calls_correlation_id ON tool_calls (correlation_id, id);
    CREATE INDEX tool_calls_provider_timestamp ON tool_calls (provider, timestamp);
    CREATE INDEX tool_calls_timestamp ON tool_calls (timestamp);
  `,
};
