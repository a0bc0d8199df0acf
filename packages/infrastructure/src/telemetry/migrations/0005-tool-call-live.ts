import type { TelemetryMigration } from '../telemetry-migration.js';

/**
 * What the host's live view shows beyond the first columns: the gateway route a call came in by,
 * the text-call format it was read from, the model's time for the whole request and the model
 * requests it took. Nullable, so rows written before (and the CLI's rows, which have no route)
 * stay readable. The index serves the live view's aggregates of a period, one model's or every
 * model's: it covers every column they read, so a period is read from the index alone, never
 * from the (much wider) rows.
 */
export const toolCallLiveMigration: TelemetryMigration = {
  version: 5,
  name: 'tool_call_live',
  sql: `
    ALTER TABLE tool_calls ADD COLUMN route TEXT CHECK (route IS NULL OR length(route) BETWEEN 1 AND 64);
    ALTER TABLE tool_calls ADD COLUMN text_format TEXT CHECK (text_format IS NULL OR length(text_format) BETWEEN 1 AND 64);
    ALTER TABLE tool_calls ADD COLUMN upstream_ms REAL CHECK (upstream_ms IS NULL OR upstream_ms >= 0);
    ALTER TABLE tool_calls ADD COLUMN attempts INTEGER CHECK (attempts IS NULL OR attempts >= 1);
    CREATE INDEX tool_calls_live_stats ON tool_calls (provider, timestamp, model, parse_result, upstream, tool, text_format, upstream_ms, correlation_id, repairs);
  `,
};
