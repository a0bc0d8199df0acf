import type { ToolRegistryOptions } from '@acode/application';
import { dirname, join, resolve } from 'node:path';

/** Where `tools lint` and `tools build` read and write, resolved. */
export interface ToolFolderPaths {
  /** The directory the relative paths of the output are shown from. */
  readonly cwd: string;
  readonly toolsDir: string;
  /** `tool_registry.json`, absolute. */
  readonly outFile: string;
  /** Its directory: handler and folder paths in the artifact are relative to it. */
  readonly artifactDir: string;
  readonly registryOptions: ToolRegistryOptions;
}

/**
 * File name of the built registry in the project root: `TOOL_REGISTRY_FILE_NAME` of
 * `@acode/composition`, spelled here because importing a value from that package loads tsyringe
 * and `reflect-metadata`, which `tools lint` and `tools build` are kept free of.
 */
export const TOOL_REGISTRY_FILE = 'tool_registry.json';

/**
 * `--tools-dir` and `--out` resolve against the working directory, like every path typed on the
 * command line; their defaults are `tools/` and `tool_registry.json` of the project root.
 */
export function resolveToolFolderPaths(options: {
  readonly cwd: string;
  readonly projectRoot: string;
  readonly toolsDir?: string;
  readonly out?: string;
  readonly registryOptions: ToolRegistryOptions;
}): ToolFolderPaths {
  const toolsDir = options.toolsDir === undefined ? join(options.projectRoot, 'tools') : resolve(options.cwd, options.toolsDir);
  const outFile = options.out === undefined ? join(options.projectRoot, TOOL_REGISTRY_FILE) : resolve(options.cwd, options.out);
  return { cwd: options.cwd, toolsDir, outFile, artifactDir: dirname(outFile), registryOptions: options.registryOptions };
}
