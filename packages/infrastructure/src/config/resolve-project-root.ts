import { dirname, resolve } from 'node:path';
import { findProjectConfig } from './find-config-file.js';

/**
 * The project root: the directory holding the `.agent/` of the nearest `.agent/config.yml` at or
 * above `cwd` (decision 6), else `cwd` itself. `tools/`, `tool_registry.json` and the workspace
 * file tools are confined to are found from here, so every subdirectory names the same ones.
 */
export function resolveProjectRoot(cwd: string): string {
  const configFile = findProjectConfig(cwd);
  return configFile === undefined ? resolve(cwd) : dirname(dirname(configFile));
}
