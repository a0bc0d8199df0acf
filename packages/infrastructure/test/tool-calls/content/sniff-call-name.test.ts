import { describe, expect, it } from 'vitest';
import { sniffCallName } from '../../../src/tool-calls/content/sniff-call-name.js';

describe('sniffCallName', () => {
  it.each([
    ['{"name": "file_read", "arguments": {"path": "a', 'file_read'],
    ["{name: 'git_status', arguments: {", 'git_status'],
    ['{"arguments": {"name": "x"}, "name": "file_read"', 'x'],
  ])('reads the first name of %j', (body, expected) => {
    expect(sniffCallName(body)).toBe(expected);
  });

  it.each(['{"filename": "a"}', '{"name": 5}', '{"name": "two words"}', `{"name": "${'n'.repeat(65)}"}`, 'no name here'])('reads no name in %j', (body) => {
    expect(sniffCallName(body)).toBeUndefined();
  });
});
