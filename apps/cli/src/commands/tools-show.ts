import { toErrorEnvelope } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { renderToolDetails } from '../render/tool-details.js';
import { renderFailureDetails } from '../render/validation-result.js';
import type { CliRuntime } from '../runtime.js';
import { unknownToolFailure } from './unknown-tool.js';
import type { OutputView } from './view.js';

/** Options of `acode tools show`. */
export interface ToolsShowOptions {
  /** Name or alias, any case. */
  readonly name: string;
  /** Exact version or range; the highest when absent. */
  readonly version?: string;
  readonly json: boolean;
}

/**
 * `acode tools show NAME`: one definition in detail (000 scenario 2), or as JSON. An unknown
 * name or version exits 1 with ACODE-TSR-001, the available tools and a "did you mean".
 */
export function toolsShow(runtime: Pick<CliRuntime, 'registry' | 'correlationId'>, options: ToolsShowOptions, view: OutputView): CommandOutput {
  const { registry } = runtime;
  const query = options.version === undefined ? {} : { version: options.version };
  const lookup = registry.findTool(options.name, query);
  if (lookup === undefined) {
    const failure = unknownToolFailure(registry, options.name, query, runtime.correlationId());
    return options.json
      ? { exitCode: EXIT_CODES.VALIDATION_FAILED, stdout: JSON.stringify(toErrorEnvelope(failure), null, 2) + '\n' }
      : { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: renderFailureDetails(failure, { style: view.style }) };
  }
  const { definition } = lookup;
  if (options.json) return { exitCode: EXIT_CODES.OK, stdout: JSON.stringify(definition, null, 2) + '\n' };
  return { exitCode: EXIT_CODES.OK, stdout: renderToolDetails(definition, registry.getVersions(definition.name), view.style) };
}
