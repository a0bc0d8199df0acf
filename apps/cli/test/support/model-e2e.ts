import { startScriptedModelServer, type ScriptedModelServer, type ScriptStep } from '@acode/infrastructure/testing';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './spawn-acode.js';

const STACK_TRACE = /\n\s+at /;

/** The shared set-up of the end-to-end suites that drive the built bin against scripted model servers. */
export interface ModelE2e {
  /** The suite's temporary directory; projects go below it. */
  readonly root: string;
  /** The HOME every run gets, so no user configuration leaks in. */
  readonly home: string;
  /** Runs the built bin in `cwd`; every run is checked for stack traces when the suite ends. */
  run(args: string[], cwd: string): Promise<AcodeRun>;
  /** A scripted model server on 127.0.0.1, closed after the test. */
  server(script: readonly ScriptStep[], models?: readonly string[]): Promise<ScriptedModelServer>;
}

/**
 * Registers the suite's hooks (temporary root, servers closed after each test, the root removed
 * at the end) and checks, once every test ran, that whatever failed, failed with a message:
 * never a stack trace, an exception class name or an internal error.
 */
export function useModelE2e(prefix: string): ModelE2e {
  let root = '';
  let home = '';
  const servers: ScriptedModelServer[] = [];
  const runs: AcodeRun[] = [];

  beforeAll(() => {
    assertBuilt();
    root = mkdtempSync(join(tmpdir(), prefix));
    home = join(root, 'home');
    mkdirSync(home);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    for (const run of runs) {
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(run.stdout + run.stderr).not.toMatch(/Exception\b|internal error/);
    }
  });

  return {
    get root() {
      return root;
    },
    get home() {
      return home;
    },
    async run(args, cwd) {
      const result = await acode(args, { cwd, home });
      runs.push(result);
      return result;
    },
    async server(script, models = ['llama3.2:latest']) {
      const started = await startScriptedModelServer({ script, models });
      servers.push(started);
      return started;
    },
  };
}
