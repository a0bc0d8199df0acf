import { InvalidToolDefinitionException } from '@acode/application';
import { ERROR_CODES, isPlainObject, type ToolCategory, type ToolDefinition } from '@acode/domain';
import { descriptionOf } from '../shared/description-of.js';
import { foreignSchema } from '../shared/foreign-schema.js';
import { toToolName } from '../shared/to-tool-name.js';
import { fromMcpAnnotations } from './mcp-annotations.js';
import { MCP_METADATA_KEY, mcpMetadataFor } from './mcp-metadata.js';
import type { McpTool } from './mcp-tool.js';

/** Options of {@link fromMcpTool}. */
export interface FromMcpToolOptions {
  /** Our name for the tool; by default the MCP name made valid (`get-weather` → `get_weather`, see `toToolName`). */
  readonly name?: string;
  /** The version of the definition; `1.0.0` by default (MCP tools have none). */
  readonly version?: string;
  readonly category?: ToolCategory;
  /**
   * Whether each run must be confirmed, over what the annotations say (`destructiveHint`, by
   * MCP's default `true` for a tool that is not read-only). Annotations of an untrusted server
   * are only hints; decide here for those.
   */
  readonly requiresConfirmation?: boolean;
}

/**
 * Our definition of a tool an MCP server lists, ready to register:
 *
 * - the name made a valid name of ours (snake_case: `get-weather` → `get_weather`, `fs.read` →
 *   `fs_read`, `getWeather` → `get_weather`), the wire name kept in `metadata.mcp.name` for
 *   `toMcpTool` and `mcpToolName` (calls go back to the server under it);
 * - `inputSchema` (and `outputSchema`) normalised from draft-07 or 2019-09 to 2020-12;
 * - `description` trimmed, the title (or `MCP tool <name>`) when absent, cut to 500 characters;
 * - `sideEffects`, `idempotent` and `requiresConfirmation` from the annotations (see
 *   `fromMcpAnnotations` for the table); `title` and the annotations kept in `metadata.mcp`.
 *
 * The registry still judges the result when it is registered: property names must be snake_case
 * there too, and properties must constrain their type, so a loosely written MCP schema is refused
 * with the registry's ACODE-TSR-006 message naming the property.
 *
 * @throws InvalidToolDefinitionException: ACODE-DEF-001 when the tool or its name is not what MCP
 *   describes; ACODE-TSR-006 when a schema is not an object, names an unknown `$schema` or nests
 *   too deep.
 */
export function fromMcpTool(tool: McpTool, options: FromMcpToolOptions = {}): ToolDefinition {
  if (!isPlainObject(tool) || typeof tool.name !== 'string' || tool.name.length === 0 || tool.name.length > 512) {
    const got = isPlainObject(tool) ? `a name that is ${typeof tool.name === 'string' ? `${tool.name.length} characters long` : `a ${typeof tool.name}`}` : 'no tool object';
    throw new InvalidToolDefinitionException('(mcp tool)', [{ code: ERROR_CODES.DEFINITION_INVALID, path: '/name', message: `An MCP tool needs a name of 1 to 512 characters; got ${got}` }]);
  }
  const name = options.name ?? toToolName(tool.name);
  const title = typeof tool.title === 'string' ? tool.title : typeof tool.annotations?.title === 'string' ? tool.annotations.title : undefined;
  const annotated = fromMcpAnnotations(tool.annotations);
  return {
    name,
    description: descriptionOf(tool.description, title ?? `MCP tool ${tool.name}`),
    version: options.version ?? '1.0.0',
    parameters: foreignSchema(tool.inputSchema, name, '/parameters'),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: foreignSchema(tool.outputSchema, name, '/outputSchema') }),
    ...(options.category === undefined ? {} : { category: options.category }),
    ...annotated,
    ...(options.requiresConfirmation === undefined ? {} : { requiresConfirmation: options.requiresConfirmation }),
    metadata: { [MCP_METADATA_KEY]: mcpMetadataFor(tool) },
  };
}
