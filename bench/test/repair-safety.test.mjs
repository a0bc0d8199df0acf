// @ts-nocheck -- imports the TypeScript sources, which vitest compiles and this folder's checkJs does not see.
/**
 * Issue 11's safety contract in the suite: a few thousand seeded cases of the generator that
 * `pnpm fuzz:repair` and the bench run at 100,000, through the SOURCE of our argument decoding
 * (so it needs no build), with a clock that never moves.
 */
import { describe, expect, it } from 'vitest';
import { repairJson } from '../../packages/infrastructure/src/repair/repair-json.js';
import { decodeArguments } from '../../packages/infrastructure/src/tool-calls/decode-arguments.js';
import { splitConcatenatedArguments } from '../../packages/infrastructure/src/tool-calls/split-concatenated-arguments.js';
import { DAMAGE_NAMES } from '../lib/repair-safety/damages.mjs';
import { damageCase, runSafety } from '../lib/repair-safety/safety-run.mjs';

const frozenClock = { now: () => 0 };

const OPTIONS = {
  maxSizeBytes: 1024 * 1024,
  maxDepth: 64,
  repairer: { repair: (input, options) => repairJson(input, { clock: frozenClock, ...options }) },
  repairTimeoutMs: 100,
  subject: 'arguments',
};

/**
 * One call's arguments as the parser reads them: objects run together are split first (a split
 * whose pieces all decode gives the array of pieces: for one generated object, a meaning change),
 * then each is decoded with its size and depth limits, repair and double encoding.
 */
const decode = (text) => {
  const split = splitConcatenatedArguments(text, 128);
  if (split.kind === 'several') {
    const pieces = split.pieces.map((piece) => decodeArguments(text.slice(piece.start, piece.end), OPTIONS));
    return pieces.every((piece) => piece.ok) ? { ok: true, value: pieces.map((piece) => piece.value) } : { ok: false };
  }
  if (split.kind === 'too_many') return { ok: false };
  const decoded = decodeArguments(text, OPTIONS);
  return decoded.ok ? { ok: true, value: decoded.value } : { ok: false };
};

describe('repair safety contract (issue 11)', () => {
  it('never changes meaning: 6,000 damaged arguments come back as the original or are refused', () => {
    const report = runSafety(decode, { seed: 11, count: 6000 });
    expect(report.meaningChanges.map((item) => ({ index: item.index, damages: item.damages, text: item.text }))).toEqual([]);
    expect(report.total.meaning_change).toBe(0);
    // The generator never makes damage that is itself valid JSON with another value.
    expect(report.total.undetectable).toBe(0);
    expect(report.total.recovered + report.total.refused).toBe(6000);
  });

  it('exercises every damage kind, and recovers cases of each', () => {
    const report = runSafety(decode, { seed: 12, count: 4000 });
    for (const name of DAMAGE_NAMES) {
      const tally = report.byDamage.get(name);
      expect(tally?.cases, name).toBeGreaterThan(50);
      expect(tally?.recovered, name).toBeGreaterThan(0);
    }
  });

  it('gives the same case for the same seed and index, and a damaged text for each', () => {
    const first = damageCase(5, 42);
    expect(damageCase(5, 42)).toEqual(first);
    expect(first.damages.length).toBeGreaterThan(0);
    expect(() => JSON.parse(first.text)).toThrow();
  });

  it('splits objects run together into the calls the model made, and never one object', () => {
    expect(decode('{"cmd":"ls"} {"cmd":"pwd"}')).toEqual({ ok: true, value: [{ cmd: 'ls' }, { cmd: 'pwd' }] });
    expect(decode('{"a": "}{"}')).toEqual({ ok: true, value: { a: '}{' } });
    expect(decode('{\u201ca\u201d: \u201c}{\u201d}')).toEqual({ ok: true, value: { a: '}{' } });
  });

  it('recovers the issue examples exactly', () => {
    // Each was a successful repair with another value before issue 11.
    expect(decode(`{"path":"a.txt","content":'x'  mode: 'append'}`)).toEqual({ ok: true, value: { path: 'a.txt', content: 'x', mode: 'append' } });
    expect(decode(`{"command": 'ls' timeout_seconds: 5, "capture_stderr": false}`)).toEqual({ ok: true, value: { command: 'ls', timeout_seconds: 5, capture_stderr: false } });
    expect(decode('{"message":"fix","paths":["a.txt" "b.txt"]}')).toEqual({ ok: true, value: { message: 'fix', paths: ['a.txt', 'b.txt'] } });
  });
});
