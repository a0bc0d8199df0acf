/** Variables every handler process gets, when the host has them: what ordinary programs need to run. */
export const BASE_HANDLER_ENV: readonly string[] = Object.freeze(['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']);

/** Longest list `execution.handler_env` may name, and the shape of a name in it. */
export const MAX_HANDLER_ENV_NAMES = 100;
export const HANDLER_ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The environment a handler process starts with, and the one `command_execute` gives its shell:
 * an allowlist, never the host's whole environment less a denylist. {@link BASE_HANDLER_ENV}
 * plus the names the configuration adds (`execution.handler_env`), each only when the host has
 * it. A denylist by name misses `DATABASE_URL`, `GH_PAT`, `OPENAI_KEY`, `NPM_CONFIG__AUTH`; the
 * model server's key or a CI token has no business in tool code, and a handler (or a command it
 * runs) that needs a credential is given it by name in the configuration. Names are matched
 * exactly (case-sensitive, as POSIX environments are).
 */
export function handlerEnvironment(environment: NodeJS.ProcessEnv, extraNames: readonly string[] = []): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of [...BASE_HANDLER_ENV, ...extraNames]) {
    if (!Object.hasOwn(environment, name)) continue;
    const value = environment[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}
