import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built bin; the root `test` script builds every package before running the tests. */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** Fails with a clear message instead of a spawn error when the CLI was not built. */
export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (cd apps/cli && npx tsc -p tsconfig.build.json)`);
}

/** What one run of the bin did. */
export interface AcodeRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node apps/cli/dist/bin.js ...args` in `cwd`, with a clean environment: HOME points at
 * `home` so the developer's own `~/.acode/config.yml` never leaks in, and the pnpm variables of
 * the test run itself are removed.
 */
export function acode(args: readonly string[], options: { cwd: string; home: string; input?: string | Buffer; env?: Record<string, string> }): Promise<AcodeRun> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: options.home, NO_COLOR: '1', ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // The CLI may stop reading early (oversized input): that is the behaviour under test.
    child.stdin.on('error', () => {});
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}
