import type { ISchemaProvider } from '@acode/application';
import type { ToolDefinitionRecord } from '@acode/domain';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORED_DEFINITIONS_PRIORITY, StoredDefinitionsProvider } from '../../src/definitions/index.js';
import { BUILT_TOOLS_PRIORITY } from '../../src/tool-folders/built-tools-provider.js';
import { ConfigToolsProvider, CoreToolsProvider } from '../../src/providers/index.js';
import { makeDefinition, makeTempDir, openDefinitionStore } from './definition-fixture.js';

describe('StoredDefinitionsProvider', () => {
  it('is named StoredDefinitions and registers after core tools, built tools and configuration', () => {
    const provider: ISchemaProvider = new StoredDefinitionsProvider({ list: () => [] });
    expect(provider.name).toBe('StoredDefinitions');
    expect(provider.priority).toBe(STORED_DEFINITIONS_PRIORITY);
    const others = [new CoreToolsProvider().priority, BUILT_TOOLS_PRIORITY, new ConfigToolsProvider({ customTools: [] }).priority];
    for (const priority of others) expect(provider.priority).toBeGreaterThan(priority);
    expect(provider.builtIn).toBeUndefined();
  });

  it('returns the stored custom definitions, every version, without the built-in rows, and reads the store on each call', () => {
    const file = join(makeTempDir(), 'acode.db');
    const store = openDefinitionStore(file);
    store.create({ definition: makeDefinition({ name: 'file_read' }), licenseTier: 'core', isBuiltIn: true });
    store.create({ definition: makeDefinition(), licenseTier: 'teams' });
    store.create({ definition: makeDefinition({ version: '2.0.0' }), licenseTier: 'teams' });
    const provider = new StoredDefinitionsProvider(store, store.file);
    expect(provider.getToolDefinitions()).toEqual([makeDefinition(), makeDefinition({ version: '2.0.0' })]);

    const added = store.create({ definition: makeDefinition({ name: 'added_later' }), licenseTier: 'teams' });
    expect(provider.getToolDefinitions().map((definition) => definition.name)).toEqual(['added_later', 'weather_lookup', 'weather_lookup']);
    const [first] = provider.getToolDefinitions();
    expect(provider.sourceOf(first!)).toBe(`${file}#tool_definitions/${added.id}`);
    expect(provider.sourceOf(makeDefinition())).toBeUndefined();
  });

  it('names the table alone when no location is given', () => {
    const record: ToolDefinitionRecord = { id: 'id-1', definition: makeDefinition(), isBuiltIn: false, licenseTier: 'teams', createdAt: 'a', updatedAt: 'a' };
    const provider = new StoredDefinitionsProvider({ list: () => [record] });
    expect(provider.sourceOf(provider.getToolDefinitions()[0]!)).toBe('tool_definitions/id-1');
  });

  it('passes on what the store throws', () => {
    const failure = new Error('store down');
    const provider = new StoredDefinitionsProvider({
      list: () => {
        throw failure;
      },
    });
    expect(() => provider.getToolDefinitions()).toThrow(failure);
  });
});
