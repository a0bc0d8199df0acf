/**
 * MCP's tool shapes (`Tool`, `ToolAnnotations` of the Model Context Protocol, as
 * `@modelcontextprotocol/sdk` lists them), written structurally so this adapter is plain data:
 * nothing here loads the SDK, and its own `Tool` type is assignable to these and back.
 */

/** `ToolAnnotations`: hints about a tool's behaviour. MCP says to trust them only from trusted servers. */
export interface McpToolAnnotations {
  /** A human-readable title. */
  title?: string;
  /** The tool does not modify its environment. MCP's default: `false`. */
  readOnlyHint?: boolean;
  /** The tool may perform destructive updates (meaningful when not read-only). MCP's default: `true`. */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no additional effect (meaningful when not read-only). MCP's default: `false`. */
  idempotentHint?: boolean;
  /** The tool interacts with an open world of external entities. MCP's default: `true`. */
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A JSON Schema object as MCP carries it (`type: "object"` at the root). */
export interface McpObjectSchema {
  type: 'object';
  properties?: { [key: string]: object };
  required?: string[];
  [key: string]: unknown;
}

/** A tool as MCP's `tools/list` describes it. */
export interface McpTool {
  /** The name on the wire: any of `[A-Za-z0-9_.-/]`, such as `get-weather` or `fs.read`. */
  name: string;
  /** A human-readable title. */
  title?: string;
  description?: string;
  /** JSON Schema of the arguments; draft-07 from older servers, 2020-12 by MCP's current default. */
  inputSchema: McpObjectSchema;
  /** JSON Schema of `structuredContent` in the call result. */
  outputSchema?: McpObjectSchema;
  annotations?: McpToolAnnotations;
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/** What MCP's `tools/call` sends: the wire name and the arguments. */
export interface McpCallParams {
  name: string;
  arguments?: { [key: string]: unknown };
}
