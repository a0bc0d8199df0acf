import { describe, expect, it } from 'vitest';
import { repairJson } from '../../src/repair/index.js';

// The report: the exported `repairJson('{"a":1,}')` threw a TypeError without an options object.
describe('repairJson without options', () => {
  it('repairs with the default clock and budget', () => {
    const result = repairJson('{"a":1,}');
    expect(result.success).toBe(true);
    expect(result.repaired).toBe('{"a":1}');
    expect(result.repairs.length).toBeGreaterThan(0);
  });

  it('returns valid JSON untouched and unflagged', () => {
    expect(repairJson('{"a":[1,2]}')).toMatchObject({ attempted: false, success: true, repaired: '{"a":[1,2]}', repairs: [] });
  });

  it('refuses a text with two readings instead of guessing', () => {
    // `", "` inside an array: the end of an item, or text like `f("a", "b")` within one.
    const result = repairJson('["print("hello", "world")"]');
    expect(result.success).toBe(false);
  });
});
