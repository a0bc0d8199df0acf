import { isPlainObject, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import { toMcpAnnotations } from './mcp-annotations.js';
import { mcpMetadataOf } from './mcp-metadata.js';
import type { McpObjectSchema, McpTool } from './mcp-tool.js';
import { restorePropertyNames } from './mcp-property-names.js';
import { mcpToolName } from './mcp-tool-name.js';

/**
 * The MCP tool a server lists for one of our definitions (`tools/list`), the reverse of
 * `fromMcpTool`:
 *
 * - `name`: the wire name kept in `metadata.mcp.name`, or our name;
 * - `title` from `metadata.mcp.title`; `description` as it is;
 * - `inputSchema`: our parameters, with the property names `fromMcpTool` renamed written as the
 *   wire wrote them (`metadata.mcp.schemaNames`) (draft 2020-12, MCP's default dialect, so the root `$schema` is
 *   left out: older clients that read draft-07 refuse a 2020-12 URI they do not know);
 * - `outputSchema`: ours, when its root is an object schema, as MCP requires; a tool whose
 *   output is not an object has none there (its results go as unstructured content);
 * - `annotations` from `sideEffects`, `idempotent` and `requiresConfirmation` (see
 *   `toMcpAnnotations`), with `openWorldHint` and the title kept from MCP.
 *
 * The result is plain data, for a low-level `Server`'s `tools/list` handler.
 */
export function toMcpTool(definition: ToolDefinition): McpTool {
  const kept = mcpMetadataOf(definition);
  const annotations = toMcpAnnotations(definition, kept?.annotations);
  const output = definition.outputSchema;
  return {
    name: mcpToolName(definition),
    ...(kept?.title === undefined ? {} : { title: kept.title }),
    description: definition.description,
    inputSchema: objectSchema(isPlainObject(kept?.schemaNames) ? restorePropertyNames(definition.parameters, kept.properties, kept.schemaNames) : definition.parameters),
    ...(output !== undefined && output.type === 'object' ? { outputSchema: objectSchema(output) } : {}),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

function objectSchema(schema: JsonSchemaObject): McpObjectSchema {
  const { $schema: _dialect, ...rest } = schema;
  return { ...rest, type: 'object' } as McpObjectSchema;
}
