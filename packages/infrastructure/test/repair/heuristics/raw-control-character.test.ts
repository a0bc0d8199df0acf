import { describe, expect, it } from 'vitest';
import { rawControlCharacter } from '../../../src/repair/heuristics/raw-control-character.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('raw_control_character', () => {
  it.each([
    ['{"text": "line one\nline two"}', '{"text": "line one\\nline two"}'],
    ['{"cols": "a\tb"}', '{"cols": "a\\tb"}'],
    ['{"crlf": "a\r\nb"}', '{"crlf": "a\\r\\nb"}'],
    ['{"bell": "a\u0007b"}', '{"bell": "a\\u0007b"}'],
    ["{'text': 'multi\nline'}", '{"text": "multi\\nline"}'],
  ])('escapes the raw control characters of %j', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toContain('raw_control_character');
  });

  it('gives back the text the model meant', () => {
    const result = repair('{"content": "first\n\tindented"}');
    expect(JSON.parse(result.repaired ?? '')).toEqual({ content: 'first\n\tindented' });
  });

  it('leaves line breaks between tokens as whitespace', () => {
    expect(repair('{\n"a":\t1\n}').attempted).toBe(false);
  });

  it('refuses a raw line break after a quote the string kept as text: it may separate two members', () => {
    const result = repair('{"a": "say "hi" now\n"}');
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('ACODE-TLP-003');
  });

  it('refuses to close, at the end of the text, a string that held a raw line break', () => {
    // A string cut off by the end of the output holds no raw line break; one that does was misread.
    expect(repair('{"a": "x\ny').success).toBe(false);
  });

  it('is the only heuristic that escapes them', () => {
    expect(rawControlCharacter.controlCharacter?.(0x0a)).toBe(true);
    const result = repair('{"text": "a\nb"}', allBut('raw_control_character'));
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', message: 'cannot repair the JSON: unescaped control character in a string at position 11' });
  });
});
