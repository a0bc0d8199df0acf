import { InvalidToolDefinitionException } from '@acode/application';
import { ERROR_CODES, isPlainObject, type ToolCategory, type ToolDefinition } from '@acode/domain';
import { descriptionOf } from '../shared/description-of.js';
import { foreignSchema } from '../shared/foreign-schema.js';
import { toToolName } from '@acode/infrastructure/gateway';
import { fromMcpAnnotations } from './mcp-annotations.js';
import { MCP_METADATA_KEY, mcpMetadataFor } from './mcp-metadata.js';
import { renamedMetadata, renamePropertyNames } from './mcp-property-names.js';
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
 * - every property name of `inputSchema` that is not a valid parameter name of ours renamed by
 *   the rule of tool names (`filePath` → `file_path`, `max-results` → `max_results`), at every
 *   depth (`properties`, `required`, `items`, `$defs`, `allOf`/`anyOf`/`oneOf`,
 *   `dependentRequired`, local `$ref`s, object values of `const`/`enum`/`default`); what was
 *   renamed is kept in `metadata.mcp.properties` (by place in the arguments, for `toMcpCall` and
 *   `validateMcpCall`) and `metadata.mcp.schemaNames` (by schema pointer, for `toMcpTool`). The
 *   output schema keeps its names (results are not validated by name rules);
 * - `description` trimmed, the title (or `MCP tool <name>`) when absent, cut to 500 characters;
 * - `sideEffects`, `idempotent` and `requiresConfirmation` from the annotations (see
 *   `fromMcpAnnotations` for the table); `title` and the annotations kept in `metadata.mcp`.
 *
 * The registry still judges the result when it is registered: properties must constrain their
 * type, so a loosely written MCP schema is refused with the registry's ACODE-TSR-006 message
 * naming the property.
 *
 * @throws InvalidToolDefinitionException: ACODE-DEF-001 when the tool or its name is not what MCP
 *   describes; ACODE-TSR-006 when a schema is not an object, names an unknown `$schema` or nests
 *   too deep, or when renaming its property names could change what a call means (two names that
 *   become one in one object, such as `fooBar` and `foo_bar`; `patternProperties` or
 *   `propertyNames` beside renamed names; a recursive or unfollowable `$ref` with names to
 *   rename; see `renamePropertyNames`).
 */
export function fromMcpTool(tool: McpTool, options: FromMcpToolOptions = {}): ToolDefinition {
  if (!isPlainObject(tool) || typeof tool.name !== 'string' || tool.name.length === 0 || tool.name.length > 512) {
    const got = isPlainObject(tool) ? `a name that is ${typeof tool.name === 'string' ? `${tool.name.length} characters long` : `a ${typeof tool.name}`}` : 'no tool object';
    throw new InvalidToolDefinitionException('(mcp tool)', [{ code: ERROR_CODES.DEFINITION_INVALID, path: '/name', message: `An MCP tool needs a name of 1 to 512 characters; got ${got}` }]);
  }
  const name = options.name ?? toToolName(tool.name);
  const title = typeof tool.title === 'string' ? tool.title : typeof tool.annotations?.title === 'string' ? tool.annotations.title : undefined;
  const annotated = fromMcpAnnotations(tool.annotations);
  const parameters = renamePropertyNames(foreignSchema(tool.inputSchema, name, '/parameters'), name);
  return {
    name,
    description: descriptionOf(tool.description, title ?? `MCP tool ${tool.name}`),
    version: options.version ?? '1.0.0',
    parameters: parameters.schema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: foreignSchema(tool.outputSchema, name, '/outputSchema') }),
    ...(options.category === undefined ? {} : { category: options.category }),
    ...annotated,
    ...(options.requiresConfirmation === undefined ? {} : { requiresConfirmation: options.requiresConfirmation }),
    metadata: { [MCP_METADATA_KEY]: { ...mcpMetadataFor(tool), ...renamedMetadata(parameters) } },
  };
}
