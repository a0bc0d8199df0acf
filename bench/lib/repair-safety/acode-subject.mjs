// @ts-check
/**
 * The subject of the safety run: this project's argument decoding (`decodeArguments`, which
 * repairs with `repairJson` when the text is not valid JSON), loaded from the built package's
 * modules so the run measures what the CLI and host run. The limits are the defaults (1 MiB,
 * nesting 64); the clock never moves, so no case depends on the machine's speed.
 */
import { repoUrl } from '../repo-paths.mjs';

/** @typedef {import('./safety-run.mjs').Subject} Subject */

/**
 * @returns {Promise<Subject>}
 */
export async function loadAcodeSubject() {
  const { repairJson } = await import(repoUrl('packages/infrastructure/dist/repair/repair-json.js').href);
  const { decodeArguments } = await import(repoUrl('packages/infrastructure/dist/tool-calls/decode-arguments.js').href);
  const clock = { now: () => 0 };
  const repairer = { repair: (/** @type {string} */ text, /** @type {any} */ options) => repairJson(text, { clock, ...options }) };
  const options = { maxSizeBytes: 1024 * 1024, maxDepth: 64, repairer, repairTimeoutMs: 100, subject: 'arguments' };
  return (text) => {
    const decoded = decodeArguments(text, options);
    return decoded.ok ? { ok: true, value: decoded.value } : { ok: false };
  };
}
