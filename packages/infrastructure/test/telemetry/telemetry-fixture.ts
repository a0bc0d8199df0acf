import type { ToolCallTelemetryRecord } from '@acode/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { SqliteTelemetryStore } from '../../src/telemetry/index.js';

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temp directory, removed after the test. */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'acode-telemetry-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Opens a store that is closed after the test (before its directory is removed). */
export function openStore(file: string, options?: { readonly?: boolean }): SqliteTelemetryStore {
  const store = SqliteTelemetryStore.open(file, options);
  cleanups.push(() => store.close());
  return store;
}

/** A valid row; `overrides` set the fields a test is about. */
export function makeRecord(overrides: Partial<ToolCallTelemetryRecord> = {}): ToolCallTelemetryRecord {
  return {
    timestamp: '2025-01-15T14:23:47.123Z',
    correlationId: 'corr-1',
    provider: 'ollama',
    model: 'llama3.2',
    tool: 'read_file',
    callId: 'call_1',
    parseResult: 'success',
    repairs: [],
    retryCount: 0,
    errorCodes: [],
    parseMs: 0.5,
    repairMs: 0,
    retryMs: 0,
    tokens: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
    ...overrides,
  };
}

/** Runs `fn` and returns what it threw (failing the test when it did not throw). */
export function thrownBy(fn: () => unknown): { code?: unknown; message: string; stack?: string } {
  try {
    fn();
  } catch (error) {
    return error as { code?: unknown; message: string };
  }
  throw new Error('expected a throw');
}
