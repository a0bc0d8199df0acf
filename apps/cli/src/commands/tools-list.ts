import type { ToolCategory } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { renderToolTable } from '../render/tool-table.js';
import type { CliRuntime } from '../runtime.js';
import type { OutputView } from './view.js';

/** Options of `acode tools list`. */
export interface ToolsListOptions {
  readonly category?: ToolCategory;
  readonly json: boolean;
}

/**
 * `acode tools list`: the highest version of every registered tool, optionally of one category,
 * as a table with a total, or as a JSON array of definitions. An empty list is not an error.
 */
export function toolsList(runtime: Pick<CliRuntime, 'registry'>, options: ToolsListOptions, view: OutputView): CommandOutput {
  const { registry } = runtime;
  const tools = options.category === undefined ? registry.getAllTools() : registry.getToolsByCategory(options.category);
  if (options.json) return { exitCode: EXIT_CODES.OK, stdout: JSON.stringify(tools, null, 2) + '\n' };

  const scope = options.category === undefined ? '' : ` in category '${options.category}'`;
  if (tools.length === 0) return { exitCode: EXIT_CODES.OK, stdout: `No tools registered${scope}.\n` };
  const total = `Total: ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'} registered${scope}`;
  return { exitCode: EXIT_CODES.OK, stdout: [...renderToolTable(tools, view.width), '', total].join('\n') + '\n' };
}
