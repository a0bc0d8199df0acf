import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { makeTempDir, openStore } from './telemetry-fixture.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** Rows acknowledged before the child is killed: enough that the kill lands in the busy loop. */
const ACKNOWLEDGED_BEFORE_KILL = 150;

/**
 * Runs the recording child, SIGKILLs it once it has acknowledged enough rows, and returns every
 * row number it acknowledged (printed only after `record` returned).
 */
function recordUntilKilled(file: string): Promise<{ acknowledged: number[]; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', join(FIXTURES, 'register-ts.mjs'), join(FIXTURES, 'record-until-killed.ts'), file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: number[] = [];
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    createInterface({ input: child.stdout }).on('line', (line) => {
      acknowledged.push(Number(line));
      if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) child.kill('SIGKILL');
    });
    child.on('error', reject);
    // 'close' waits for stdout to drain, so every acknowledgement written before the kill is counted.
    child.on('close', (_code, signal) => resolve({ acknowledged, signal, stderr }));
  });
}

describe('SqliteTelemetryStore: crash durability', () => {
  it('keeps every row whose record() returned before the process was SIGKILLed mid-loop', async () => {
    const file = join(makeTempDir(), '.agent', 'acode.db');
    const { acknowledged, signal, stderr } = await recordUntilKilled(file);
    expect(stderr).toBe('');
    expect(signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(acknowledged).toEqual(acknowledged.map((_, index) => index));

    const store = openStore(file);
    const stored = new Set(store.query({ limit: 10_000 }).map((row) => row.callId));
    const missing = acknowledged.filter((index) => !stored.has(`call_${index}`));
    expect(missing).toEqual([]);
    // At most the row in flight at the kill is there without its acknowledgement.
    expect(stored.size - acknowledged.length).toBeLessThanOrEqual(1);
    store.close();

    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      raw.close();
    }
  });
});
