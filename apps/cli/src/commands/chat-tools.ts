import type { IToolSchemaRegistry } from '@acode/application';
import type { ChatTool } from '@acode/domain';

/** The tools offered to a model, or the names the registry does not know. */
export type ChatToolsLookup = { readonly ok: true; readonly tools: readonly ChatTool[] } | { readonly ok: false; readonly unknown: readonly string[] };

/**
 * Registry definitions (names or aliases, any case) as the model is offered them: canonical
 * name, description and the registered JSON Schema. Each tool is offered once.
 */
export function chatToolsFor(registry: IToolSchemaRegistry, names: readonly string[]): ChatToolsLookup {
  const tools = new Map<string, ChatTool>();
  const unknown: string[] = [];
  for (const name of names) {
    const found = registry.findTool(name);
    if (found === undefined) unknown.push(name);
    else tools.set(found.definition.name, { name: found.definition.name, description: found.definition.description, parameters: found.definition.parameters });
  }
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, tools: [...tools.values()] };
}
