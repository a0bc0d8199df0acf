import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PROJECT_CONFIG_PATH } from './config-limits.js';

/**
 * Finds `.agent/config.yml` in `cwd` or the nearest directory above it (decision 6), stopping at
 * the filesystem root. Returns the absolute path, or `undefined` when there is none.
 */
export function findProjectConfig(cwd: string): string | undefined {
  let directory = resolve(cwd);
  for (;;) {
    const candidate = join(directory, PROJECT_CONFIG_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
