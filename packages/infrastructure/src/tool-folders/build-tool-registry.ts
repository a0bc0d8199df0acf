import { BUILT_TOOL_REGISTRY_FORMAT, BUILT_TOOL_REGISTRY_FORMAT_VERSION, type BuiltToolRegistry } from '@acode/domain';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../config/write-file-atomic.js';
import { isBuildError } from './folder-problem.js';
import { readGitCommit } from './git-commit.js';
import { lintToolFolders } from './lint-tool-folders.js';
import { registryContentHash } from './registry-content-hash.js';
import type { BuildToolRegistryOptions, BuildToolRegistryResult } from './tool-folders-api.js';

/**
 * Lints the tool folders and, when nothing is wrong, writes `tool_registry.json` atomically
 * (003's builder). Any error stops the build with every problem listed and nothing written, so
 * an existing artifact stays as it was. Warnings (an empty tools directory, an action that writes
 * without confirmation) are returned beside the registry. The version is a content hash: the
 * same folders give the same version on any machine, at any time, from any absolute path.
 */
export async function buildToolRegistry(options: BuildToolRegistryOptions): Promise<BuildToolRegistryResult> {
  const outFile = resolve(options.outFile);
  const report = await lintToolFolders({ ...options, artifactDir: dirname(outFile) });
  if (report.problems.some(isBuildError)) return { ok: false, problems: report.problems };

  const hash = registryContentHash(report.tools);
  if (hash === undefined) throw new Error('tool definitions that passed the registry are not JSON'); // cannot happen: parsed from JSON
  const registry: BuiltToolRegistry = {
    format: BUILT_TOOL_REGISTRY_FORMAT,
    formatVersion: BUILT_TOOL_REGISTRY_FORMAT_VERSION,
    version: hash.version,
    contentHash: hash.contentHash,
    gitCommit: (options.gitCommit ?? readGitCommit)(report.toolsDir),
    builtAt: (options.now ?? (() => new Date()))().toISOString(),
    tools: report.tools,
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileAtomic(outFile, `${JSON.stringify(registry, null, 2)}\n`);
  return { ok: true, registry, outFile, warnings: report.problems };
}
