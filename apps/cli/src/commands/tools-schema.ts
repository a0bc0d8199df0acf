import { ERROR_CODES } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { displayName, safeJson } from '../render/text.js';
import { renderFailureDetails } from '../render/validation-result.js';
import type { CliRuntime } from '../runtime.js';
import { unknownToolFailure } from './unknown-tool.js';
import type { OutputView } from './view.js';

/**
 * `acode tools schema NAME --format F`: a registered tool's declaration as the provider expects
 * it, as JSON. Works for every registered tool (core, configured and built); an unknown tool
 * exits 1 with ACODE-TSR-001 as `tools show` does, an unknown format 2.
 */
export function toolsSchema(
  runtime: Pick<CliRuntime, 'execution' | 'registry' | 'correlationId'>,
  options: { readonly name: string; readonly format: string },
  view: OutputView,
): CommandOutput {
  const { providerFormats } = runtime.execution;
  if (!providerFormats.includes(options.format)) {
    const message = `Unknown --format '${displayName(options.format)}'. Use one of: ${providerFormats.join(', ')}.`;
    return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message, helpCommand: 'acode tools schema' }) };
  }
  const lookup = runtime.registry.findTool(options.name);
  if (lookup === undefined) {
    const failure = unknownToolFailure(runtime.registry, options.name, {}, runtime.correlationId());
    return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: renderFailureDetails(failure, { style: view.style }) };
  }
  return { exitCode: EXIT_CODES.OK, stdout: safeJson(runtime.execution.providerTool(lookup.definition, options.format), 2) + '\n' };
}
