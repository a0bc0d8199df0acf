import type { ILogger, ITelemetryStore } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { lazyTelemetryStore } from '../../src/gateway/lazy-telemetry-store.js';
import { TELEMETRY_ROW } from '../support/telemetry-row.js';

const ROW = TELEMETRY_ROW;

function recordingLogger(): { logger: ILogger; warnings: string[] } {
  const warnings: string[] = [];
  const ignore = (): void => {};
  const logger = { debug: ignore, info: ignore, warn: (message: string) => warnings.push(message), error: ignore } as unknown as ILogger;
  return { logger, warnings };
}

describe('lazyTelemetryStore', () => {
  it('opens the store on the first row, once, and closes only what it opened', () => {
    const rows: ToolCallTelemetryRecord[] = [];
    let opened = 0;
    let closed = 0;
    const inner = { record: (row: ToolCallTelemetryRecord) => rows.push(row), close: () => closed++ } as unknown as ITelemetryStore;
    const { logger } = recordingLogger();
    const unused = lazyTelemetryStore(() => (opened++, inner), logger);
    unused.close();
    expect([opened, closed]).toEqual([0, 0]);

    const store = lazyTelemetryStore(() => (opened++, inner), logger);
    store.record(ROW);
    store.record(ROW);
    store.close();
    expect([opened, rows.length, closed]).toEqual([1, 2, 1]);
  });

  it('goes on without telemetry when the store cannot be opened, saying so once with ACODE-TEL-001', () => {
    let attempts = 0;
    const { logger, warnings } = recordingLogger();
    const store = lazyTelemetryStore(() => {
      attempts++;
      throw new Error('Telemetry database /x/acode.db cannot be created: permission denied.');
    }, logger);
    expect(() => store.record(ROW)).not.toThrow();
    expect(() => store.record(ROW)).not.toThrow();
    expect(store.query()).toEqual([]);
    expect(attempts).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ACODE-TEL-001');
  });
});
