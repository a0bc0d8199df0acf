// @ts-check
/**
 * The peer of the safety run: `jsonrepair` (a devDependency, never shipped) on the same damaged
 * texts, its output parsed with `JSON.parse`. It has no notion of refusing an ambiguous text, so
 * its meaning changes show what a repairer that always answers does with the same damage.
 */
import { repairWithJsonrepair } from '../jsonrepair-peer.mjs';

/** @type {import('./safety-run.mjs').Subject} */
export function jsonrepairSubject(text) {
  const repaired = repairWithJsonrepair(text);
  if (repaired === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(repaired) };
  } catch {
    return { ok: false };
  }
}
