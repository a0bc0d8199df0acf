/**
 * `@acode/adapters/mcp`: tools of the Model Context Protocol as definitions of ours and back.
 * `fromMcpTool` / `fromMcpTools` turn what a server lists into definitions that register in our
 * registry (names made valid, the wire name kept; property names made snake_case, the wire's
 * kept for calls both ways; draft-07 schemas normalised; annotations
 * mapped to `sideEffects`, `idempotent`, `requiresConfirmation`); `toMcpTool` lists ours for an
 * MCP server; `mcpToolName`, `toMcpCall` and `validateMcpCall` map calls to and from the wire
 * name. Plain data: nothing here loads `@modelcontextprotocol/sdk`.
 *
 * @packageDocumentation
 */
export { fromMcpTool, type FromMcpToolOptions } from './from-mcp-tool.js';
export { fromMcpTools } from './from-mcp-tools.js';
export { fromMcpAnnotations, toMcpAnnotations, type AnnotatedFields } from './mcp-annotations.js';
export { MCP_METADATA_KEY, mcpMetadataOf, type McpMetadata } from './mcp-metadata.js';
export type { McpCallParams, McpObjectSchema, McpTool, McpToolAnnotations } from './mcp-tool.js';
export { isParameterName, toParameterName, type McpPropertyNames, type McpSchemaNames } from './mcp-property-names.js';
export { mcpToolName, toMcpCall, validateMcpCall } from './mcp-tool-name.js';
export { toMcpTool } from './to-mcp-tool.js';
export { isToolName, toToolName } from '@acode/infrastructure/gateway';
