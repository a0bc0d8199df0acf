// @ts-check
/**
 * Runs the safety contract over this project's argument decoding and over jsonrepair, on the same
 * seeded cases, for the bench and for `pnpm fuzz:repair`.
 */
import { JSONREPAIR_NAME } from '../jsonrepair-peer.mjs';
import { loadAcodeSubject } from './acode-subject.mjs';
import { jsonrepairSubject } from './peer-subject.mjs';
import { runSafety } from './safety-run.mjs';

/** The bench's seed and size: 100,000 cases, a few seconds. */
export const SAFETY_SEED = 20261124;
export const SAFETY_CASES = 100_000;

/**
 * @param {{ seed?: number, count?: number }} [options]
 * @returns {Promise<import('./safety-table.mjs').SafetyComparison>}
 */
export async function runSafetyComparison({ seed = SAFETY_SEED, count = SAFETY_CASES } = {}) {
  const acode = runSafety(await loadAcodeSubject(), { seed, count });
  const peer = runSafety(jsonrepairSubject, { seed, count, keepExamples: 0 });
  return { seed, count, acode, peer, peerName: JSONREPAIR_NAME };
}
