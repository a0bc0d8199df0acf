// @ts-check
/**
 * The subject of the safety run: what the parser does with one call's arguments text, loaded from
 * the built package's modules so the run measures what the CLI and host run. First the split of
 * objects run together (`splitConcatenatedArguments`: the generator makes one object per case, so
 * a split whose pieces all decode would be a meaning change, and is returned as the array of
 * pieces), then `decodeArguments` (repair with `repairJson` when the text is not valid JSON, then
 * double encoding). The limits are the defaults (1 MiB, nesting 64); the clock never moves.
 */
import { repoUrl } from '../repo-paths.mjs';

/** @typedef {import('./safety-run.mjs').Subject} Subject */

/**
 * @returns {Promise<Subject>}
 */
export async function loadAcodeSubject() {
  const { repairJson } = await import(repoUrl('packages/infrastructure/dist/repair/index.js').href);
  const { decodeArguments } = await import(repoUrl('packages/infrastructure/dist/tool-calls/index.js').href);
  const { splitConcatenatedArguments } = await import(repoUrl('packages/infrastructure/dist/tool-calls/index.js').href);
  const clock = { now: () => 0 };
  const repairer = { repair: (/** @type {string} */ text, /** @type {any} */ options) => repairJson(text, { clock, ...options }) };
  const options = { maxSizeBytes: 1024 * 1024, maxDepth: 64, repairer, repairTimeoutMs: 100, subject: 'arguments' };
  /** @param {string} text */
  const decodeOne = (text) => decodeArguments(text, options);
  return (text) => {
    const split = splitConcatenatedArguments(text, 128);
    if (split.kind === 'several') {
      const pieces = split.pieces.map((/** @type {{ start: number, end: number }} */ piece) => decodeOne(text.slice(piece.start, piece.end)));
      return pieces.every((/** @type {{ ok: boolean }} */ piece) => piece.ok) ? { ok: true, value: pieces.map((/** @type {any} */ piece) => piece.value) } : { ok: false };
    }
    if (split.kind === 'too_many') return { ok: false };
    const decoded = decodeOne(text);
    return decoded.ok ? { ok: true, value: decoded.value } : { ok: false };
  };
}
