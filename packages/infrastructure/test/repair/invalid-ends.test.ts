import { describe, expect, it } from 'vitest';
import { hasInvalidEnds } from '../../src/repair/invalid-ends.js';

describe('hasInvalidEnds', () => {
  it.each(['{}', ' [1] ', '"x"', '-1', '0', 'true', 'false', 'null', '{"a": [1, 2]}\n', '{"a": ","}'])('lets %j through to JSON.parse', (text) => {
    expect(hasInvalidEnds(text)).toBe(false);
  });

  it.each(['', '   ', '{"a": 1,}', '[1, 2 , ]', '{"a": "x', "{'a': 1}x", '```json\n{}\n```', 'Sure: {}', '{"a": 1} // c', '\ufeff{}', '{"path": "a", "start_line": 1', '[1, 2', '[{"a": 1}', '"abc', '"'])('knows %j is not JSON', (text) => {
    expect(hasInvalidEnds(text)).toBe(true);
  });
});
