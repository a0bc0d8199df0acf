import type { IClock } from '@acode/application';
import { describe, expect, it, vi } from 'vitest';
import { JsonRepairer, repairJson } from '../../src/repair/index.js';
import { DEADLINE_CHECK_INTERVAL } from '../../src/repair/repair-pass.js';
import { frozenClock, repair, repairedText } from './repair-test-kit.js';

/** A clock that reads 0 once, then a time far past any budget: the deadline passes at the first check. */
function jumpingClock(): IClock & { readonly reads: () => number } {
  let reads = 0;
  return { now: () => (reads++ === 0 ? 0 : 1_000_000), reads: () => reads };
}

describe('JsonRepairer', () => {
  describe("002's repair table, exactly", () => {
    it.each([
      ['{"a": 1, "b": 2,}', '{"a": 1, "b": 2}', ['trailing_comma']],
      ['{"path": "test"', '{"path": "test"}', ['missing_closing_brace']],
      ['{"items": [1, 2, 3', '{"items": [1, 2, 3]}', ['missing_closing_bracket', 'missing_closing_brace']],
      ["{'path': 'test'}", '{"path": "test"}', ['single_quotes']],
      ['{path: "test"}', '{"path": "test"}', ['unquoted_keys']],
      ['{"msg": "hel', '{"msg": "hel"}', ['truncated_string', 'missing_closing_brace']],
      ['{"say": "say "hi""}', '{"say": "say \\"hi\\""}', ['unescaped_inner_quotes']],
      ["{path: 'test',}", '{"path": "test"}', ['unquoted_keys', 'single_quotes', 'trailing_comma']],
      ["{path: 'test.txt',}", '{"path": "test.txt"}', ['unquoted_keys', 'single_quotes', 'trailing_comma']],
    ])('%s → %s', (input, expected, repairs) => {
      expect(new JsonRepairer(frozenClock).repair(input)).toEqual({ attempted: true, success: true, original: input, repaired: expected, repairs });
    });
  });

  it('repairs many kinds of damage in one pass, naming each once in order', () => {
    const input = "Sure!\n```json\n{tool: 'write_file', // target\n args: {force: True, tags: [“a”, “b”,], n: 1 body: \"say \"hi\"\", m: None";
    const result = repair(input);
    expect(repairedText(result)).toBe('{"tool": "write_file", \n "args": {"force": true, "tags": ["a", "b"], "n": 1, "body": "say \\"hi\\"", "m": null}}');
    expect(result.repairs).toEqual([
      'surrounding_text',
      'markdown_fence',
      'unquoted_keys',
      'single_quotes',
      'comments',
      'python_literals',
      'curly_quotes',
      'trailing_comma',
      'missing_comma',
      'unescaped_inner_quotes',
      'missing_closing_brace',
    ]);
  });

  describe('valid JSON', () => {
    it.each([
      '{"path": "test.txt", "content": "hello world"}',
      '{"url": "http://example.com/a//b", "c": "/* not a comment */ # nor this"}',
      '{"a": "True False None", "b": "\'single\' quotes"}',
      '{"braces": "{[}]", "commas": ",,}", "fence": "```json"}',
      '{"escaped": "say \\"hi\\" \\\\ \\/ \\b\\f\\n\\r\\t", "unicode": "\\u00e9\\ud83d\\ude00"}',
      '{"curly": "“quoted” ‘x’"}',
      '  {"a" : [ 1 , 2 ] }  \n',
      '{}',
      '[]',
      '"text"',
      '-0.5e+10',
      'null',
      '[[[[[[[[[[[[[[[[[[[[{"deep": [1]}]]]]]]]]]]]]]]]]]]]]',
    ])('comes back untouched and unflagged: %s', (input) => {
      expect(repair(input)).toEqual({ attempted: false, success: true, original: input, repaired: input, repairs: [] });
    });

    it('costs one JSON.parse: the clock is never read', () => {
      const clock = jumpingClock();
      new JsonRepairer(clock).repair('{"a": [1, 2, 3]}');
      expect(clock.reads()).toBe(0);
    });
  });

  it('is idempotent: the repaired text comes back untouched', () => {
    for (const input of ["{path: 'test',}", '{"items": [1, 2, 3', '```json\n{"a": True}\n```', '{"say": "say "hi""}']) {
      const first = repair(input);
      expect(first.success).toBe(true);
      expect(repair(first.repaired ?? '')).toEqual({ attempted: false, success: true, original: first.repaired, repaired: first.repaired, repairs: [] });
    }
  });

  describe('unrepairable input', () => {
    it.each([
      ['', 'empty input', 0],
      ['   \n', 'no JSON value found', 4],
      ['{"a": 01}', 'numbers must not have leading zeros', 6],
      ['{"a": "it\\\'s"}', "invalid escape sequence \\' could be an apostrophe or a backslash and an apostrophe", 9],
      ['{"a": "say "hi"\nnow"}', 'an unescaped quote inside a string could end it or belong to it', 14],
      ['{"a" 1}', "expected ':' after a property name but found '1'", 5],
      ['{"a": NaN}', 'NaN is not a valid JSON number', 6],
      ['{"a": undefined}', 'undefined is not a JSON value', 6],
      ['{"a": }', "unexpected '}' where a value was expected", 6],
      ['-', 'unexpected end of input inside a number', 1],
    ])('%j fails with ACODE-TLP-003: %s', (input, reason, position) => {
      expect(repair(input)).toEqual({
        attempted: true,
        success: false,
        original: input,
        repairs: [],
        error: { code: 'ACODE-TLP-003', message: `cannot repair the JSON: ${reason} at position ${position}`, position },
      });
    });

    it('never echoes engine messages, stack traces or class names', () => {
      for (const input of ['{"a": 01}', '\u0000', '{"a": "\\x"}', 'I cannot do that.']) {
        const message = repair(input).error?.message ?? '';
        expect(message).not.toMatch(/SyntaxError|Unexpected token|JsonRepairer|RepairPass|\n\s+at /);
      }
    });
  });

  describe('hostile input', () => {
    const MiB = 1024 * 1024;

    it('refuses a mebibyte of quotes inside a string, in one pass', () => {
      // A string of quotes, or a run of empty strings: no reading is more plausible.
      const result = repair('{"a":"' + '"'.repeat(MiB));
      expect(result.success).toBe(false);
      expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 6 });
    });

    it('closes a mebibyte of open brackets without overflowing the stack', () => {
      const result = repair('['.repeat(MiB));
      expect(result.success).toBe(true);
      expect(result.repaired).toBe('['.repeat(MiB) + ']'.repeat(MiB));
    });

    it('drops a mebibyte of commas as text around no JSON', () => {
      expect(repair(','.repeat(MiB)).error).toEqual({ code: 'ACODE-TLP-003', message: `cannot repair the JSON: no JSON value found at position ${MiB}`, position: MiB });
    });

    it.each([
      ['[' + ','.repeat(MiB), 1],
      ['{'.repeat(MiB), 1],
      ['{"a":1' + ','.repeat(MiB), 7],
    ])('stops at the first hopeless character of a mebibyte of damage (%#)', (input, position) => {
      const result = repair(input);
      expect(result.success).toBe(false);
      expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position });
    });

    it('refuses a mebibyte of alternating quotes and apostrophes without a throw', () => {
      const result = repair("{'a': '" + `"'`.repeat(MiB / 2));
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe('ACODE-TLP-003');
    });
  });

  describe('deadline', () => {
    it('stops with ACODE-TLP-007 when the clock passes the budget mid-pass', () => {
      const input = '{"a": [' + '1, '.repeat(10_000);
      const result = new JsonRepairer(jumpingClock()).repair(input, { timeoutMs: 100 });
      expect(result.success).toBe(false);
      expect(result.attempted).toBe(true);
      expect(result.repaired).toBeUndefined();
      expect(result.error?.code).toBe('ACODE-TLP-007');
      expect(result.error?.message).toMatch(/^JSON repair stopped after 100 ms at position \d+$/);
      expect(result.error?.position).toBeGreaterThanOrEqual(DEADLINE_CHECK_INTERVAL);
      expect(result.error?.position).toBeLessThan(input.length);
    });

    it('reports a repair that finished past its budget as timed out', () => {
      const result = new JsonRepairer(jumpingClock()).repair('{"a": 1,}', { timeoutMs: 5 });
      expect(result.error).toEqual({ code: 'ACODE-TLP-007', message: 'JSON repair stopped after 5 ms' });
    });

    it('finishes within the budget when the clock stands still', () => {
      expect(repairJson('{"a": [' + '1, '.repeat(10_000), { clock: frozenClock, timeoutMs: 1 }).success).toBe(true);
    });
  });

  it('reads the clock given to its constructor', () => {
    const repairer = new JsonRepairer(jumpingClock());
    expect(repairer.repair('{"a": 1,}').error?.code).toBe('ACODE-TLP-007');
  });
});

describe('JsonRepairer knownInvalid', () => {
  const clock = { now: () => 0 };

  it('skips the valid-input JSON.parse when the caller already knows the text is invalid, with the same result', () => {
    const repairer = new JsonRepairer(clock);
    const text = '{"items": [1, 2, 3,], "path": "a"}';
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const hinted = repairer.repair(text, { knownInvalid: true });
      // Only the backstop parse of the repaired candidate runs.
      expect(parse.mock.calls.map((call) => call[0])).toEqual(['{"items": [1, 2, 3], "path": "a"}']);
      parse.mockClear();
      const plain = repairer.repair(text);
      expect(parse.mock.calls.map((call) => call[0])).toEqual([text, '{"items": [1, 2, 3], "path": "a"}']);
      expect(hinted).toEqual(plain);
    } finally {
      parse.mockRestore();
    }
  });

  it('still returns valid text unchanged, with no repairs, when the hint is wrong', () => {
    const result = new JsonRepairer(clock).repair('{"a": [1, {"b": null}]}', { knownInvalid: true });
    expect(result).toMatchObject({ success: true, repaired: '{"a": [1, {"b": null}]}', repairs: [] });
  });
});
