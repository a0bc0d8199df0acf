/**
 * `@acode/infrastructure/telemetry`: the SQLite tool-call telemetry store (`SqliteTelemetryStore`) and its
 * migrations.
 *
 * Needs the optional peer dependency `better-sqlite3`: install it next to this package before
 * importing this entry.
 *
 * @packageDocumentation
 */
export { applyMigrations, type ApplyMigrationsOptions } from './apply-migrations.js';
export { batchedTelemetryStore, type BatchedTelemetryOptions, type BatchWritableTelemetryStore } from './batched-telemetry-store.js';
export { MAX_RECORD_LIST_LENGTH } from './find-record-problem.js';
export { GATEWAY_TELEMETRY_PROVIDER, gatewayTelemetryStore } from './gateway-telemetry-store.js';
export { TELEMETRY_MIGRATIONS } from './migrations/index.js';
export { parseIsoInstant } from './parse-iso-instant.js';
export { parseSince, type SinceParsing } from './parse-since.js';
export { resolveTelemetryPath, TELEMETRY_FILE_NAME, type TelemetryPathOptions } from './resolve-telemetry-path.js';
export { openTelemetryDatabase, TELEMETRY_BUSY_TIMEOUT_MS } from './open-telemetry-database.js';
export { SqliteTelemetryStore, type OpenTelemetryStoreOptions } from './sqlite-telemetry-store.js';
export { MAX_TELEMETRY_QUERY_ROWS } from './telemetry-filter.js';
export type { TelemetryMigration } from './telemetry-migration.js';
