import { isPlainObject, type JsonValue, type ToolDefinition } from '@acode/domain';
import type { McpPropertyNames, McpSchemaNames } from './mcp-property-names.js';
import type { McpTool, McpToolAnnotations } from './mcp-tool.js';

/** The key of a definition's `metadata` that keeps what MCP said and our fields cannot: `metadata.mcp`. */
export const MCP_METADATA_KEY = 'mcp';

/** What `metadata.mcp` holds. */
export interface McpMetadata {
  /** The tool's name on the wire, used again by `toMcpTool` and `mcpToolName`. */
  readonly name: string;
  readonly title?: string;
  /** The annotations as the server sent them (booleans and the title only). */
  readonly annotations?: Readonly<Record<string, boolean | string>>;
  /**
   * The input schema's property names that were renamed (`filePath` → `file_path`), by place in
   * the arguments: `{ renamed: { file_path: 'filePath' }, properties: { options: { renamed: {
   * max_results: 'maxResults' } } }, items, additional }`. Absent when none was.
   */
  readonly properties?: McpPropertyNames;
  /** The same renames by JSON Pointer of each schema object in `parameters`, for `toMcpTool`. Absent when none was. */
  readonly schemaNames?: McpSchemaNames;
}

/** `metadata.mcp` of a definition made by `fromMcpTool`, or `undefined`. */
export function mcpMetadataOf(definition: Pick<ToolDefinition, 'metadata'>): McpMetadata | undefined {
  const value = definition.metadata?.[MCP_METADATA_KEY];
  if (!isPlainObject(value) || typeof value['name'] !== 'string') return undefined;
  return value as unknown as McpMetadata;
}

/** `metadata.mcp` for a tool: the wire name, the title and the annotations' JSON values, nothing else the server sent. */
export function mcpMetadataFor(tool: McpTool): Record<string, JsonValue> {
  const annotations = keptAnnotations(tool.annotations);
  return {
    name: tool.name,
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

function keptAnnotations(annotations: McpToolAnnotations | undefined): Record<string, boolean | string> | undefined {
  if (!isPlainObject(annotations)) return undefined;
  const kept: Record<string, boolean | string> = {};
  for (const key of ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
    const value = annotations[key];
    if (typeof value === 'boolean' || (key === 'title' && typeof value === 'string')) kept[key] = value;
  }
  return Object.keys(kept).length === 0 ? undefined : kept;
}
