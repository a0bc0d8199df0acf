import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { INVALID_ARGUMENTS_TEXT, VALID_ARGUMENTS_TEXT, fileReadDefinition, fileReadParameters, generatedToolDefinition } from '../lib/fixtures.mjs';

describe('file_read fixtures', () => {
  // Ajv is the independent oracle: the bench's premise is that one call is valid and the other
  // carries exactly three faults.
  const validate = new Ajv2020({ allErrors: true }).compile(fileReadParameters());

  it('has a valid call and an invalid call with three faults', () => {
    expect(validate(JSON.parse(VALID_ARGUMENTS_TEXT))).toBe(true);
    expect(validate(JSON.parse(INVALID_ARGUMENTS_TEXT))).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual([' additionalProperties', '/path type', '/start_line type']);
  });

  it('builds a fresh schema each time, so no engine can answer from an identity cache', () => {
    expect(fileReadParameters()).not.toBe(fileReadParameters());
    expect(fileReadParameters('a')).not.toEqual(fileReadParameters('b'));
    expect(fileReadDefinition().parameters).toEqual(fileReadParameters());
  });
});

describe('generatedToolDefinition', () => {
  it('makes 10,000 distinct, well-named tools', () => {
    const tools = Array.from({ length: 10_000 }, (_, i) => generatedToolDefinition(i));
    expect(new Set(tools.map((t) => t.name)).size).toBe(10_000);
    expect(new Set(tools.map((t) => JSON.stringify(t.parameters))).size).toBe(10_000);
    for (const tool of [tools[0], tools[9_999]]) expect(tool?.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses index %s', (index) => {
    expect(() => generatedToolDefinition(index)).toThrow(RangeError);
  });

  it.each(['', 'Bad', '1tool', 'a-b', 'x\n'])('refuses prefix %j', (prefix) => {
    expect(() => generatedToolDefinition(0, prefix)).toThrow(RangeError);
  });
});
