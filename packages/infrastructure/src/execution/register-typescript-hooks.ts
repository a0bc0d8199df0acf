import { register } from 'node:module';

let registered = false;

/** URL of the hooks module, for a child process's `--import` (see `typescript-hooks-entry.ts`). */
export const TYPESCRIPT_HOOKS_ENTRY_URL = new URL('./typescript-hooks-entry.js', import.meta.url).href;

/**
 * Lets this process import `handler.ts` files (types stripped by TypeScript). Idempotent.
 * TypeScript itself is loaded only when a `.ts` file is imported; without the `typescript`
 * package installed that import fails with "Cannot find package 'typescript'".
 */
export function registerTypeScriptHooks(): void {
  if (registered) return;
  register(new URL('./typescript-hooks.js', import.meta.url));
  registered = true;
}
