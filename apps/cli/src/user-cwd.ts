/**
 * The directory the user ran `acode` from. `pnpm -s acode ...` runs the root script from the
 * repository root, so `process.cwd()` is the repository, not the user's directory; pnpm (like
 * npm) records the directory it was invoked from in `INIT_CWD`. That variable is inherited by
 * every child of any package script, though, so it is trusted only when the running script is
 * the `acode` script itself; otherwise the process's own working directory is the answer.
 */
export function resolveUserCwd(env: Readonly<Record<string, string | undefined>>, processCwd: string): string {
  const initCwd = env['INIT_CWD'];
  return env['npm_lifecycle_event'] === 'acode' && initCwd !== undefined && initCwd !== '' ? initCwd : processCwd;
}
