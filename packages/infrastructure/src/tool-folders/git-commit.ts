import { execFileSync } from 'node:child_process';

/** How long `git rev-parse` may take before the commit is recorded as unknown. */
const GIT_TIMEOUT_MS = 5_000;

/**
 * `git rev-parse HEAD` of the repository holding `toolsDir`, or `null` when there is none (no
 * git, not a repository, no commit yet, a timeout). Never throws: the commit is informative and
 * outside the content hash.
 */
export function readGitCommit(toolsDir: string): string | null {
  try {
    const output = execFileSync('git', ['-C', toolsDir, 'rev-parse', 'HEAD'], { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] });
    const commit = output.trim();
    return /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}
