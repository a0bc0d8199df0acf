import type { ISchemaProvider, IToolCatalog } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';

/** Registration order of built tools: after the core tools (0), before configuration (100). */
export const BUILT_TOOLS_PRIORITY = 5;

/**
 * The catalog's definitions as a schema provider named `BuiltTools`. A folder that extends a core
 * tool carries the core definition unchanged, so registering it again is a no-op. A definition
 * the registry refuses is reported with its source, `<artifact>#<toolId>`.
 */
export function createBuiltToolsProvider(catalog: IToolCatalog): ISchemaProvider {
  return {
    name: 'BuiltTools',
    priority: BUILT_TOOLS_PRIORITY,
    getToolDefinitions: (): readonly ToolDefinition[] => catalog.tools().map((tool) => tool.definition),
    sourceOf: (definition: ToolDefinition): string | undefined =>
      catalog.find(definition.name)?.definition === definition ? `${catalog.artifactPath}#${definition.name}` : undefined,
  };
}
