import type { IToolSchemaRegistry } from '@acode/application';
import type { JsonObject, ToolDefinition, ToolValidationResult } from '@acode/domain';
import { mcpMetadataOf } from './mcp-metadata.js';
import { toOurArguments, toWireArguments } from './mcp-property-names.js';
import type { McpCallParams } from './mcp-tool.js';

/** The name a tool has on the MCP wire: the one `fromMcpTool` kept in `metadata.mcp.name`, or ours. */
export function mcpToolName(definition: Pick<ToolDefinition, 'name' | 'metadata'>): string {
  return mcpMetadataOf(definition)?.name ?? definition.name;
}

/**
 * A validated call of ours as MCP's `tools/call` params, under the tool's wire name: pass it to
 * `client.callTool(...)`. `name` is our (canonical) tool name, as a parse result carries it. The
 * property names `fromMcpTool` renamed are written as the wire has them again (`file_path` →
 * `filePath`, at every depth); a tool without renamed names gets its arguments as they are.
 *
 * @throws TypeError when the registry holds no such tool.
 */
export function toMcpCall(registry: IToolSchemaRegistry, call: { readonly name: string; readonly arguments: JsonObject }): McpCallParams {
  const found = registry.findTool(call.name);
  if (found === undefined) throw new TypeError(`the registry holds no tool '${call.name}'`);
  const names = mcpMetadataOf(found.definition)?.properties;
  return { name: mcpToolName(found.definition), arguments: names === undefined ? call.arguments : (toWireArguments(names, call.arguments) as JsonObject) };
}

/**
 * Validates MCP `tools/call` params against the registry: the wire name is mapped back to ours
 * (a tool from `fromMcpTool`, or one served by `toMcpTool`), the wire's property names to ours
 * (`filePath` → `file_path`, for a tool whose names `fromMcpTool` renamed), then the arguments
 * are validated strictly, defaults applied; the result's arguments have our names. A server uses it in its `tools/call` handler before running the
 * tool; a client before sending a call a model made. Never throws: an unknown name is the
 * registry's ACODE-TSR-001 failure.
 */
export function validateMcpCall(registry: IToolSchemaRegistry, params: McpCallParams): ToolValidationResult {
  const wire = typeof params?.name === 'string' ? params.name : '';
  const found = registry.getAllTools().find((definition) => mcpToolName(definition) === wire);
  const names = found === undefined ? undefined : mcpMetadataOf(found)?.properties;
  const args = (params?.arguments ?? {}) as object;
  return registry.tryValidateArguments(found?.name ?? wire, (names === undefined ? args : toOurArguments(names, args)) as object);
}
