import { describe, expect, it } from 'vitest';
import { repairWithJsonrepair } from '../lib/jsonrepair-peer.mjs';

describe('repairWithJsonrepair', () => {
  it('returns the repaired text', () => {
    expect(JSON.parse(/** @type {string} */ (repairWithJsonrepair("{path: 'test',}")))).toEqual({ path: 'test' });
  });

  it.each(['', '}', '{"a":1}}x'])('answers undefined, never throws, when jsonrepair gives up on %j', (text) => {
    expect(repairWithJsonrepair(text)).toBeUndefined();
  });

  it('survives deep nesting without blowing the stack of the bench', () => {
    expect(() => repairWithJsonrepair('['.repeat(100_000))).not.toThrow();
  });
});
