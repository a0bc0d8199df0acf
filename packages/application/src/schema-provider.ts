import type { ToolDefinition } from '@acode/domain';

/**
 * A source of tool definitions asked at startup (FR-060..064): core tools, configuration,
 * stored definitions. Every provider bound to `TOKENS.SchemaProvider` is discovered through DI.
 */
export interface ISchemaProvider {
  /** Name used in logs, such as `CoreTools` or `ConfigTools`. */
  readonly name: string;
  /** Lower runs first; core tools are 0. */
  readonly priority: number;
  /**
   * True for the provider of the built-in tools: its names and aliases are reserved, so no
   * other provider's definition (configuration, tool folders) can take them, in any version.
   */
  readonly builtIn?: boolean;
  /**
   * The definitions this provider contributes. May be async (a file, a database). A provider
   * that fails as a whole throws; the registration service logs it and goes on with the others.
   */
  getToolDefinitions(): Iterable<ToolDefinition> | Promise<Iterable<ToolDefinition>>;
  /**
   * Where a definition came from (`.agent/config.yml#tool_registry.custom_tools[2]`), named in
   * the error when it cannot be registered.
   */
  sourceOf?(definition: ToolDefinition): string | undefined;
}
