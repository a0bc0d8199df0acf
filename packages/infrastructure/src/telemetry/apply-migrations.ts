import type { Database } from 'better-sqlite3';
import type { TelemetryMigration } from './telemetry-migration.js';
import { describeStorageError, telemetryUnavailable } from './telemetry-unavailable.js';

/** How {@link applyMigrations} treats a database. */
export interface ApplyMigrationsOptions {
  /** The file, for messages. */
  readonly file: string;
  /** A read-only connection cannot migrate: a database behind `requiredVersion` is refused instead. */
  readonly readonly: boolean;
  /**
   * For a read-only connection, the schema version its reader needs; the latest by default. A
   * reader of tool calls needs only version 1, so a database no writer has upgraded yet (after an
   * update of acode) can still be read.
   */
  readonly requiredVersion?: number;
  /** When a step was applied, ISO 8601. */
  readonly now: () => string;
}

interface AppliedMigration {
  readonly version: number;
  readonly name: string;
}

/**
 * Brings the database to the last of `migrations`, one transaction per step recorded in
 * `schema_migrations`, so a crash leaves it at a whole version. Re-opening applies nothing.
 * Each step takes the write lock first (`BEGIN IMMEDIATE`) and re-reads the version, so two
 * processes opening a new file at once apply each step once.
 *
 * Throws ACODE-TEL-001 when the database is at a version newer than the code knows, holds a step
 * under another name (written by another program), is behind the code on a read-only
 * connection, or a step fails.
 */
export function applyMigrations(db: Database, migrations: readonly TelemetryMigration[], options: ApplyMigrationsOptions): void {
  const latest = migrations.at(-1)?.version ?? 0;
  if (!options.readonly) {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
  }
  const current = checkApplied(readApplied(db), migrations, options.file);
  if (current === latest) return;
  if (options.readonly) {
    const required = Math.min(options.requiredVersion ?? latest, latest);
    if (current >= required) return;
    throw telemetryUnavailable(
      `Telemetry database ${options.file} is at schema version ${current}, older than this acode's ${required}; open it for writing once (record a tool call) to upgrade it.`,
    );
  }
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    const step = db.transaction(() => {
      // Another process may have applied this step since the version was read.
      if (checkApplied(readApplied(db), migrations, options.file) >= migration.version) return;
      db.exec(migration.sql);
      insert.run(migration.version, migration.name, options.now());
    });
    try {
      step.immediate();
    } catch (error) {
      throw telemetryUnavailable(
        `Telemetry database ${options.file} could not be upgraded to schema version ${migration.version} (${migration.name}): ${describeStorageError(error)}.`,
        error,
      );
    }
  }
}

function readApplied(db: Database): readonly AppliedMigration[] {
  const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (table === undefined) return [];
  return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
}

/** The version the database is at, after checking it is one this code can read. */
function checkApplied(applied: readonly AppliedMigration[], migrations: readonly TelemetryMigration[], file: string): number {
  const latest = migrations.at(-1)?.version ?? 0;
  const newest = applied.at(-1)?.version ?? 0;
  if (newest > latest) {
    throw telemetryUnavailable(
      `Telemetry database ${file} is at schema version ${newest}, newer than this acode knows (${latest}); upgrade acode or point the telemetry path at another file.`,
    );
  }
  for (const [index, row] of applied.entries()) {
    // Steps are applied in order from 1, so the n-th row must be the n-th step.
    const known = migrations[index];
    if (known === undefined || known.version !== row.version || known.name !== row.name) {
      throw telemetryUnavailable(
        `Telemetry database ${file} holds schema step ${String(row.version).slice(0, 20)} "${String(row.name).slice(0, 64)}", which this acode did not write; point the telemetry path at another file.`,
      );
    }
  }
  return newest;
}
