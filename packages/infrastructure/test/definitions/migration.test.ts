import { ERROR_CODES } from '@acode/domain';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteToolExecutionStore } from '../../src/execution/index.js';
import { applyMigrations, SqliteTelemetryStore, TELEMETRY_MIGRATIONS } from '../../src/telemetry/index.js';
import { toolDefinitionsMigration } from '../../src/telemetry/migrations/0004-tool-definitions.js';
import { makeDefinition, makeTempDir, openDefinitionStore, thrownBy, withRaw } from './definition-fixture.js';

/** The schema version before the definition store: what a project's `.agent/acode.db` is at today. */
const TODAY = toolDefinitionsMigration.version - 1;

/** A database at version 3 (0001..0003 applied) holding tool calls, a confirmation token and a stored result. */
function todaysDatabase(): string {
  const file = join(makeTempDir(), '.agent', 'acode.db');
  mkdirSync(dirname(file));
  withRaw(file, (db) => {
    applyMigrations(
      db,
      TELEMETRY_MIGRATIONS.filter((step) => step.version <= TODAY),
      { file, readonly: false, now: () => '2026-01-15T00:00:00.000Z' },
    );
    const insert = db.prepare(
      `INSERT INTO tool_calls (timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes,
        parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens, upstream)
       VALUES (?, 'corr', ?, 'llama3.2', 'file_read', ?, 'success', '[]', 0, '[]', 0.5, 0, 0, 10, 5, 15, ?)`,
    );
    insert.run('2026-01-15T10:00:00.000Z', 'ollama', 'call_1', null);
    insert.run('2026-01-15T10:00:01.000Z', 'gateway', 'call_2', 'vllm');
    db.prepare(
      `INSERT INTO tool_executions (session_id, execution_id, tool, args_sha256, args_json, response_json, created_at_ms, seq)
       VALUES ('s', 'e', 'file_read', ?, '{}', '{"ok":true}', 1, 1)`,
    ).run('a'.repeat(64));
  });
  return file;
}

/** Everything a migration must keep, by table. */
function snapshot(file: string): Record<string, unknown[]> {
  return withRaw(file, (db) => ({
    tool_calls: db.prepare('SELECT * FROM tool_calls ORDER BY id').all(),
    tool_executions: db.prepare('SELECT * FROM tool_executions').all(),
    confirmation_tokens: db.prepare('SELECT * FROM confirmation_tokens').all(),
  }));
}

describe('migration 0004: tool_definitions', () => {
  it('is the step after the telemetry and execution tables', () => {
    expect(TELEMETRY_MIGRATIONS[TODAY]).toBe(toolDefinitionsMigration);
    expect(toolDefinitionsMigration).toMatchObject({ version: 4, name: 'tool_definitions' });
    expect(TELEMETRY_MIGRATIONS.map((step) => step.version)).toEqual(TELEMETRY_MIGRATIONS.map((_, index) => index + 1));
  });

  it("upgrades today's database when the definition store opens it, keeping every row of the other tables", () => {
    const file = todaysDatabase();
    const before = snapshot(file);
    expect(before['tool_calls']).toHaveLength(2);

    const store = openDefinitionStore(file);
    expect(store.list()).toEqual([]);
    const created = store.create({ definition: makeDefinition(), licenseTier: 'teams' });

    // Every row kept; the later live-view step only adds empty columns to tool_calls.
    const after = snapshot(file);
    expect(after['tool_calls']).toEqual(before['tool_calls']!.map((row) => ({ ...(row as object), route: null, text_format: null, upstream_ms: null, attempts: null })));
    expect({ ...after, tool_calls: [] }).toEqual({ ...before, tool_calls: [] });
    withRaw(file, (db) => {
      expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual(TELEMETRY_MIGRATIONS.map(({ version, name }) => ({ version, name })));
      // The earlier steps' rows are left as they were written.
      expect(db.prepare('SELECT applied_at FROM schema_migrations WHERE version <= ?').pluck().all(TODAY)).toEqual(Array(TODAY).fill('2026-01-15T00:00:00.000Z'));
      const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'tool_definitions' AND sql IS NOT NULL ORDER BY name").pluck().all();
      expect(indexes).toEqual(['tool_definitions_category', 'tool_definitions_license_tier', 'tool_definitions_name']);
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('tool_definitions');
      expect(columns).toEqual(expect.arrayContaining([
        'id', 'name', 'description', 'category', 'parameters_json', 'output_schema_json', 'constraints_json', 'required_permissions_json',
        'requires_confirmation', 'version', 'metadata_json', 'definition_json', 'is_built_in', 'license_tier', 'created_by', 'created_at', 'updated_at',
      ]));
    });

    // The other stores still read and write the upgraded file.
    const telemetry = SqliteTelemetryStore.open(file);
    expect(telemetry.query().map((row) => row.callId).sort()).toEqual(['call_1', 'call_2']);
    telemetry.close();
    const executions = SqliteToolExecutionStore.open(file);
    expect(executions.findExecution('s', 'e')?.tool).toBe('file_read');
    executions.close();
    expect(store.get(created.id)?.definition).toEqual(makeDefinition());
  });

  it("lets a read-only telemetry reader read today's database before any writer upgraded it", () => {
    const file = todaysDatabase();
    const reader = SqliteTelemetryStore.open(file, { readonly: true });
    expect(reader.query()).toHaveLength(2);
    reader.close();
    withRaw(file, (db) => expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(TODAY));
  });

  it('upgrades from a telemetry writer too, so the table exists whichever store opens the file first', () => {
    const file = todaysDatabase();
    SqliteTelemetryStore.open(file).close();
    withRaw(file, (db) => expect(db.prepare("SELECT COUNT(*) FROM sqlite_schema WHERE name = 'tool_definitions'").pluck().get()).toBe(1));
  });

  it('applies nothing again on reopen', () => {
    const file = todaysDatabase();
    openDefinitionStore(file).close();
    const before = withRaw(file, (db) => db.prepare('SELECT * FROM schema_migrations').all());
    openDefinitionStore(file).close();
    expect(withRaw(file, (db) => db.prepare('SELECT * FROM schema_migrations').all())).toEqual(before);
  });

  it('refuses, with ACODE-TDS-001 and nothing applied, a file where another program made a tool_definitions table', () => {
    const file = todaysDatabase();
    withRaw(file, (db) => db.exec('CREATE TABLE tool_definitions (anything TEXT)'));
    const error = thrownBy(() => openDefinitionStore(file));
    expect(error.code).toBe(ERROR_CODES.DEFINITION_STORE_UNAVAILABLE);
    expect(error.message).toBe(`Telemetry database ${file} could not be upgraded to schema version 4 (tool_definitions): table tool_definitions already exists.`);
    withRaw(file, (db) => expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(TODAY));
    expect(snapshot(file)['tool_calls']).toHaveLength(2);
  });
});
