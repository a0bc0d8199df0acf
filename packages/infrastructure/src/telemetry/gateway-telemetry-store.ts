import type { ITelemetryStore, TelemetryQuery, ToolCallStats } from '@acode/application';
import { ERROR_CODE_TITLES, type ErrorCode, type ToolCallTelemetryRecord } from '@acode/domain';
import { scrubArgumentsText, scrubSecrets } from '../tool-calls/scrub-secrets.js';

/** The provider the gateway's rows are recorded under: `acode providers stats gateway` reads them. */
export const GATEWAY_TELEMETRY_PROVIDER = 'gateway';

/**
 * The gateway's view of a telemetry store (issue 15): every row recorded through it is filed
 * under provider {@link GATEWAY_TELEMETRY_PROVIDER} with `upstream` naming the model server that
 * answered (the model stays the one it answered as), so gateway traffic is told apart from the
 * CLI's calls to the same server. Argument values never go in: the arguments are left out and an
 * error message (which may quote them) is replaced by its code's title, whatever
 * `log_argument_values` says, since the arguments are a third party's. Reads and `close` go to
 * `store` unchanged.
 *
 * @param upstream The upstream as rows name it: its `model.providers` name, or its base URL.
 */
export function gatewayTelemetryStore(store: ITelemetryStore, upstream: string): ITelemetryStore {
  return {
    record(row: ToolCallTelemetryRecord): void {
      const { originalArguments, finalArguments, errorMessage, ...rest } = row;
      const lastCode = row.errorCodes.at(-1) as ErrorCode | undefined;
      const title = lastCode === undefined ? undefined : ERROR_CODE_TITLES[lastCode];
      const message = errorMessage === undefined ? undefined : title;
      store.record({
        ...rest,
        provider: GATEWAY_TELEMETRY_PROVIDER,
        upstream,
        ...(originalArguments === undefined ? {} : { originalArguments: scrubStoredArguments(originalArguments) }),
        ...(finalArguments === undefined ? {} : { finalArguments: scrubStoredArguments(finalArguments) }),
        ...(message === undefined ? {} : { errorMessage: message }),
      });
    },
    query: (query?: TelemetryQuery): readonly ToolCallTelemetryRecord[] => store.query(query),
    findByCorrelationId: (correlationId: string): readonly ToolCallTelemetryRecord[] => store.findByCorrelationId(correlationId),
    stats: (query?: TelemetryQuery): ToolCallStats => store.stats(query),
    ...(store.callStats === undefined ? {} : { callStats: store.callStats.bind(store) }),
    ...(store.recentCalls === undefined ? {} : { recentCalls: store.recentCalls.bind(store) }),
    ...(store.findCall === undefined ? {} : { findCall: store.findCall.bind(store) }),
    close: (): void => store.close(),
  };
}

/**
 * Arguments text with every secret-named key's value redacted, however long the text: JSON is
 * always parsed and scrubbed by key (the gateway's argument size limit bounds the parse), since
 * the token scan alone redacts only the first word of a value (`"password":"correct horse…"`).
 * Only text that is not JSON gets the token scan.
 */
function scrubStoredArguments(text: string): string {
  try {
    return JSON.stringify(scrubSecrets(JSON.parse(text)));
  } catch {
    return scrubArgumentsText(text);
  }
}
