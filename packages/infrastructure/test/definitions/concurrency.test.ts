import { ERROR_CODES } from '@acode/domain';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDefinition, makeTempDir, openDefinitionStore } from './definition-fixture.js';

const TELEMETRY_FIXTURES = fileURLToPath(new URL('../telemetry/fixtures/', import.meta.url));
const CHILD = fileURLToPath(new URL('./fixtures/create-definition.ts', import.meta.url));
const PROCESSES = 6;

interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  readonly outcome: Promise<string>;
}

/** Starts a child that opens the store and waits for a line on stdin before creating `name` v`version`. */
function startChild(file: string, name: string, version: string): Child {
  const child = spawn(process.execPath, ['--import', join(TELEMETRY_FIXTURES, 'register-ts.mjs'), CHILD, file, name, version], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  lines.on('line', (line) => {
    output.push(line);
    if (line === 'ready') onReady();
  });
  const outcome = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output.at(-1) ?? '') : reject(new Error(`child exited ${code}: ${stderr}`))));
  });
  return { process: child, ready, outcome };
}

describe('SqliteToolDefinitionStore: concurrent creates of one name and version', () => {
  it('lets exactly one of several processes create it; the others get ACODE-TDS-002', async () => {
    const file = join(makeTempDir(), '.agent', 'acode.db');
    // Migrated first, so the race is over the create and not the schema.
    openDefinitionStore(file).close();
    const children = Array.from({ length: PROCESSES }, (_, index) => startChild(file, index % 2 === 0 ? 'race_tool' : 'Race_Tool', '1.0.0'));
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.process.stdin.end('go\n');
    const outcomes = await Promise.all(children.map((child) => child.outcome));

    const created = outcomes.filter((line) => line.startsWith('created '));
    expect(created).toHaveLength(1);
    expect(outcomes.filter((line) => line === `refused ${ERROR_CODES.DEFINITION_STORE_DUPLICATE}`)).toHaveLength(PROCESSES - 1);
    const stored = openDefinitionStore(file).list();
    expect(stored.map((record) => record.id)).toEqual([created[0]!.slice('created '.length)]);
  }, 60_000);

  it('keeps one row per name and version when two connections create the same names in turn', () => {
    const file = join(makeTempDir(), 'acode.db');
    const first = openDefinitionStore(file);
    const second = openDefinitionStore(file);
    const winners: string[] = [];
    for (let index = 0; index < 40; index++) {
      const definition = makeDefinition({ name: `tool_${index % 10}`, version: `1.${Math.floor(index / 10) % 2}.0` });
      const [one, other] = index % 2 === 0 ? [first, second] : [second, first];
      const attempts = [one, other].map((store) => {
        try {
          store.create({ definition, licenseTier: 'teams' });
          return 'created';
        } catch (error) {
          return (error as { code?: string }).code;
        }
      });
      winners.push(...attempts.filter((attempt) => attempt === 'created'));
      // The second connection sees the first one's commit inside its own transaction.
      expect(attempts.filter((attempt) => attempt === ERROR_CODES.DEFINITION_STORE_DUPLICATE).length).toBeGreaterThanOrEqual(1);
    }
    // 10 names × 2 versions: every pair created once, whichever connection asked.
    expect(winners).toHaveLength(20);
    expect(first.list()).toHaveLength(20);
    expect(second.list()).toEqual(first.list());
  });
});
