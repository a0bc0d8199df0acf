import type { ISchemaProvider } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import type { AcodeConfig } from '../config/acode-config.js';

/**
 * Custom tools from configuration (FR-070..073): `tool_registry.custom_tools`, `tools.custom` and
 * `tools.custom_tools`. Runs after the core tools (priority 100). The entries are offered as
 * written (normalised, not validated): the registry checks each one like any other definition,
 * and a broken entry is skipped with its source named, never stopping the rest.
 */
export class ConfigToolsProvider implements ISchemaProvider {
  readonly name = 'ConfigTools';
  readonly priority = 100;
  // Keyed by the entry itself: a malformed entry may be a string or number, not an object.
  private readonly sources = new Map<unknown, string>();
  private readonly definitions: readonly ToolDefinition[];

  constructor(config: Pick<AcodeConfig, 'customTools'>) {
    for (const { definition, source } of config.customTools) {
      if (!this.sources.has(definition)) this.sources.set(definition, source);
    }
    // Unvalidated on purpose (see above); the registry is what turns them into real definitions.
    this.definitions = config.customTools.map(({ definition }) => definition as ToolDefinition);
  }

  /** The custom tool entries, in configuration order. */
  getToolDefinitions(): readonly ToolDefinition[] {
    return this.definitions;
  }

  /** `<file>#<key>[<index>]` of an entry, such as `/repo/.agent/config.yml#tools.custom[2]`. */
  sourceOf(definition: ToolDefinition): string | undefined {
    return this.sources.get(definition);
  }
}
