import type { TelemetryMigration } from '../telemetry-migration.js';

/**
 * The `upstream` column of `tool_calls` (issue 15): the model server behind a gateway row, whose
 * provider is `gateway`. Nullable, so rows written before it (and rows of the CLI) stay as they are.
 */
export const toolCallUpstreamMigration: TelemetryMigration = {
  version: 3,
  name: 'tool_call_upstream',
  sql: `
    ALTER TABLE tool_calls ADD COLUMN upstream TEXT CHECK (upstream IS NULL OR length(upstream) > 0);
  `,
};
