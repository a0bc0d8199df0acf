import type { ISchemaProvider, IToolDefinitionStore } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';

/**
 * Registration order of stored definitions: after the core tools (0), built tools (5) and
 * configuration (100), so a definition created on the Tool Manager page never shadows one a
 * project declared in its files.
 */
export const STORED_DEFINITIONS_PRIORITY = 200;

/**
 * The custom definitions of the definition store as a schema provider named `StoredDefinitions`
 * (issue 16 item 1). Built-in rows are left out: the core tools' own provider registers those.
 * The store is read on each call, so a registration after a change sees it. A definition the
 * registry refuses is reported with its source, `<location>#tool_definitions/<id>`.
 */
export class StoredDefinitionsProvider implements ISchemaProvider {
  readonly name = 'StoredDefinitions';
  readonly priority = STORED_DEFINITIONS_PRIORITY;
  readonly #store: Pick<IToolDefinitionStore, 'list'>;
  readonly #location: string;
  // The objects of the last read, to their row ids: `sourceOf` is asked about those objects.
  #ids = new WeakMap<ToolDefinition, string>();

  /**
   * @param store - where the definitions are kept (a `SqliteToolDefinitionStore`, or any other).
   * @param location - names the store in `sourceOf`, such as the database file; `tool_definitions` by default.
   */
  constructor(store: Pick<IToolDefinitionStore, 'list'>, location?: string) {
    this.#store = store;
    this.#location = location ?? '';
  }

  /** The stored custom definitions, by name then version. Throws what the store throws (ACODE-TDS-001). */
  getToolDefinitions(): readonly ToolDefinition[] {
    const ids = new WeakMap<ToolDefinition, string>();
    const definitions = this.#store
      .list()
      .filter((record) => !record.isBuiltIn)
      .map((record) => {
        ids.set(record.definition, record.id);
        return record.definition;
      });
    this.#ids = ids;
    return definitions;
  }

  /** `<location>#tool_definitions/<id>` of a definition from the last {@link getToolDefinitions}. */
  sourceOf(definition: ToolDefinition): string | undefined {
    const id = this.#ids.get(definition);
    if (id === undefined) return undefined;
    return `${this.#location === '' ? '' : `${this.#location}#`}tool_definitions/${id}`;
  }
}
