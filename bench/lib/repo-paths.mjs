// @ts-check
/**
 * Where the bench finds the built packages. The root `node_modules` does not link the workspace
 * packages, so the bench reaches their `dist` (and the infrastructure package's own
 * dependencies) by path, exactly the files `pnpm build` produces.
 */
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = new URL('../../', import.meta.url);

/**
 * An absolute file URL inside the repository.
 *
 * @param {string} relativePath Path from the repository root, with forward slashes.
 * @returns {URL}
 */
export function repoUrl(relativePath) {
  return new URL(relativePath, REPO_ROOT);
}

/**
 * An absolute file-system path inside the repository.
 *
 * @param {string} relativePath Path from the repository root, with forward slashes.
 * @returns {string}
 */
export function repoPath(relativePath) {
  return fileURLToPath(repoUrl(relativePath));
}
