// @ts-check
/**
 * The peer reference for repair: the `jsonrepair` library (a devDependency, never shipped). It
 * throws on text it cannot repair; the bench wants a value, so a failure is `undefined`.
 */
import { jsonrepair } from 'jsonrepair';

/** Shown in the report. */
export const JSONREPAIR_NAME = 'jsonrepair';

/**
 * Repairs `text` with jsonrepair.
 *
 * @param {string} text
 * @returns {string | undefined} The repaired JSON text, or `undefined` when jsonrepair gave up.
 */
export function repairWithJsonrepair(text) {
  try {
    return jsonrepair(text);
  } catch {
    return undefined;
  }
}
