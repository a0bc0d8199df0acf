import type { ITelemetryStore } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { displayMessage, displayName } from '../render/text.js';
import { renderToolCallHistory } from '../render/tool-call-history.js';
import type { CliRuntime } from '../runtime.js';
import { expectedFailure } from './model-failure.js';
import type { OutputView } from './view.js';

/** Options of `acode debug tool-call`. */
export interface DebugToolCallOptions {
  readonly correlationId: string;
  readonly json: boolean;
}

/**
 * `acode debug tool-call --correlation-id ID`: every tool call recorded under the id, in 002's
 * layout. Exit 1 when nothing is recorded under it (a mistyped id, or a run that recorded
 * elsewhere), 2 when the database cannot be read.
 */
export function debugToolCall(runtime: CliRuntime, options: DebugToolCallOptions, view: OutputView): CommandOutput {
  let store: ITelemetryStore | undefined;
  let records: readonly ToolCallTelemetryRecord[];
  try {
    store = runtime.models.readTelemetry();
    records = store?.findByCorrelationId(options.correlationId) ?? [];
  } catch (error) {
    return expectedFailure(error);
  } finally {
    store?.close();
  }

  if (records.length === 0) {
    const where = store === undefined ? `there is no telemetry database at ${runtime.models.telemetryPath} yet` : `searched ${runtime.models.telemetryPath}`;
    return {
      exitCode: EXIT_CODES.VALIDATION_FAILED,
      stderr: `No tool call recorded under correlation id '${displayName(options.correlationId)}' (${displayMessage(where)}).\n`,
    };
  }
  if (options.json) return { exitCode: EXIT_CODES.OK, stdout: JSON.stringify(records, null, 2) + '\n' };
  return { exitCode: EXIT_CODES.OK, stdout: renderToolCallHistory(options.correlationId, records, view.style) };
}
