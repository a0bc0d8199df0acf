import { register } from 'node:module';
import { builtFileUrl } from './built-file-url.js';

let registered = false;

/** URL of the hooks module, for a child process's `--import` (see `typescript-hooks-entry.ts`). */
export const TYPESCRIPT_HOOKS_ENTRY_URL = builtFileUrl('dist/execution/typescript-hooks-entry.js').href;

/**
 * Lets this process import `handler.ts` files (types stripped by TypeScript). Idempotent.
 * TypeScript itself is loaded only when a `.ts` file is imported; without the `typescript`
 * package installed that import fails with "Cannot find package 'typescript'".
 */
export function registerTypeScriptHooks(): void {
  if (registered) return;
  register(builtFileUrl('dist/execution/typescript-hooks.js'));
  registered = true;
}
