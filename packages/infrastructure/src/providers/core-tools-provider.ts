import type { ISchemaProvider } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { CORE_TOOL_DEFINITIONS } from './core-tools/index.js';

/**
 * The built-in tools (FR-064): `file_read`, `file_write`, `directory_list`, `command_execute`
 * (000 Step 10, with the aliases `read_file`, `write_file`, `execute_command`) and `git_status`,
 * `git_diff`, `git_commit` (decision 1). Registered first (priority 0) and `builtIn`, so neither
 * configuration nor tool folders can take their names or aliases, whatever the version.
 */
export class CoreToolsProvider implements ISchemaProvider {
  readonly name = 'CoreTools';
  readonly priority = 0;
  /** Their names and aliases are reserved: configuration and tool folders cannot take them. */
  readonly builtIn = true;

  /** The deep-frozen core definitions; the same objects on every call. */
  getToolDefinitions(): readonly ToolDefinition[] {
    return CORE_TOOL_DEFINITIONS;
  }
}
