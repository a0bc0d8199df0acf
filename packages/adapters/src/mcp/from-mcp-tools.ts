import { MAX_TOOL_NAME_LENGTH, type ToolDefinition } from '@acode/domain';
import { hashOf, toToolName } from '../shared/to-tool-name.js';
import { fromMcpTool, type FromMcpToolOptions } from './from-mcp-tool.js';
import type { McpTool } from './mcp-tool.js';

/**
 * Our definitions of every tool a server lists (`(await client.listTools()).tools`), each by
 * {@link fromMcpTool}. Two wire names that become the same name of ours (`get-weather` and
 * `get_weather`) are told apart: a name valid as it is keeps it, and the others get `_` and 8 hex
 * digits of their wire name's SHA-256, so the result does not depend on the order of the list.
 * Every definition keeps its wire name in `metadata.mcp.name`.
 *
 * @throws what {@link fromMcpTool} throws, for the first tool it refuses.
 */
export function fromMcpTools(tools: readonly McpTool[], options: Omit<FromMcpToolOptions, 'name'> = {}): ToolDefinition[] {
  const wanted = tools.map((tool) => (typeof tool?.name === 'string' ? toToolName(tool.name) : ''));
  const count = new Map<string, number>();
  for (const name of wanted) count.set(name, (count.get(name) ?? 0) + 1);
  return tools.map((tool, index) => {
    const name = wanted[index] as string;
    const shared = (count.get(name) ?? 0) > 1 && tool.name !== name;
    return fromMcpTool(tool, { ...options, ...(shared ? { name: disambiguated(name, tool.name) } : {}) });
  });
}

function disambiguated(name: string, wire: string): string {
  const suffix = `_${hashOf(wire)}`;
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length).replace(/_+$/, '')}${suffix}`;
}
