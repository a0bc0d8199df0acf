/**
 * `@acode/infrastructure/definitions`: the SQLite store of tool definitions
 * (`SqliteToolDefinitionStore`, the `tool_definitions` table of `.agent/acode.db`) and the
 * `StoredDefinitions` schema provider over it.
 *
 * Needs the optional peer dependency `better-sqlite3` (the store's driver, loaded with this entry):
 * install it next to this package before importing this entry.
 *
 * @packageDocumentation
 */
export { SqliteToolDefinitionStore, changedTopLevelFields, type SqliteToolDefinitionStoreOptions } from './sqlite-tool-definition-store.js';
export { STORED_DEFINITIONS_PRIORITY, StoredDefinitionsProvider } from './stored-definitions-provider.js';
