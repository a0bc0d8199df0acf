import type { InteractionMode, ToolDefinition } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { renderAvailableTools } from '../render/available-tools.js';
import { formatUnavailableService } from '../render/unavailable-service.js';
import type { CliRuntime } from '../runtime.js';

/**
 * `acode tools prompt [--mode text|voice]`: the "Available Tools" section built from the
 * summaries of the tools offered in the mode. A tool is offered when its `allowedModes` include
 * the mode (all modes when absent) and the registry holds it (`disabled_tools` leave it out).
 * No usable `tool_registry.json` exits 2 with ACODE-TBD-010.
 */
export function toolsPrompt(runtime: Pick<CliRuntime, 'execution' | 'registry'>, options: { readonly mode: InteractionMode }): CommandOutput {
  const catalog = runtime.execution.catalog();
  if (!catalog.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(catalog.error) };
  const offered = catalog.value
    .tools()
    .filter((tool) => isAllowedIn(tool.definition, options.mode) && runtime.registry.findTool(tool.definition.name) !== undefined);
  return { exitCode: EXIT_CODES.OK, stdout: renderAvailableTools(catalog.value.registryVersion, offered, options.mode) };
}

/** Whether a tool may be offered in a mode: every mode when it does not say. */
export function isAllowedIn(definition: Pick<ToolDefinition, 'allowedModes'>, mode: InteractionMode): boolean {
  return definition.allowedModes === undefined || definition.allowedModes.includes(mode);
}
