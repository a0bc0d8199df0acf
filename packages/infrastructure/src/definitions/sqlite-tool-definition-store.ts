import { AcodeException, type IToolDefinitionStore, type IWallClock, type NewToolDefinition } from '@acode/application';
import {
  canonicalJson,
  compareSemVer,
  DEFAULT_TOOL_CATEGORY,
  formatSemVer,
  isToolCategory,
  LICENSE_TIERS,
  parseSemVer,
  type LicenseTier,
  type ToolDefinition,
  type ToolDefinitionRecord,
} from '@acode/domain';
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { openTelemetryDatabase } from '../telemetry/open-telemetry-database.js';
import { PreparedStatements } from '../telemetry/prepared-statements.js';
import { describeStorageError } from '../telemetry/telemetry-unavailable.js';
import {
  builtInNameTaken,
  builtInProtected,
  definitionNotStorable,
  definitionStoreUnavailable,
  duplicateStoredDefinition,
  storedDefinitionNotFound,
} from './definition-store-errors.js';
import { propertyOrderedJson } from './property-ordered-json.js';

/** How {@link SqliteToolDefinitionStore.open} sets the store up. */
export interface SqliteToolDefinitionStoreOptions {
  /** Where `created_at` and `updated_at` come from; the system clock by default. */
  readonly clock?: IWallClock;
}

interface DefinitionRow {
  readonly id: string;
  readonly definition_json: string;
  readonly is_built_in: number;
  readonly license_tier: string;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A definition checked storable, with its canonical JSON and the column values taken from it. */
interface StorableDefinition {
  readonly definition: ToolDefinition;
  readonly json: string;
  readonly columns: Readonly<Record<string, string | number | null>>;
}

const MAX_NAME_LENGTH = 64;
const MAX_VERSION_LENGTH = 256;
const MAX_CREATED_BY_LENGTH = 256;

const COLUMNS = 'id, definition_json, is_built_in, license_tier, created_by, created_at, updated_at';

/** A built-in row whose name or one of whose aliases equals (without case) one of the JSON array `@names`. */
const BUILT_IN_TAKEN_SQL = `
  SELECT d.name AS built_in, n.value AS taken
  FROM tool_definitions d, json_each(@names) n
  WHERE d.is_built_in = 1
    AND (lower(d.name) = lower(n.value)
      OR EXISTS (SELECT 1 FROM json_each(d.definition_json, '$.aliases') a WHERE lower(a.value) = lower(n.value)))
  LIMIT 1`;

/**
 * The stored tool definitions (issue 16 item 1, 001 §6) in the project's SQLite database: the
 * `tool_definitions` table of `.agent/acode.db`, opened by `openTelemetryDatabase` (WAL,
 * `synchronous = FULL`, migrations) beside telemetry and the execution store.
 *
 * Every write is one `BEGIN IMMEDIATE` transaction that reads what it checks after taking the write
 * lock, so of two connections (or processes) creating one name and version, exactly one succeeds
 * and the other gets ACODE-TDS-002; a refused write leaves nothing behind. The table's
 * `UNIQUE (name COLLATE NOCASE, version_key)` backs the check. Built-in rows are never modified or
 * deleted, and no custom definition takes a built-in's name or alias (ACODE-TDS-003).
 *
 * The store checks only that a definition can be stored (JSON, a name of at most 64 characters, a
 * version, a known category): the domain rules and tier limits are the caller's, before it writes.
 * Storage failures are ACODE-TDS-001 naming the file.
 */
export class SqliteToolDefinitionStore implements IToolDefinitionStore {
  /** The file, as given to {@link SqliteToolDefinitionStore.open}. */
  readonly file: string;
  readonly #db: Database.Database;
  readonly #statements: PreparedStatements;
  readonly #clock: IWallClock;

  private constructor(db: Database.Database, file: string, clock: IWallClock) {
    this.#db = db;
    this.#statements = new PreparedStatements(db);
    this.file = file;
    this.#clock = clock;
  }

  /** Opens (creating and migrating it when needed) the database at `file`, or `:memory:`. Throws ACODE-TDS-001. */
  static open(file: string, options: SqliteToolDefinitionStoreOptions = {}): SqliteToolDefinitionStore {
    let db: Database.Database;
    try {
      db = openTelemetryDatabase(file);
    } catch (error) {
      // The opener's sentence names the file and the reason; only the code changes.
      const message = error instanceof AcodeException ? error.message : `Tool definition store ${file} cannot be opened: ${describeStorageError(error)}.`;
      throw definitionStoreUnavailable(message, error);
    }
    return new SqliteToolDefinitionStore(db, file, options.clock ?? { nowEpochMs: () => Date.now() });
  }

  /** Every stored definition, by name (without case), then version by semver precedence. */
  list(): readonly ToolDefinitionRecord[] {
    const rows = this.#run('list the stored definitions', () => this.#statement(`SELECT ${COLUMNS} FROM tool_definitions`).all()) as DefinitionRow[];
    return rows.map((row) => this.#toRecord(row)).sort(compareRecords);
  }

  get(id: string): ToolDefinitionRecord | undefined {
    if (typeof id !== 'string') return undefined;
    const row = this.#run('read a stored definition', () => this.#selectById(id));
    return row === undefined ? undefined : this.#toRecord(row);
  }

  countCustom(): number {
    return this.#run('count the custom definitions', () => this.#statement('SELECT COUNT(*) FROM tool_definitions WHERE is_built_in = 0').pluck().get()) as number;
  }

  /**
   * Stores a new definition under a new UUID. Throws ACODE-TDS-002 when a stored definition has its
   * name (any case) and version, ACODE-TDS-003 when a custom definition's name or an alias is a
   * built-in's, ACODE-DEF-001 when it cannot be stored at all.
   */
  create(input: NewToolDefinition): ToolDefinitionRecord {
    const storable = toStorable(input.definition);
    const isBuiltIn = input.isBuiltIn === true;
    const licenseTier = checkLicenseTier(input.licenseTier);
    const createdBy = checkCreatedBy(input.createdBy);
    const id = randomUUID();
    return this.#transaction('create a stored definition', () => {
      const now = this.#now();
      if (!isBuiltIn) this.#refuseBuiltInNames(storable.definition);
      this.#refuseDuplicate(storable, undefined);
      this.#statement(
        `INSERT INTO tool_definitions (id, name, description, category, parameters_json, output_schema_json, constraints_json,
           required_permissions_json, requires_confirmation, version, version_key, metadata_json, definition_json, is_built_in,
           license_tier, created_by, created_at, updated_at)
         VALUES (@id, @name, @description, @category, @parameters_json, @output_schema_json, @constraints_json,
           @required_permissions_json, @requires_confirmation, @version, @version_key, @metadata_json, @definition_json, @is_built_in,
           @license_tier, @created_by, @created_at, @updated_at)`,
      ).run({ ...storable.columns, id, is_built_in: isBuiltIn ? 1 : 0, license_tier: licenseTier, created_by: createdBy ?? null, created_at: now, updated_at: now });
      return this.#mustSelect(id);
    });
  }

  /**
   * Replaces the definition stored under `id`; its tier, creator and creation time stay.
   * `changedFields` are the top-level definition keys whose canonical JSON differs (a key present on
   * one side only counts), sorted; when there are none nothing is written and `updatedAt` stays.
   * Throws ACODE-TDS-004 for an unknown id, ACODE-TDS-003 for a built-in (or a new name or alias
   * that is a built-in's), ACODE-TDS-002 when the new name and version are another row's.
   */
  update(id: string, definition: ToolDefinition): { readonly record: ToolDefinitionRecord; readonly changedFields: readonly string[] } {
    const storable = toStorable(definition);
    return this.#transaction('update a stored definition', () => {
      const row = typeof id === 'string' ? this.#selectById(id) : undefined;
      if (row === undefined) throw storedDefinitionNotFound(String(id));
      const before = this.#toRecord(row);
      if (before.isBuiltIn) throw builtInProtected(before.definition.name, 'modified');
      const changedFields = changedTopLevelFields(before.definition, storable.definition);
      if (changedFields.length === 0) return { record: before, changedFields };
      this.#refuseBuiltInNames(storable.definition);
      this.#refuseDuplicate(storable, id);
      this.#statement(
        `UPDATE tool_definitions SET name = @name, description = @description, category = @category, parameters_json = @parameters_json,
           output_schema_json = @output_schema_json, constraints_json = @constraints_json, required_permissions_json = @required_permissions_json,
           requires_confirmation = @requires_confirmation, version = @version, version_key = @version_key, metadata_json = @metadata_json,
           definition_json = @definition_json, updated_at = @updated_at
         WHERE id = @id`,
      ).run({ ...storable.columns, id, updated_at: this.#now() });
      return { record: this.#mustSelect(id), changedFields };
    });
  }

  /** Deletes the definition stored under `id` and returns it; `undefined` for an unknown id. Throws ACODE-TDS-003 for a built-in. */
  delete(id: string): ToolDefinitionRecord | undefined {
    if (typeof id !== 'string') return undefined;
    return this.#transaction('delete a stored definition', () => {
      const row = this.#selectById(id);
      if (row === undefined) return undefined;
      const record = this.#toRecord(row);
      if (record.isBuiltIn) throw builtInProtected(record.definition.name, 'deleted');
      this.#statement('DELETE FROM tool_definitions WHERE id = ?').run(id);
      return record;
    });
  }

  /** Closes the connection; later calls fail with ACODE-TDS-001. Closing twice does nothing. */
  close(): void {
    this.#statements.close();
  }

  #selectById(id: string): DefinitionRow | undefined {
    return this.#statement(`SELECT ${COLUMNS} FROM tool_definitions WHERE id = ?`).get(id) as DefinitionRow | undefined;
  }

  /** The row just written, read back in the same transaction so the caller gets exactly what was committed. */
  #mustSelect(id: string): ToolDefinitionRecord {
    const row = this.#selectById(id);
    if (row === undefined) throw definitionStoreUnavailable(`Tool definition store ${this.file} lost the row it wrote (id ${id}).`);
    return this.#toRecord(row);
  }

  /** Inside a write transaction: ACODE-TDS-003 when the definition's name or an alias is a built-in row's name or alias. */
  #refuseBuiltInNames(definition: ToolDefinition): void {
    const names = JSON.stringify([definition.name, ...(Array.isArray(definition.aliases) ? definition.aliases.filter((alias) => typeof alias === 'string') : [])]);
    const hit = this.#statement(BUILT_IN_TAKEN_SQL).get({ names }) as { built_in: string; taken: string } | undefined;
    if (hit !== undefined) throw builtInNameTaken(hit.taken, hit.built_in);
  }

  /** Inside a write transaction: ACODE-TDS-002 when another row (not `exceptId`) has this name (any case) and version. */
  #refuseDuplicate(storable: StorableDefinition, exceptId: string | undefined): void {
    const existing = this.#statement('SELECT id FROM tool_definitions WHERE name = ? COLLATE NOCASE AND version_key = ? AND id IS NOT ?')
      .pluck()
      .get(storable.definition.name, storable.columns['version_key'], exceptId ?? null) as string | undefined;
    if (existing !== undefined) throw duplicateStoredDefinition(storable.definition.name, storable.definition.version, existing);
  }

  #toRecord(row: DefinitionRow): ToolDefinitionRecord {
    let definition: unknown;
    try {
      definition = JSON.parse(row.definition_json);
    } catch {
      definition = undefined;
    }
    if (!isPlainObject(definition) || typeof definition['name'] !== 'string' || typeof definition['version'] !== 'string') {
      throw definitionStoreUnavailable(`Tool definition store ${this.file} holds an unreadable definition (id ${row.id}).`);
    }
    return {
      id: row.id,
      definition: definition as unknown as ToolDefinition,
      isBuiltIn: row.is_built_in === 1,
      licenseTier: row.license_tier as LicenseTier,
      ...(row.created_by === null ? {} : { createdBy: row.created_by }),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  #now(): string {
    return new Date(this.#clock.nowEpochMs()).toISOString();
  }

  #statement(sql: string): Database.Statement {
    return this.#statements.get(sql);
  }

  /** `work` in a `BEGIN IMMEDIATE` transaction: the write lock is taken before anything is read, and a throw rolls it all back. */
  #transaction<T>(action: string, work: () => T): T {
    return this.#run(action, () => this.#db.transaction(work).immediate());
  }

  #run<T>(action: string, work: () => T): T {
    if (!this.#db.open) throw definitionStoreUnavailable(`Tool definition store ${this.file} is closed: cannot ${action}.`);
    try {
      return work();
    } catch (error) {
      // The store's own refusals (duplicate, built-in, not found) pass through with their codes.
      if (error instanceof AcodeException) throw error;
      throw definitionStoreUnavailable(`Tool definition store ${this.file} could not ${action}: ${describeStorageError(error)}.`, error);
    }
  }
}

/** Checks what the table needs and derives its columns; ACODE-DEF-001 otherwise. */
function toStorable(definition: ToolDefinition): StorableDefinition {
  if (!isPlainObject(definition)) throw definitionNotStorable('it is not an object');
  if (canonicalJson(definition) === undefined) throw definitionNotStorable('it is not JSON data (a value that is undefined, a function, not finite, or nested too deeply)');
  // Parameters keep their order; every other key is sorted, as in canonical JSON.
  const json = propertyOrderedJson(definition);
  // A fresh copy: the caller's object is neither kept nor frozen, and what is stored is what JSON keeps.
  const copy = JSON.parse(json) as ToolDefinition;
  const { name, version, category } = copy as { name: unknown; version: unknown; category?: unknown };
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) throw definitionNotStorable(`'name' must be text of 1 to ${MAX_NAME_LENGTH} characters`);
  if (typeof version !== 'string' || version.length === 0 || version.length > MAX_VERSION_LENGTH) {
    throw definitionNotStorable(`'version' must be text of 1 to ${MAX_VERSION_LENGTH} characters`);
  }
  if (category !== undefined && !isToolCategory(category)) throw definitionNotStorable(`'category' ${JSON.stringify(category).slice(0, 40)} is not a known category`);
  if (!isPlainObject(copy.parameters)) throw definitionNotStorable("'parameters' must be a JSON Schema object");
  const semver = parseSemVer(version);
  return {
    definition: copy,
    json,
    columns: {
      name,
      description: typeof copy.description === 'string' ? copy.description : '',
      category: copy.category ?? DEFAULT_TOOL_CATEGORY,
      parameters_json: canonicalField(copy.parameters) ?? '{}',
      output_schema_json: isPlainObject(copy.outputSchema) ? canonicalField(copy.outputSchema) : null,
      constraints_json: isPlainObject(copy.constraints) ? canonicalField(copy.constraints) : null,
      required_permissions_json: Array.isArray(copy.requiredPermissions) ? canonicalField(copy.requiredPermissions) : null,
      requires_confirmation: copy.requiresConfirmation === true ? 1 : 0,
      version,
      // Build metadata does not make another version (semver §10), here as in the registry.
      version_key: semver === undefined ? version : formatSemVer(semver, false),
      metadata_json: isPlainObject(copy.metadata) ? canonicalField(copy.metadata) : null,
      definition_json: json,
    },
  };
}

function canonicalField(value: unknown): string | null {
  return canonicalJson(value) ?? null;
}

function checkLicenseTier(tier: unknown): LicenseTier {
  if (typeof tier === 'string' && (LICENSE_TIERS as readonly string[]).includes(tier)) return tier as LicenseTier;
  throw definitionNotStorable(`the license tier must be one of ${LICENSE_TIERS.join(', ')}`);
}

function checkCreatedBy(createdBy: unknown): string | undefined {
  if (createdBy === undefined) return undefined;
  if (typeof createdBy === 'string' && createdBy.length > 0 && createdBy.length <= MAX_CREATED_BY_LENGTH) return createdBy;
  throw definitionNotStorable(`'createdBy' must be text of 1 to ${MAX_CREATED_BY_LENGTH} characters`);
}

/** The top-level keys of either definition whose stored JSON differs (other key order is no change, other parameter order is), sorted. */
export function changedTopLevelFields(before: ToolDefinition, after: ToolDefinition): string[] {
  const left = before as unknown as Record<string, unknown>;
  const right = after as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  const text = (value: unknown) => (value === undefined ? undefined : propertyOrderedJson(value));
  return [...keys].filter((key) => text(left[key]) !== text(right[key])).sort();
}

function compareRecords(a: ToolDefinitionRecord, b: ToolDefinitionRecord): number {
  const left = a.definition.name.toLowerCase();
  const right = b.definition.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  const leftVersion = parseSemVer(a.definition.version);
  const rightVersion = parseSemVer(b.definition.version);
  // A version that is not semver (the domain rules refuse it; the table does not) sorts as text.
  const byVersion = leftVersion !== undefined && rightVersion !== undefined ? compareSemVer(leftVersion, rightVersion) : compareText(a.definition.version, b.definition.version);
  return byVersion || compareText(a.id, b.id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
