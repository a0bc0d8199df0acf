import { ERROR_CODES } from '@acode/domain';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedTopLevelFields, SqliteToolDefinitionStore } from '../../src/definitions/index.js';
import { makeDefinition, makeFullDefinition, makeTempDir, openDefinitionStore, rawRows, thrownBy, withRaw } from './definition-fixture.js';

const DUPLICATE = ERROR_CODES.DEFINITION_STORE_DUPLICATE;
const BUILT_IN = ERROR_CODES.DEFINITION_STORE_BUILT_IN;

/** A clock that moves one second each time it is read, so created and updated instants differ. */
function steppingClock(start = Date.UTC(2026, 0, 15)): { nowEpochMs: () => number } {
  let next = start;
  return { nowEpochMs: () => (next += 1000) };
}

function newFile(): string {
  return join(makeTempDir(), '.agent', 'acode.db');
}

describe('SqliteToolDefinitionStore', () => {
  it('keeps every row across a close and a reopen', () => {
    const file = newFile();
    const first = openDefinitionStore(file);
    const created = [
      first.create({ definition: makeDefinition(), licenseTier: 'teams', createdBy: 'user-1' }),
      first.create({ definition: makeDefinition({ version: '2.0.0' }), licenseTier: 'teams' }),
      first.create({ definition: makeDefinition({ name: 'file_read' }), licenseTier: 'core', isBuiltIn: true }),
    ];
    const listed = first.list();
    first.close();

    const second = openDefinitionStore(file);
    expect(second.list()).toEqual(listed);
    expect(new Set(second.list().map((record) => record.id))).toEqual(new Set(created.map((record) => record.id)));
    for (const record of created) expect(second.get(record.id)).toEqual(record);
    expect(second.countCustom()).toBe(2);
  });

  it('gives a UUID and the instants of the clock, and returns what get returns', () => {
    const store = openDefinitionStore(newFile(), { clock: steppingClock() });
    const record = store.create({ definition: makeDefinition(), licenseTier: 'writer_pro', createdBy: 'user-1' });
    expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(record).toMatchObject({ isBuiltIn: false, licenseTier: 'writer_pro', createdBy: 'user-1', createdAt: '2026-01-15T00:00:01.000Z', updatedAt: '2026-01-15T00:00:01.000Z' });
    expect(store.get(record.id)).toEqual(record);
    expect(store.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('leaves createdBy out when the caller did not give one', () => {
    const store = openDefinitionStore(newFile());
    expect(store.create({ definition: makeDefinition(), licenseTier: 'teams' })).not.toHaveProperty('createdBy');
  });

  it('round-trips every ToolDefinition field, fields 001 lacks included, across a reopen', () => {
    const file = newFile();
    const definition = makeFullDefinition();
    const store = openDefinitionStore(file);
    const { id } = store.create({ definition, licenseTier: 'enterprise' });
    store.close();
    const reopened = openDefinitionStore(file);
    expect(reopened.get(id)?.definition).toEqual(definition);
    // Every key of the type is there; none was dropped on the way.
    expect(Object.keys(reopened.get(id)!.definition).sort()).toEqual(Object.keys(definition).sort());
  });

  it('fills 001 §6 columns from the definition, and defaults for what it leaves out', () => {
    const file = newFile();
    const store = openDefinitionStore(file);
    const full = store.create({ definition: makeFullDefinition(), licenseTier: 'enterprise', createdBy: 'u' });
    const small = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
    withRaw(file, (db) => {
      const row = db.prepare('SELECT * FROM tool_definitions WHERE id = ?').get(full.id) as Record<string, unknown>;
      expect(row).toMatchObject({ name: 'ticket_create', category: 'external_api', requires_confirmation: 1, version: '2.1.0-beta.3+build.7', is_built_in: 0, license_tier: 'enterprise', created_by: 'u' });
      expect(JSON.parse(row['parameters_json'] as string)).toEqual(makeFullDefinition().parameters);
      expect(JSON.parse(row['output_schema_json'] as string)).toEqual(makeFullDefinition().outputSchema);
      expect(JSON.parse(row['constraints_json'] as string)).toEqual(makeFullDefinition().constraints);
      expect(JSON.parse(row['required_permissions_json'] as string)).toEqual(makeFullDefinition().requiredPermissions);
      expect(JSON.parse(row['metadata_json'] as string)).toEqual(makeFullDefinition().metadata);
      const plain = db.prepare('SELECT * FROM tool_definitions WHERE id = ?').get(small.id) as Record<string, unknown>;
      expect(plain).toMatchObject({ category: 'general', requires_confirmation: 0, output_schema_json: null, constraints_json: null, required_permissions_json: null, metadata_json: null, created_by: null });
    });
  });

  it('does not keep the caller object: changing it afterwards changes nothing stored', () => {
    const store = openDefinitionStore(newFile());
    const definition = { ...makeDefinition(), aliases: ['forecast'] };
    const { id } = store.create({ definition, licenseTier: 'teams' });
    definition.aliases.push('changed');
    expect(store.get(id)?.definition.aliases).toEqual(['forecast']);
  });

  describe('name + version is the key', () => {
    it('keeps versions of one name side by side, listed by semver precedence', () => {
      const store = openDefinitionStore(newFile());
      for (const version of ['1.10.0', '1.2.0', '2.0.0-rc.1', '2.0.0']) store.create({ definition: makeDefinition({ version }), licenseTier: 'teams' });
      store.create({ definition: makeDefinition({ name: 'another_tool' }), licenseTier: 'teams' });
      expect(store.list().map((record) => `${record.definition.name}@${record.definition.version}`)).toEqual([
        'another_tool@1.0.0',
        'weather_lookup@1.2.0',
        'weather_lookup@1.10.0',
        'weather_lookup@2.0.0-rc.1',
        'weather_lookup@2.0.0',
      ]);
      expect(store.countCustom()).toBe(5);
    });

    it('refuses the same name and version again with ACODE-TDS-002, identical or not, and writes nothing', () => {
      const file = newFile();
      const store = openDefinitionStore(file);
      const first = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      const before = rawRows(file);
      for (const definition of [makeDefinition(), makeDefinition({ description: 'Another text.' })]) {
        const error = thrownBy(() => store.create({ definition, licenseTier: 'teams' }));
        expect(error.code).toBe(DUPLICATE);
        expect(error.message).toContain(first.id);
      }
      expect(rawRows(file)).toEqual(before);
    });

    it('compares names without case (decision 1)', () => {
      // Names are lowercase by the domain rules; the store holds the line even for a caller that skipped them.
      const file = newFile();
      const store = openDefinitionStore(file);
      store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      expect(thrownBy(() => store.create({ definition: makeDefinition({ name: 'Weather_Lookup' }), licenseTier: 'teams' })).code).toBe(DUPLICATE);
      expect(store.list()).toHaveLength(1);
      // The table's own constraint says the same to a writer that bypasses the store.
      expect(() =>
        withRaw(file, (db) =>
          db
            .prepare(
              `INSERT INTO tool_definitions (id, name, description, category, parameters_json, version, version_key, definition_json, license_tier, created_at, updated_at)
               VALUES ('00000000-0000-4000-8000-000000000000', 'WEATHER_LOOKUP', 'd', 'general', '{}', '1.0.0', '1.0.0', '{"name":"WEATHER_LOOKUP","version":"1.0.0"}', 'teams', 'x', 'x')`,
            )
            .run(),
        ),
      ).toThrow(/UNIQUE constraint failed/);
    });

    it('treats versions differing only in build metadata as one version, as semver precedence does', () => {
      const store = openDefinitionStore(newFile());
      store.create({ definition: makeDefinition({ version: '1.0.0+a' }), licenseTier: 'teams' });
      expect(thrownBy(() => store.create({ definition: makeDefinition({ version: '1.0.0+b' }), licenseTier: 'teams' })).code).toBe(DUPLICATE);
      expect(store.create({ definition: makeDefinition({ version: '1.0.0-a' }), licenseTier: 'teams' }).definition.version).toBe('1.0.0-a');
    });
  });

  describe('update', () => {
    it('replaces the definition under the same id and names the top-level fields that changed', () => {
      const store = openDefinitionStore(newFile(), { clock: steppingClock() });
      const created = store.create({ definition: makeDefinition({ metadata: { a: 1, b: 2 } }), licenseTier: 'teams', createdBy: 'u' });
      const next = makeDefinition({
        description: 'Looks up the weather.',
        // Same value, other key order: not a change.
        metadata: { b: 2, a: 1 },
        requiresConfirmation: true,
      });
      const { record, changedFields } = store.update(created.id, next);
      expect(changedFields).toEqual(['description', 'requiresConfirmation']);
      expect(record).toMatchObject({ id: created.id, licenseTier: 'teams', createdBy: 'u', createdAt: created.createdAt, definition: next });
      expect(record.updatedAt > created.updatedAt).toBe(true);
      expect(store.get(created.id)).toEqual(record);
      expect(store.list()).toHaveLength(1);
    });

    it('counts a field removed or added as changed, and writes nothing when nothing changed', () => {
      const file = newFile();
      const store = openDefinitionStore(file, { clock: steppingClock() });
      const created = store.create({ definition: makeDefinition({ category: 'network' }), licenseTier: 'teams' });
      expect(store.update(created.id, makeDefinition({ aliases: ['forecast'] })).changedFields).toEqual(['aliases', 'category']);
      const before = rawRows(file);
      const same = store.update(created.id, makeDefinition({ aliases: ['forecast'] }));
      expect(same.changedFields).toEqual([]);
      expect(rawRows(file)).toEqual(before);
    });

    it('may move a definition to another version, but not onto one that exists', () => {
      const file = newFile();
      const store = openDefinitionStore(file);
      const one = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      store.create({ definition: makeDefinition({ version: '2.0.0' }), licenseTier: 'teams' });
      const before = rawRows(file);
      expect(thrownBy(() => store.update(one.id, makeDefinition({ version: '2.0.0' }))).code).toBe(DUPLICATE);
      expect(rawRows(file)).toEqual(before);
      expect(store.update(one.id, makeDefinition({ version: '1.1.0' })).changedFields).toEqual(['version']);
    });

    it('refuses an unknown id with ACODE-TDS-004', () => {
      const store = openDefinitionStore(newFile());
      expect(thrownBy(() => store.update('00000000-0000-4000-8000-000000000000', makeDefinition())).code).toBe(ERROR_CODES.DEFINITION_STORE_NOT_FOUND);
    });
  });

  describe('delete', () => {
    it('removes one version and returns it; an unknown id is undefined', () => {
      const store = openDefinitionStore(newFile());
      const one = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      const two = store.create({ definition: makeDefinition({ version: '2.0.0' }), licenseTier: 'teams' });
      expect(store.delete(one.id)).toEqual(one);
      expect(store.delete(one.id)).toBeUndefined();
      expect(store.list()).toEqual([two]);
      // The freed name and version can be created again.
      expect(store.create({ definition: makeDefinition(), licenseTier: 'teams' }).id).not.toBe(one.id);
    });
  });

  describe('built-in definitions (001 §9)', () => {
    function withBuiltIn() {
      const file = newFile();
      const store = openDefinitionStore(file);
      const builtIn = store.create({ definition: makeDefinition({ name: 'file_read', aliases: ['read_file'] }), licenseTier: 'core', isBuiltIn: true });
      return { file, store, builtIn };
    }

    it('refuses to modify or delete one with ACODE-TDS-003, and leaves it as it was', () => {
      const { file, store, builtIn } = withBuiltIn();
      const before = rawRows(file);
      const update = thrownBy(() => store.update(builtIn.id, makeDefinition({ name: 'file_read', description: 'Changed.' })));
      expect(update).toMatchObject({ code: BUILT_IN, message: expect.stringContaining("'file_read'") });
      expect(thrownBy(() => store.delete(builtIn.id)).code).toBe(BUILT_IN);
      expect(rawRows(file)).toEqual(before);
    });

    it('refuses a custom definition taking a built-in name or alias, in any version and case', () => {
      const { file, store } = withBuiltIn();
      const before = rawRows(file);
      for (const definition of [
        makeDefinition({ name: 'file_read', version: '9.0.0' }),
        makeDefinition({ name: 'read_file' }),
        makeDefinition({ name: 'File_Read', version: '1.0.0' }),
        makeDefinition({ aliases: ['other', 'READ_FILE'] }),
      ]) {
        expect(thrownBy(() => store.create({ definition, licenseTier: 'enterprise' })).code).toBe(BUILT_IN);
      }
      expect(rawRows(file)).toEqual(before);
      expect(store.countCustom()).toBe(0);
    });

    it('refuses an update that would give a custom definition a built-in name', () => {
      const { file, store } = withBuiltIn();
      const custom = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      const before = rawRows(file);
      expect(thrownBy(() => store.update(custom.id, makeDefinition({ aliases: ['read_file'] }))).code).toBe(BUILT_IN);
      expect(rawRows(file)).toEqual(before);
    });

    it('is not counted as custom', () => {
      const { store } = withBuiltIn();
      store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      expect(store.countCustom()).toBe(1);
    });
  });

  describe('what cannot be stored', () => {
    it.each([
      ['a name over 64 characters', { name: 'a'.repeat(65) }],
      ['no version', { version: '' }],
      ['an unknown category', { category: 'Web' as never }],
      ['a value that is not JSON', { metadata: { when: Number.NaN } }],
    ])('refuses %s with ACODE-DEF-001 and writes nothing', (_what, overrides) => {
      const file = newFile();
      const store = openDefinitionStore(file);
      expect(thrownBy(() => store.create({ definition: makeDefinition(overrides), licenseTier: 'teams' })).code).toBe(ERROR_CODES.DEFINITION_INVALID);
      expect(rawRows(file)).toEqual([]);
    });

    it('refuses an unknown license tier', () => {
      const store = openDefinitionStore(newFile());
      expect(thrownBy(() => store.create({ definition: makeDefinition(), licenseTier: 'gold' as never })).code).toBe(ERROR_CODES.DEFINITION_INVALID);
    });
  });

  describe('failures of the store itself', () => {
    it('fails with ACODE-TDS-001 naming the file once closed', () => {
      const file = newFile();
      const store = SqliteToolDefinitionStore.open(file);
      store.close();
      store.close();
      const error = thrownBy(() => store.list());
      expect(error).toMatchObject({ code: ERROR_CODES.DEFINITION_STORE_UNAVAILABLE, message: `Tool definition store ${file} is closed: cannot list the stored definitions.` });
    });

    it('fails to open a file that is not a database with ACODE-TDS-001', () => {
      const dir = makeTempDir();
      const error = thrownBy(() => SqliteToolDefinitionStore.open(dir));
      expect(error.code).toBe(ERROR_CODES.DEFINITION_STORE_UNAVAILABLE);
      expect(error.message).toContain(dir);
    });

    it('reports a row it cannot read back with ACODE-TDS-001 and its id', () => {
      const file = newFile();
      const store = openDefinitionStore(file);
      const { id } = store.create({ definition: makeDefinition(), licenseTier: 'teams' });
      // Only another program writing to the file could do this: the CHECKs keep name and version.
      withRaw(file, (db) => {
        db.pragma('ignore_check_constraints = ON');
        db.prepare('UPDATE tool_definitions SET definition_json = ? WHERE id = ?').run('{"name":"x","version":1}', id);
      });
      expect(thrownBy(() => store.list())).toMatchObject({ code: ERROR_CODES.DEFINITION_STORE_UNAVAILABLE, message: expect.stringContaining(id) });
    });
  });
});

describe('changedTopLevelFields', () => {
  it('compares canonical JSON per top-level key', () => {
    const before = makeFullDefinition();
    expect(changedTopLevelFields(before, makeFullDefinition())).toEqual([]);
    const { aliases: _dropped, ...withoutAliases } = before;
    expect(changedTopLevelFields(before, { ...withoutAliases, parameters: { ...before.parameters, description: 'x' } })).toEqual(['aliases', 'parameters']);
  });
});
