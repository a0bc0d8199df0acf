// @ts-check
/**
 * What the import-cost section loads (issue 14): this project's light core entry and one of its
 * subpaths, beside the official `openai` and `ollama` clients, each in a fresh `node` process.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { repoPath, repoUrl } from '../repo-paths.mjs';

/**
 * @typedef {object} ImportSubject
 * @property {string} label What the row is called.
 * @property {string | undefined} url The module a child process imports; `undefined` for `node -e 0`.
 * @property {boolean} [judged] Whether issue 14's goals apply to the row.
 */

/** Goals of issue 14 for the core entry, above `node -e 0`. */
export const IMPORT_GOALS = Object.freeze({ ms: 50, mib: 20 });

/**
 * The subjects, baseline first. A peer that is not installed is left out (and said so by the caller).
 *
 * @returns {{ subjects: ImportSubject[], missing: string[] }}
 */
export function importSubjects() {
  const require = createRequire(repoPath('package.json'));
  /** @type {ImportSubject[]} */
  const subjects = [
    { label: 'node -e 0 (baseline)', url: undefined },
    { label: '@acode/infrastructure (main entry)', url: repoUrl('packages/infrastructure/dist/index.js').href, judged: true },
    { label: '@acode/infrastructure/repair', url: repoUrl('packages/infrastructure/dist/repair/index.js').href },
  ];
  /** @type {string[]} */
  const missing = [];
  for (const peer of ['openai', 'ollama']) {
    try {
      subjects.push({ label: peer, url: pathToFileURL(require.resolve(peer)).href });
    } catch {
      missing.push(peer);
    }
  }
  return { subjects, missing };
}
