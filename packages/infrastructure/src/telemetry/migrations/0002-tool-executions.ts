import type { TelemetryMigration } from '../telemetry-migration.js';

/**
 * Confirmation tokens and results by execution id (issue 5), in the telemetry database so a
 * token printed by one `acode tools exec` is accepted by the next. Tokens are kept as sha256 hex
 * digests only (and their arguments likewise): the file never holds a usable token. A stored
 * result keeps the canonical arguments of its run beside their digest, because a replay must
 * give them back (`StoredExecution.argsCanonical`); `tool_calls` already holds arguments too.
 * Results past their retention are swept by age, across sessions (`created_at_ms` index).
 */
export const toolExecutionsMigration: TelemetryMigration = {
  version: 2,
  name: 'tool_executions',
  sql: `
    CREATE TABLE confirmation_tokens (
      token_sha256  TEXT    PRIMARY KEY CHECK (length(token_sha256) = 64),
      session_id    TEXT    NOT NULL,
      tool          TEXT    NOT NULL,
      args_sha256   TEXT    NOT NULL CHECK (length(args_sha256) = 64),
      created_at_ms INTEGER NOT NULL,
      expires_at_ms INTEGER NOT NULL,
      used_at_ms    INTEGER
    ) STRICT;
    CREATE INDEX confirmation_tokens_expires_at ON confirmation_tokens (expires_at_ms);
    CREATE TABLE tool_executions (
      session_id    TEXT    NOT NULL,
      execution_id  TEXT    NOT NULL,
      tool          TEXT    NOT NULL,
      args_sha256   TEXT    NOT NULL CHECK (length(args_sha256) = 64),
      args_json     TEXT    NOT NULL CHECK (json_valid(args_json)),
      response_json TEXT    NOT NULL CHECK (json_valid(response_json)),
      created_at_ms INTEGER NOT NULL,
      seq           INTEGER NOT NULL,
      PRIMARY KEY (session_id, execution_id)
    ) STRICT;
    CREATE INDEX tool_executions_session_seq ON tool_executions (session_id, seq);
    CREATE INDEX tool_executions_created_at ON tool_executions (created_at_ms);
  `,
};
