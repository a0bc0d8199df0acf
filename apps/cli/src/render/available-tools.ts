import type { CatalogTool } from '@acode/application';
import type { InteractionMode } from '@acode/domain';
import { escapeControlCharacters, singleLine } from './text.js';

/**
 * 003's "Available Tools" section of the system prompt, the always-present tier of the docs:
 * `## Available Tools (v<registry version>)`, then one `**name** (kind): summary` paragraph per
 * tool, sorted by name. The full `doc.md` stays out of the prompt; `tools doc` prints it.
 */
export function renderAvailableTools(registryVersion: string, tools: readonly CatalogTool[], mode: InteractionMode): string {
  const heading = `## Available Tools (v${escapeControlCharacters(registryVersion)})`;
  if (tools.length === 0) return `${heading}\n\nNo tools are available in ${mode} mode.\n`;
  const blocks = [...tools]
    .sort((a, b) => (a.definition.name < b.definition.name ? -1 : a.definition.name > b.definition.name ? 1 : 0))
    .map((tool) => {
      const kind = tool.definition.kind === undefined ? '' : ` (${tool.definition.kind})`;
      return `**${tool.definition.name}**${kind}: ${escapeControlCharacters(singleLine(tool.summary))}`;
    });
  return `${heading}\n\n${blocks.join('\n\n')}\n`;
}
