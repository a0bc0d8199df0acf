import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A temporary root for one test file, removed after its tests, and numbered project folders in it. */
export interface ProjectDirs {
  readonly root: string;
  /** A fresh project folder with `.agent/`, holding `config` as `.agent/config.yml` when given. */
  project(config?: string): string;
}

/** Makes the temporary root under `prefix` and registers its removal with `afterAll`. */
export function projectDirs(prefix: string): ProjectDirs {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  return {
    root,
    project(config?: string): string {
      const dir = join(root, `p${++count}`);
      mkdirSync(join(dir, '.agent'), { recursive: true });
      if (config !== undefined) writeFileSync(join(dir, '.agent', 'config.yml'), config);
      return dir;
    },
  };
}
