import type { ILogger } from '@acode/application';
import type { ToolCall, ToolCallError, ToolCallSettings } from '@acode/domain';
import { scrubArgumentsText, scrubSecrets } from './scrub-secrets.js';

/** How one parse went, as its log line says it. */
export type ParseOutcome = 'success' | 'repaired' | 'failed';

/** What one parse produced, for its log lines. */
export interface ParseLogEntry {
  readonly toolCalls: readonly ToolCall[];
  readonly errors: readonly ToolCallError[];
  readonly correlationId: string;
  readonly provider: string | undefined;
  readonly parseTimeMs: number;
}

/**
 * Writes the log lines of one parse (002 NFR-011, NFR-015..018):
 *
 * - info, always: `Parsed N tool call(s) (R repaired, F failed)` with the correlation id, tool
 *   names, ids, error codes, the outcome, repair names and the parse time; never a value;
 * - warn, per failed call: index, id, tool and code (not the message, which may quote the text);
 * - debug, when `logRepairDetails`: the repairs of each repaired call;
 * - debug, when `logArgumentValues`: each call's arguments (and each failure's raw text),
 *   scrubbed of secret-looking values by {@link scrubSecrets}.
 */
export function logParseResult(logger: ILogger, entry: ParseLogEntry, settings: ToolCallSettings): ParseOutcome {
  const { toolCalls, errors, correlationId } = entry;
  const repaired = toolCalls.filter((call) => call.repairs.length > 0);
  const outcome: ParseOutcome = errors.length > 0 ? 'failed' : repaired.length > 0 ? 'repaired' : 'success';

  logger.info(`Parsed ${toolCalls.length} tool call(s) (${repaired.length} repaired, ${errors.length} failed)`, {
    correlation_id: correlationId,
    ...(entry.provider === undefined ? {} : { provider: entry.provider }),
    parse_result: outcome,
    tool_names: toolCalls.map((call) => call.name),
    call_ids: toolCalls.map((call) => call.id),
    error_codes: errors.map((error) => error.code),
    repairs: [...new Set(toolCalls.flatMap((call) => call.repairs))],
    parse_time_ms: Math.round(entry.parseTimeMs * 1000) / 1000,
  });

  for (const error of errors) {
    logger.warn(`Tool call ${error.index} failed with ${error.code}`, {
      correlation_id: correlationId,
      index: error.index,
      error_code: error.code,
      ...(error.id === undefined ? {} : { call_id: error.id }),
      ...(error.tool === undefined ? {} : { tool_name: error.tool }),
      ...(error.source === undefined ? {} : { source: error.source }),
    });
  }

  if (settings.logRepairDetails) {
    for (const call of repaired) {
      logger.debug(`Repair applied: ${call.repairs.join(', ')}`, { correlation_id: correlationId, tool_name: call.name, call_id: call.id, repairs: call.repairs });
    }
  }

  if (settings.logArgumentValues) {
    for (const call of toolCalls) {
      logger.debug(`Arguments of ${call.name} (${call.id})`, { correlation_id: correlationId, tool_name: call.name, call_id: call.id, arguments: scrubSecrets(call.arguments) });
    }
    for (const error of errors) {
      if (error.rawArguments === undefined) continue;
      logger.debug(`Arguments text of failed tool call ${error.index}`, { correlation_id: correlationId, index: error.index, arguments: scrubArgumentsText(error.rawArguments) });
    }
  }
  return outcome;
}
