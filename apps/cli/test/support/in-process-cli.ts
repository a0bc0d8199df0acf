import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from '../../src/main.js';
import { captureIo } from './capture.js';

/** What one in-process run of `runCli` gave. */
export interface InProcessRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The shared set-up of suites that run `runCli` in-process with the real composition. */
export interface InProcessCli {
  /** The suite's temporary directory; projects go below it. */
  readonly root: string;
  /** The HOME every run gets, so no user configuration leaks in. */
  readonly home: string;
  /** A fresh project folder with `.agent/`, holding `config` as `.agent/config.yml` when given. */
  project(config?: string): string;
  /** Runs `runCli(argv)` in `cwd`, HOME the suite's and colours off. */
  run(argv: string[], cwd: string): Promise<InProcessRun>;
}

/** Registers the suite's hooks: a temporary root with a home made before the tests, removed after them. */
export function useInProcessCli(prefix: string): InProcessCli {
  let root = '';
  let home = '';
  let projects = 0;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), prefix));
    home = join(root, 'home');
    mkdirSync(home);
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return {
    get root() {
      return root;
    },
    get home() {
      return home;
    },
    project(config) {
      const dir = join(root, `project-${++projects}`);
      mkdirSync(join(dir, '.agent'), { recursive: true });
      if (config !== undefined) writeFileSync(join(dir, '.agent', 'config.yml'), config);
      return dir;
    },
    async run(argv, cwd) {
      const captured = captureIo({ cwd, env: { HOME: home, NO_COLOR: '1' } });
      const code = await runCli(argv, captured.io);
      return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
    },
  };
}
