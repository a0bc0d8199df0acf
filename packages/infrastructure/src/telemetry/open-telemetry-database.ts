import { AcodeException } from '@acode/application';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { applyMigrations } from './apply-migrations.js';
import { TELEMETRY_MIGRATIONS } from './migrations/index.js';
import { describeStorageError, telemetryUnavailable } from './telemetry-unavailable.js';

/** How long a statement waits for another connection's lock before failing (`busy_timeout`). */
export const TELEMETRY_BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating it and its directory when writable) the project's SQLite database at `file`, or
 * an in-memory one for `:memory:`, configured (WAL, `synchronous = FULL`, `trusted_schema = OFF`)
 * and brought to this code's schema version. Shared by every store kept in that file.
 *
 * Throws ACODE-TEL-001 when the file cannot be created or opened, is not a SQLite database,
 * was written by a newer acode or another program, or (read only) does not exist or is behind.
 */
export function openTelemetryDatabase(file: string, options: { readonly readonly?: boolean; readonly requiredVersion?: number } = {}): Database.Database {
  const readonly = options.readonly === true;
  const inMemory = file === ':memory:';
  if (!inMemory && readonly && !existsSync(file)) {
    throw telemetryUnavailable(`No telemetry database at ${file}: no tool call has been recorded there yet.`);
  }
  if (!inMemory && !readonly) {
    try {
      mkdirSync(dirname(resolve(file)), { recursive: true });
    } catch (error) {
      throw telemetryUnavailable(`Telemetry database ${file} cannot be created: ${describeStorageError(error)}.`, error);
    }
  }
  let db: Database.Database;
  try {
    db = new Database(file, { readonly, fileMustExist: readonly, timeout: TELEMETRY_BUSY_TIMEOUT_MS });
  } catch (error) {
    throw telemetryUnavailable(`Telemetry database ${file} cannot be opened: ${describeStorageError(error)}.`, error);
  }
  try {
    configure(db, readonly);
    applyMigrations(db, TELEMETRY_MIGRATIONS, { file, readonly, now: () => new Date().toISOString(), ...(options.requiredVersion === undefined ? {} : { requiredVersion: options.requiredVersion }) });
  } catch (error) {
    db.close();
    if (error instanceof AcodeException) throw error;
    throw telemetryUnavailable(`Telemetry database ${file} cannot be opened: ${describeStorageError(error)}.`, error);
  }
  return db;
}

/** WAL, fsync at every commit, foreign keys, and no trust in SQL found inside the file. */
function configure(db: Database.Database, readonly: boolean): void {
  // A file that is not a database fails here, on its first read.
  db.pragma('foreign_keys = ON');
  db.pragma('trusted_schema = OFF');
  if (readonly) {
    db.prepare('SELECT COUNT(*) FROM sqlite_schema').get();
    return;
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
}
