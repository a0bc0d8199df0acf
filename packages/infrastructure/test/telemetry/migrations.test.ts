import { ERROR_CODES } from '@acode/domain';
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMigrations, SqliteTelemetryStore, TELEMETRY_MIGRATIONS, type TelemetryMigration } from '../../src/telemetry/index.js';
import { toolCallsMigration } from '../../src/telemetry/migrations/0001-tool-calls.js';
import { makeRecord, makeTempDir, openStore, thrownBy } from './telemetry-fixture.js';

const TEL = ERROR_CODES.TELEMETRY_UNAVAILABLE;
/** The schema version this code writes. */
const LATEST = TELEMETRY_MIGRATIONS.length;

/** Runs `work` on a plain better-sqlite3 connection to `file`, closed afterwards. */
function withRaw<T>(file: string, work: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function expectNoInternals(message: string): void {
  expect(message).not.toMatch(/\n\s+at |SqliteError|TypeError|RangeError|better-sqlite3/);
}

describe('telemetry migrations', () => {
  it('lists steps numbered from 1 without gaps, with distinct snake_case names', () => {
    expect(TELEMETRY_MIGRATIONS.map((step) => step.version)).toEqual(TELEMETRY_MIGRATIONS.map((_, index) => index + 1));
    const names = TELEMETRY_MIGRATIONS.map((step) => step.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('creates a fresh database, its directory, the schema and one schema_migrations row per step, in WAL mode', () => {
    const file = join(makeTempDir(), 'nested', '.agent', 'acode.db');
    openStore(file).close();
    withRaw(file, (db) => {
      expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual(TELEMETRY_MIGRATIONS.map(({ version, name }) => ({ version, name })));
      const appliedAt = (db.prepare('SELECT applied_at FROM schema_migrations').get() as { applied_at: string }).applied_at;
      expect(new Date(appliedAt).toISOString()).toBe(appliedAt);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'tool_calls' ORDER BY name").pluck().all();
      expect(indexes).toEqual(expect.arrayContaining(['tool_calls_correlation_id', 'tool_calls_provider_timestamp']));
    });
  });

  it('applies nothing again on re-open and keeps the rows', () => {
    const file = join(makeTempDir(), 'acode.db');
    const first = openStore(file);
    first.record(makeRecord({ callId: 'kept' }));
    first.close();
    const before = withRaw(file, (db) => db.prepare('SELECT * FROM schema_migrations').all());
    const second = openStore(file);
    expect(second.query().map((row) => row.callId)).toEqual(['kept']);
    second.close();
    expect(withRaw(file, (db) => db.prepare('SELECT * FROM schema_migrations').all())).toEqual(before);
  });

  it('adds the upstream column to a database of version 2, keeping its rows', () => {
    const file = join(makeTempDir(), 'acode.db');
    withRaw(file, (db) => {
      const early = TELEMETRY_MIGRATIONS.filter((step) => step.version <= 2);
      applyMigrations(db, early, { file, readonly: false, now: () => '2025-01-15T00:00:00.000Z' });
    });
    const before = openStore(file, { readonly: true });
    expect(before.query()).toEqual([]);
    before.close();
    const writer = openStore(file);
    writer.record(makeRecord({ provider: 'gateway', upstream: 'vllm' }));
    expect(writer.query()[0]).toMatchObject({ provider: 'gateway', upstream: 'vllm' });
    withRaw(file, (db) => expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(LATEST));
  });

  it('treats an empty file as a new database', () => {
    const file = join(makeTempDir(), 'acode.db');
    writeFileSync(file, '');
    openStore(file).record(makeRecord());
    expect(openStore(file, { readonly: true }).query()).toHaveLength(1);
  });

  it('works in memory', () => {
    const store = openStore(':memory:');
    store.record(makeRecord());
    expect(store.stats().total).toBe(1);
  });

  it('refuses a database at a version newer than the code knows, and leaves it as it was', () => {
    const file = join(makeTempDir(), 'acode.db');
    openStore(file).close();
    withRaw(file, (db) => db.prepare("INSERT INTO schema_migrations VALUES (?, 'from_the_future', '2030-01-01T00:00:00.000Z')").run(LATEST + 1));
    const error = thrownBy(() => SqliteTelemetryStore.open(file));
    expect(error.code).toBe(TEL);
    expect(error.message).toBe(
      `Telemetry database ${file} is at schema version ${LATEST + 1}, newer than this acode knows (${LATEST}); upgrade acode or point the telemetry path at another file.`,
    );
    expect(thrownBy(() => SqliteTelemetryStore.open(file, { readonly: true })).message).toBe(error.message);
    expect(withRaw(file, (db) => db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get())).toBe(LATEST + 1);
  });

  it('refuses a database whose schema steps another program wrote', () => {
    const file = join(makeTempDir(), 'acode.db');
    openStore(file).close();
    withRaw(file, (db) => db.prepare("UPDATE schema_migrations SET name = 'other_tool' WHERE version = 1").run());
    const error = thrownBy(() => SqliteTelemetryStore.open(file));
    expect(error).toMatchObject({
      code: TEL,
      message: `Telemetry database ${file} holds schema step 1 "other_tool", which this acode did not write; point the telemetry path at another file.`,
    });
  });

  it('refuses a SQLite file of another program that already has a tool_calls table, and rolls the step back', () => {
    const file = join(makeTempDir(), 'other.db');
    withRaw(file, (db) => db.exec('CREATE TABLE tool_calls (anything TEXT)'));
    const error = thrownBy(() => SqliteTelemetryStore.open(file));
    expect(error.code).toBe(TEL);
    expect(error.message).toBe(`Telemetry database ${file} could not be upgraded to schema version 1 (tool_calls): table tool_calls already exists.`);
    expect(withRaw(file, (db) => db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get())).toBe(0);
  });

  it.each([
    ['text', Buffer.from('this is not a database, just words\n'.repeat(200))],
    ['random bytes', Buffer.from(Array.from({ length: 8192 }, (_, index) => (index * 7919 + 13) % 256))],
    ['a truncated SQLite header', Buffer.from('SQLite format 3\u0000\u0010\u0000')],
  ])('refuses a file of %s with ACODE-TEL-001, no stack, and does not overwrite it', (_kind, bytes) => {
    const file = join(makeTempDir(), 'acode.db');
    writeFileSync(file, bytes);
    for (const options of [{}, { readonly: true }]) {
      const error = thrownBy(() => SqliteTelemetryStore.open(file, options));
      expect(error.code).toBe(TEL);
      expect(error.message).toMatch(new RegExp(`^Telemetry database .*acode\\.db cannot be opened: (file is not a database|database disk image is malformed)\\.$`));
      expectNoInternals(error.message);
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a path that is a directory, and a parent that is a file', () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, 'a-directory'));
    const onDirectory = thrownBy(() => SqliteTelemetryStore.open(join(dir, 'a-directory')));
    expect(onDirectory.code).toBe(TEL);
    expect(onDirectory.message).toMatch(/^Telemetry database .*a-directory cannot be opened: .+\.$/);
    expectNoInternals(onDirectory.message);

    writeFileSync(join(dir, 'a-file'), 'x');
    const underFile = thrownBy(() => SqliteTelemetryStore.open(join(dir, 'a-file', 'acode.db')));
    expect(underFile.code).toBe(TEL);
    expect(underFile.message).toMatch(/^Telemetry database .*acode\.db cannot be created: .+\.$/);
    expectNoInternals(underFile.message);
  });

  describe('read only', () => {
    it('refuses a missing file without creating it', () => {
      const file = join(makeTempDir(), '.agent', 'acode.db');
      expect(thrownBy(() => SqliteTelemetryStore.open(file, { readonly: true }))).toMatchObject({
        code: TEL,
        message: `No telemetry database at ${file}: no tool call has been recorded there yet.`,
      });
      expect(() => readFileSync(file)).toThrow();
    });

    it('reads a migrated file and refuses to write to it', () => {
      const file = join(makeTempDir(), 'acode.db');
      openStore(file).record(makeRecord());
      const reader = openStore(file, { readonly: true });
      expect(reader.query()).toHaveLength(1);
      const error = thrownBy(() => reader.record(makeRecord()));
      expect(error.code).toBe(TEL);
      expect(error.message).toBe(`Telemetry database ${file} could not record a tool call: attempt to write a readonly database.`);
    });

    it('reads tool calls from a database a previous acode wrote (version 1) without upgrading it', () => {
      const file = join(makeTempDir(), 'acode.db');
      withRaw(file, (db) => {
        db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
        db.exec(toolCallsMigration.sql);
        db.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)').run(toolCallsMigration.name, '2025-01-15T00:00:00.000Z');
      });
      withRaw(file, (db) =>
        db
          .prepare(
            `INSERT INTO tool_calls (timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes,
              parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens)
             VALUES ('2025-01-15T00:00:00.000Z', 'c', 'ollama', 'llama3.2', 'read_file', 'call_1', 'retried', '[]', 1, '[]', 0, 0, 5, 0, 0, 0)`,
          )
          .run(),
      );
      const reader = openStore(file, { readonly: true });
      // Without migration 0003's column: rows have no upstream, and stats still break down by model.
      expect(reader.query()).toEqual([expect.not.objectContaining({ upstream: expect.anything() })]);
      expect(reader.stats()).toMatchObject({ total: 1, retries: 1, models: [{ model: 'llama3.2', calls: 1 }] });
      reader.close();
      withRaw(file, (db) => expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(1));
    });

    it('refuses a database behind the code, since it cannot migrate it', () => {
      const file = join(makeTempDir(), 'acode.db');
      withRaw(file, (db) => db.exec('CREATE TABLE unrelated (a)'));
      expect(thrownBy(() => SqliteTelemetryStore.open(file, { readonly: true }))).toMatchObject({
        code: TEL,
        message: `Telemetry database ${file} is at schema version 0, older than this acode's 1; open it for writing once (record a tool call) to upgrade it.`,
      });
    });
  });

  describe('applyMigrations', () => {
    const options = (file: string) => ({ file, readonly: false, now: () => '2025-01-15T00:00:00.000Z' });

    it('applies each step in its own transaction: a failing step leaves the database at the step before', () => {
      const file = join(makeTempDir(), 'steps.db');
      const steps: TelemetryMigration[] = [
        { version: 1, name: 'first', sql: 'CREATE TABLE first (a INTEGER) STRICT' },
        { version: 2, name: 'second', sql: 'CREATE TABLE second_ok (a INTEGER) STRICT; CREATE TABLE second_broken (' },
      ];
      withRaw(file, (db) => {
        const error = thrownBy(() => applyMigrations(db, steps, options(file)));
        expect(error.code).toBe(TEL);
        expect(error.message).toMatch(new RegExp(`^Telemetry database .*steps\\.db could not be upgraded to schema version 2 \\(second\\): .+\\.$`));
        expect(db.prepare('SELECT version, name, applied_at FROM schema_migrations').all()).toEqual([
          { version: 1, name: 'first', applied_at: '2025-01-15T00:00:00.000Z' },
        ]);
        const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
        expect(tables).toEqual(['first', 'schema_migrations']);
      });
    });

    it('applies only the steps a database lacks', () => {
      const file = join(makeTempDir(), 'steps.db');
      const first: TelemetryMigration = { version: 1, name: 'first', sql: 'CREATE TABLE first (a INTEGER) STRICT' };
      const second: TelemetryMigration = { version: 2, name: 'second', sql: 'CREATE TABLE second (a INTEGER) STRICT' };
      withRaw(file, (db) => {
        applyMigrations(db, [first], options(file));
        applyMigrations(db, [first, second], options(file));
        applyMigrations(db, [first, second], options(file));
        expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2]);
      });
    });
  });
});
