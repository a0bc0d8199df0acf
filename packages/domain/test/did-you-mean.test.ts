import { describe, expect, it } from 'vitest';
import { closestName } from '../src/did-you-mean.js';

const TOOLS = ['file_read', 'file_write', 'directory_list', 'command_execute', 'git_status', 'git_diff', 'git_commit'];

describe('closestName', () => {
  it.each([
    ['FILE_READ', 'file_read'],
    ['read_file', 'file_read'],
    ['write_file', 'file_write'],
    ['file_raed', 'file_read'],
    ['fileread', 'file_read'],
    ['git_stauts', 'git_status'],
    ['list_directory', 'directory_list'],
    ['execute', 'command_execute'],
    ['read', 'file_read'],
  ])('suggests %s → %s', (input, expected) => {
    expect(closestName(input, TOOLS)).toBe(expected);
  });

  it.each(['nonexistent_tool', 'x', '', 'weather_forecast'])('suggests nothing for %j', (input) => {
    expect(closestName(input, TOOLS)).toBeUndefined();
  });

  it('prefers the first of equally close candidates, deterministically', () => {
    expect(closestName('file', ['file_write', 'file_read'])).toBe('file_read');
    expect(closestName('file', ['file_read', 'file_write'])).toBe('file_read');
  });

  it('answers a 100k-character input against many candidates', () => {
    const candidates = Array.from({ length: 1000 }, (_, i) => `tool_${i}`);
    expect(closestName(`${'a'.repeat(100_000)}`, candidates)).toBeUndefined();
  });

  it('works on property names', () => {
    expect(closestName('pth', ['path', 'encoding'])).toBe('path');
    expect(closestName('startLine', ['path', 'start_line'])).toBe('start_line');
  });
});
