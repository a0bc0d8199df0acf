import { describe, expect, it } from 'vitest';
import { FILE_READ_NAME } from '../lib/fixtures.mjs';
import { LARGE_INPUT_TARGET_LENGTH, chatCompletion, fileReadArgumentsText, largeValidArguments, malformedCompletion, repairInputs } from '../lib/parse-fixtures.mjs';

/** @param {string} text */
const isJson = (text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('repair inputs', () => {
  it('flags as valid exactly the inputs JSON.parse accepts', () => {
    const inputs = repairInputs();
    expect(inputs.map((input) => [input.id, isJson(input.text)])).toEqual([
      ['trailing-comma', false],
      ['multi-error', false],
      ['truncated', false],
      ['valid-small', true],
      ['valid-large', true],
    ]);
    for (const input of inputs) expect(input.valid, input.id).toBe(isJson(input.text));
  });

  it('expects the value the documents give for each damaged input', () => {
    const expected = Object.fromEntries(repairInputs().map((input) => [input.id, input.expected]));
    expect(expected['trailing-comma']).toEqual({ path: 'src/index.ts', encoding: 'utf-8' });
    expect(expected['multi-error']).toEqual({ path: 'test' });
    expect(expected['truncated']).toEqual({ path: 'src/index.ts', start_line: 1 });
  });

  it('expects a valid input to parse to itself', () => {
    for (const input of repairInputs().filter((i) => i.valid)) expect(JSON.parse(input.text)).toEqual(input.expected);
  });

  it('has a large input of about 10 KiB of strings with escapes and arrays', () => {
    const text = JSON.stringify(largeValidArguments());
    expect(text.length).toBeGreaterThanOrEqual(LARGE_INPUT_TARGET_LENGTH);
    expect(text.length).toBeLessThan(LARGE_INPUT_TARGET_LENGTH + 200);
    expect(text).toContain('\\"quotes\\"');
    expect(text).toContain('\\t');
    expect(Array.isArray(largeValidArguments().edits)).toBe(true);
  });

  it('labels each input with its real size, and builds fresh values each time', () => {
    const [a, b] = [repairInputs(), repairInputs()];
    expect(a[4]?.expected).not.toBe(b[4]?.expected);
    expect(a.find((i) => i.id === 'valid-small')?.label).toBe(`valid, ${a.find((i) => i.id === 'valid-small')?.text.length} B`);
  });
});

describe('chat completions', () => {
  it.each([1, 10])('carries %i file_read calls with string arguments, in order', (count) => {
    const response = /** @type {any} */ (chatCompletion(count));
    const calls = response.choices[0].message.tool_calls;
    expect(calls).toHaveLength(count);
    expect(new Set(calls.map((/** @type {any} */ c) => c.id)).size).toBe(count);
    for (const [index, call] of calls.entries()) {
      expect(call.function.name).toBe(FILE_READ_NAME);
      expect(JSON.parse(call.function.arguments)).toEqual({ path: `src/module-${index}.ts`, start_line: index + 1, end_line: index + 40 });
    }
    expect(fileReadArgumentsText(3)).toBe('{"path":"src/module-3.ts","start_line":4,"end_line":43}');
  });

  it('puts the trailing-comma text in the malformed completion', () => {
    const response = /** @type {any} */ (malformedCompletion());
    expect(response.choices[0].message.tool_calls[0].function.arguments).toBe('{"path": "src/index.ts", "encoding": "utf-8",}');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a call count of %s', (count) => {
    expect(() => chatCompletion(count)).toThrow(RangeError);
  });
});
