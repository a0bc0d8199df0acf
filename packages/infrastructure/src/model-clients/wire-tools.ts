import type { ChatTool, JsonSchemaObject } from '@acode/domain';

/** A tool as both Ollama and OpenAI-compatible servers take it. */
export interface WireTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchemaObject };
}

/**
 * Converts registry tools to the `{type: 'function', function: {...}}` form both wire formats
 * use. The schema goes as registered (nested objects, arrays, enums, descriptions, `$defs`),
 * except for the root `$schema`, a dialect URL that tells the model nothing and that some
 * servers' grammar converters refuse.
 */
export function toWireTools(tools: readonly ChatTool[]): WireTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: withoutDialect(tool.parameters) },
  }));
}

function withoutDialect(schema: JsonSchemaObject): JsonSchemaObject {
  if (!Object.hasOwn(schema, '$schema')) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest as JsonSchemaObject;
}
