// @ts-check
/**
 * Issue 11's safety contract as a run over generated damage: take random valid arguments,
 * serialise them, apply one to three damages of distinct kinds, and hand the text to a subject
 * (our argument decoding, or a peer). Each case ends one of three ways:
 *
 * - `recovered`: the subject's value equals the original arguments;
 * - `refused`: the subject refused (a missed call, which costs a model round trip);
 * - `meaning_change`: the subject returned another value (a call the model did not mean).
 *
 * Zero meaning changes is the contract. A case whose damaged text is itself valid JSON with another
 * value cannot be seen by any repairer; the generator avoids making them, and the run counts them
 * apart (`undetectable`) so that a generator bug shows instead of hiding in the totals.
 */
import { randomArguments } from './arguments-generator.mjs';
import { DAMAGES } from './damages.mjs';
import { LAYOUTS, render, tokenize } from './json-tokens.mjs';
import { createRandom } from './random.mjs';

/** @typedef {import('./arguments-generator.mjs').JsonValue} JsonValue */
/** @typedef {import('./damages.mjs').Damage} Damage */

/**
 * @typedef {object} DamageCase
 * @property {number} index
 * @property {{ [key: string]: JsonValue }} original
 * @property {string} text The damaged arguments text.
 * @property {string[]} damages The kinds applied, in order.
 */

/** @typedef {{ ok: true, value: unknown } | { ok: false }} SubjectAnswer */
/** @typedef {(text: string) => SubjectAnswer} Subject */
/** @typedef {'recovered' | 'refused' | 'meaning_change' | 'undetectable'} Outcome */

/** Text damages are applied after token damages; double encoding before the wrappers around it. */
const TEXT_ORDER = ['double_encoding', 'trailing_markup', 'prose_after', 'markdown_fence', 'prose_before'];

/**
 * Case `index` of the run seeded `seed`: the same pair always gives the same case.
 *
 * @param {number} seed
 * @param {number} index
 * @returns {DamageCase}
 */
export function damageCase(seed, index) {
  const random = createRandom((Math.imul(seed, 0x9e3779b1) ^ index) >>> 0);
  const original = randomArguments(random);
  let tokens = tokenize(original, random.pick(LAYOUTS));
  const wanted = 1 + random.int(3);
  /** @type {Damage[]} */
  const chosen = [];
  while (chosen.length < wanted) {
    const damage = random.pick(DAMAGES);
    if (!chosen.includes(damage)) chosen.push(damage);
  }
  /** @type {string[]} */
  const applied = [];
  for (const damage of chosen) {
    if (damage.acts !== 'tokens') continue;
    const next = damage.apply(tokens, random);
    if (next === undefined) continue;
    tokens = next;
    applied.push(damage.name);
  }
  let text = render(tokens);
  const textDamages = chosen.filter((damage) => damage.acts === 'text').sort((a, b) => TEXT_ORDER.indexOf(a.name) - TEXT_ORDER.indexOf(b.name));
  for (const damage of textDamages) {
    if (damage.acts !== 'text') continue;
    text = damage.apply(text, random);
    applied.push(damage.name);
  }
  return { index, original, text, damages: applied };
}

/**
 * Deep equality of JSON values, key order ignored.
 *
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  const bo = /** @type {Record<string, unknown>} */ (b);
  const ao = /** @type {Record<string, unknown>} */ (a);
  return ak.length === bk.length && ak.every((key) => Object.hasOwn(bo, key) && jsonEqual(ao[key], bo[key]));
}

/**
 * @param {DamageCase} item
 * @param {Subject} subject
 * @returns {Outcome}
 */
export function judge(item, subject) {
  if (item.damages.length === 0) return 'recovered';
  let answer;
  try {
    answer = subject(item.text);
  } catch {
    answer = { ok: false };
  }
  if (!answer.ok) return 'refused';
  if (jsonEqual(answer.value, item.original)) return 'recovered';
  try {
    if (!jsonEqual(JSON.parse(item.text), item.original)) return 'undetectable';
  } catch {
    // not valid JSON as damaged: the subject changed its meaning
  }
  return 'meaning_change';
}

/**
 * @typedef {object} Tally
 * @property {number} cases
 * @property {number} recovered
 * @property {number} refused
 * @property {number} meaning_change
 * @property {number} undetectable
 */

/** @returns {Tally} */
export function emptyTally() {
  return { cases: 0, recovered: 0, refused: 0, meaning_change: 0, undetectable: 0 };
}

/**
 * @typedef {object} SafetyReport
 * @property {Tally} total
 * @property {Map<string, Tally>} byDamage Every case counts under each kind it applied.
 * @property {DamageCase[]} meaningChanges The first few, to reproduce.
 */

/**
 * Runs `count` cases of `seed` through `subject`.
 *
 * @param {Subject} subject
 * @param {{ seed: number, count: number, keepExamples?: number }} options
 * @returns {SafetyReport}
 */
export function runSafety(subject, { seed, count, keepExamples = 20 }) {
  const total = emptyTally();
  /** @type {Map<string, Tally>} */
  const byDamage = new Map();
  /** @type {DamageCase[]} */
  const meaningChanges = [];
  for (let index = 0; index < count; index++) {
    const item = damageCase(seed, index);
    const outcome = judge(item, subject);
    total.cases++;
    total[outcome]++;
    for (const name of item.damages) {
      const tally = byDamage.get(name) ?? emptyTally();
      tally.cases++;
      tally[outcome]++;
      byDamage.set(name, tally);
    }
    if (outcome === 'meaning_change' && meaningChanges.length < keepExamples) meaningChanges.push(item);
  }
  return { total, byDamage, meaningChanges };
}
