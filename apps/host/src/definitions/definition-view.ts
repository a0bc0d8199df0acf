import type { DefinitionViolation, ToolDefinition, ToolDefinitionRecord } from '@acode/domain';

/** A stored definition as the routes answer it: its id and stored facts in snake_case, the definition as registered. */
export function definitionView(record: ToolDefinitionRecord) {
  return {
    id: record.id,
    name: record.definition.name,
    version: record.definition.version,
    source: 'stored' as const,
    locked: record.isBuiltIn,
    is_built_in: record.isBuiltIn,
    license_tier: record.licenseTier,
    ...(record.createdBy === undefined ? {} : { created_by: record.createdBy }),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    definition: record.definition,
  };
}

/** Every violation with its code and field path, for a form to show beside its field. */
export function violationsView(errors: readonly DefinitionViolation[]) {
  return errors.map((error) => ({ code: error.code, path: error.path, message: error.message }));
}

/**
 * A registered definition the store does not hold (a built-in, one from configuration or a tool
 * folder): listed so the Tool Manager shows everything models may call, locked because only the
 * store's definitions are edited here.
 */
export function registeredView(definition: ToolDefinition, builtIn: boolean) {
  return {
    id: null,
    name: definition.name,
    version: definition.version,
    source: builtIn ? ('built_in' as const) : ('registry' as const),
    locked: true,
    is_built_in: builtIn,
    definition,
  };
}
