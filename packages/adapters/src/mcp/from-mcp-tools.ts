import type { ToolDefinition } from '@acode/domain';
import { distinctToolNames, toToolName } from '@acode/infrastructure/gateway';
import { fromMcpTool, type FromMcpToolOptions } from './from-mcp-tool.js';
import type { McpTool } from './mcp-tool.js';

/**
 * Our definitions of every tool a server lists (`(await client.listTools()).tools`), each by
 * {@link fromMcpTool}. Two wire names that become the same name of ours (`get-weather` and
 * `get_weather`) are told apart by `distinctToolNames`: a name valid as it is keeps it, and the
 * others get `_` and 8 hex digits of their wire name's SHA-256, so the result does not depend on
 * the order of the list. Every definition keeps its wire name in `metadata.mcp.name`.
 *
 * @throws what {@link fromMcpTool} throws, for the first tool it refuses.
 */
export function fromMcpTools(tools: readonly McpTool[], options: Omit<FromMcpToolOptions, 'name'> = {}): ToolDefinition[] {
  const wire = tools.map((tool) => (typeof tool?.name === 'string' ? tool.name : ''));
  const names = distinctToolNames(wire);
  return tools.map((tool, index) => {
    const name = names[index] as string;
    // Only a clash changes the name fromMcpTool would give; a nameless tool is refused there.
    const renamed = typeof tool?.name === 'string' && name !== toToolName(wire[index] as string);
    return fromMcpTool(tool, { ...options, ...(renamed ? { name } : {}) });
  });
}
