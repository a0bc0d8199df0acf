import type { LicenseTier, ToolDefinition, ToolDefinitionRecord } from '@acode/domain';

/** What creating a stored definition takes besides the definition. */
export interface NewToolDefinition {
  readonly definition: ToolDefinition;
  readonly licenseTier: LicenseTier;
  readonly createdBy?: string;
  /** For the built-in tools' rows only. */
  readonly isBuiltIn?: boolean;
}

/**
 * The stored tool definitions (001 §6), in `.agent/acode.db`. Every write is one transaction:
 * a refused write leaves nothing behind. Name + version is unique (case-insensitive name).
 */
export interface IToolDefinitionStore {
  /** Every stored definition, by name then version. */
  list(): readonly ToolDefinitionRecord[];
  /** One stored version by id, or `undefined`. */
  get(id: string): ToolDefinitionRecord | undefined;
  /** Custom (not built-in) definitions stored, all versions counted. */
  countCustom(): number;
  /** Stores a new definition; throws an `AcodeException` when name + version exists. */
  create(input: NewToolDefinition): ToolDefinitionRecord;
  /** Replaces a stored definition (same id); returns it and the fields that changed. Throws for an unknown id or a built-in. */
  update(id: string, definition: ToolDefinition): { readonly record: ToolDefinitionRecord; readonly changedFields: readonly string[] };
  /** Deletes a stored definition; returns what was deleted, `undefined` for an unknown id. Throws for a built-in. */
  delete(id: string): ToolDefinitionRecord | undefined;
  close(): void;
}
