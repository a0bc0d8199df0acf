import type { ToolCallTelemetryRecord } from '@acode/domain';

/** One clean gateway telemetry row, for tests of the stores and views that carry rows. */
export const TELEMETRY_ROW: ToolCallTelemetryRecord = Object.freeze({
  timestamp: '2025-01-15T14:23:47.123Z',
  correlationId: 'c',
  provider: 'gateway',
  model: 'm',
  tool: 't',
  callId: 'call_1',
  parseResult: 'success',
  repairs: [],
  retryCount: 0,
  errorCodes: [],
  parseMs: 0,
  repairMs: 0,
  retryMs: 0,
  tokens: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
});
