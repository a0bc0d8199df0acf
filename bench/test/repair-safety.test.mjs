// @ts-nocheck -- imports the TypeScript sources, which vitest compiles and this folder's checkJs does not see.
/**
 * Issue 11's safety contract in the suite: a few thousand seeded cases of the generator that
 * `pnpm fuzz:repair` and the bench run at 100,000, through the SOURCE of our argument decoding
 * (so it needs no build), with a clock that never moves.
 */
import { describe, expect, it } from 'vitest';
import { repairJson } from '../../packages/infrastructure/src/repair/repair-json.js';
import { decodeArguments } from '../../packages/infrastructure/src/tool-calls/decode-arguments.js';
import { DAMAGE_NAMES } from '../lib/repair-safety/damages.mjs';
import { damageCase, runSafety } from '../lib/repair-safety/safety-run.mjs';

const frozenClock = { now: () => 0 };

/** Our argument decoding, as the parser runs it: size and depth limits, repair, double encoding. */
const decode = (text) => {
  const decoded = decodeArguments(text, {
    maxSizeBytes: 1024 * 1024,
    maxDepth: 64,
    repairer: { repair: (input, options) => repairJson(input, { clock: frozenClock, ...options }) },
    repairTimeoutMs: 100,
    subject: 'arguments',
  });
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

  it('recovers the issue examples exactly', () => {
    // Each was a successful repair with another value before issue 11.
    expect(decode(`{"path":"a.txt","content":'x'  mode: 'append'}`)).toEqual({ ok: true, value: { path: 'a.txt', content: 'x', mode: 'append' } });
    expect(decode(`{"command": 'ls' timeout_seconds: 5, "capture_stderr": false}`)).toEqual({ ok: true, value: { command: 'ls', timeout_seconds: 5, capture_stderr: false } });
    expect(decode('{"message":"fix","paths":["a.txt" "b.txt"]}')).toEqual({ ok: true, value: { message: 'fix', paths: ['a.txt', 'b.txt'] } });
  });
});
