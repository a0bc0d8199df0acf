import type { IToolSchemaRegistry } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { createToolRegistry } from '@acode/infrastructure';

/**
 * The tools an adapter validates against: a registry built already, or definitions to build one
 * from (compiled once, when the adapter is made). A registry wins when both are given.
 */
export interface ToolsSource {
  /** The registry calls are validated against. */
  readonly registry?: IToolSchemaRegistry;
  /** Definitions to build a registry from, when no {@link registry} is given. */
  readonly tools?: readonly ToolDefinition[];
}

/**
 * The registry of a {@link ToolsSource}: the one given, or one built from `tools` (which throws
 * the registry's own ACODE-coded exception for a refused definition).
 *
 * @throws TypeError when neither `registry` nor `tools` is given.
 */
export function registryOf(source: ToolsSource, adapter: string): IToolSchemaRegistry {
  if (source.registry !== undefined) return source.registry;
  if (source.tools !== undefined) return createToolRegistry({ tools: source.tools });
  throw new TypeError(`${adapter} needs \`registry\` or \`tools\``);
}
