import { ERROR_CODES } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { displayDocument, displayName } from '../render/text.js';
import { formatUnavailableService } from '../render/unavailable-service.js';
import type { CliRuntime } from '../runtime.js';

/**
 * `acode tools doc NAME`: the full `doc.md` of a built tool, the on-demand tier of the docs.
 * NAME may be an alias in any case (the registry resolves it). A name the built registry has no
 * tool for exits 1 with ACODE-TSR-001 and the names it has.
 */
export function toolsDoc(runtime: Pick<CliRuntime, 'execution' | 'registry'>, options: { readonly name: string }): CommandOutput {
  const catalog = runtime.execution.catalog();
  if (!catalog.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(catalog.error) };
  const canonical = runtime.registry.findTool(options.name)?.definition.name;
  const tool = canonical === undefined ? undefined : catalog.value.find(canonical);
  if (tool === undefined) {
    // Only what the registry offers: a tool of `disabled_tools` is not available.
    const available = catalog.value
      .tools()
      .map((candidate) => candidate.definition.name)
      .filter((name) => runtime.registry.findTool(name) !== undefined);
    const names = available.length === 0 ? 'none' : available.join(', ');
    // Names come from the built registry, which only holds valid tool names; the typed name is escaped and cut.
    const message = `Tool '${displayName(options.name)}' has no documentation in the built registry. Available tools: ${names}.`;
    return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: `[${ERROR_CODES.UNKNOWN_TOOL}] ${message}\n` };
  }
  const text = displayDocument(tool.documentation);
  return { exitCode: EXIT_CODES.OK, stdout: text.endsWith('\n') ? text : `${text}\n` };
}
