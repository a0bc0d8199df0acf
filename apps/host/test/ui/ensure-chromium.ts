import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The test set-up installs Debian's chromium when no browser is there and it can (issue 16:
 * "installed by the test set-up"): as root, with apt-get. Returns what happened, for the skip
 * reason when it could not; an install that fails never fails the suite, the browser tests skip.
 */
export function ensureChromium(paths: readonly string[]): { readonly installed: boolean; readonly note?: string } {
  if (paths.some((path) => existsSync(path))) return { installed: false };
  if (process.getuid?.() !== 0) return { installed: false, note: 'not root, so apt-get cannot install chromium' };
  if (!hasCommand('apt-get')) return { installed: false, note: 'no apt-get to install chromium with' };
  try {
    // Minutes at most: the package list, then chromium and its libraries.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', timeout: 600_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return { installed: true };
  } catch (error) {
    return { installed: false, note: `apt-get install chromium failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
}

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
