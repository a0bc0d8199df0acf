import type { IToolSchemaRegistry } from '@acode/application';
import { ERROR_CODES, type ToolDefinition, type ToolValidationFailure, type ToolValidationResult } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// 000 ST-2 (input validation) and NFR-008 (never crash on invalid input), through the registry the
// real container builds. Every case must come back as a result with a code, never as a throw.

const MIB = 1024 * 1024;

const echoTool: ToolDefinition = {
  name: 'echo_text',
  version: '1.0.0',
  description: 'Echoes a text of any length',
  parameters: {
    type: 'object',
    properties: {
      text: { type: 'string', description: 'The text' },
      data: { $ref: '#/$defs/node', description: 'Free-form nested data' },
    },
    required: ['text'],
    additionalProperties: false,
    // Any depth of objects and arrays of integers: the depth limit, not the schema, must stop them.
    $defs: { node: { type: ['object', 'array', 'integer'], additionalProperties: { $ref: '#/$defs/node' }, items: { $ref: '#/$defs/node' } } },
  },
} as ToolDefinition;

function failure(result: ToolValidationResult): ToolValidationFailure {
  expect(result.success).toBe(false);
  return result as ToolValidationFailure;
}

describe('ST-2 input validation, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  let registry: IToolSchemaRegistry;
  beforeAll(async () => {
    booted = await bootContainer();
    registry = booted.registry;
    registry.registerTool(echoTool);
  });
  afterAll(() => disposeBooted(booted));

  const malformed: Array<[string, string]> = [
    ['empty text', ''],
    ['whitespace only', '   \n\t '],
    ['truncated object', '{"text":"abc"'],
    ['trailing comma', '{"text":"abc",}'],
    ['single quotes', "{'text':'abc'}"],
    ['unquoted key', '{text:"abc"}'],
    ['comment', '{"text":"a"} // note'],
    ['two values', '{"text":"a"}{"text":"b"}'],
    ['NaN', '{"text":NaN}'],
    ['raw NUL character inside a string', '{"text":"a\u0000b"}'],
    ['bare string', '"just text"'],
    ['array', '[{"text":"a"}]'],
    ['null', 'null'],
    ['number', '42'],
    ['byte order mark', '\uFEFF{"text":"a"}'],
    ['unterminated string', '{"text":"abc'],
    ['bad escape', '{"text":"\\x41"}'],
  ];

  it.each(malformed)('returns ACODE-TSR-002 for malformed arguments (%s), as a result, not an exception', (_label, text) => {
    let result: ToolValidationResult | undefined;
    expect(() => (result = registry.tryValidateArguments('echo_text', text))).not.toThrow();
    const { errors } = failure(result!);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe(ERROR_CODES.INVALID_JSON);
    expect(errors[0]!.message.length).toBeGreaterThan(0);
  });

  it('handles a string argument of nearly 1 MiB: valid, and returned intact', () => {
    const text = 'x'.repeat(MIB - 64);
    const result = registry.tryValidateArguments('echo_text', JSON.stringify({ text }));
    expect(result.success).toBe(true);
    if (result.success) expect((result.arguments['text'] as string).length).toBe(text.length);
  });

  it('refuses a 1 MiB string argument (over the 1 MiB argument limit with its wrapper) with ACODE-TSR-009', () => {
    const { errors } = failure(registry.tryValidateArguments('echo_text', JSON.stringify({ text: 'x'.repeat(MIB) })));
    expect(errors.map((e) => e.code)).toEqual([ERROR_CODES.ARGUMENTS_TOO_LARGE]);
  });

  it('refuses a 1 MiB string passed as an object, not as text, with ACODE-TSR-009', () => {
    const { errors } = failure(registry.tryValidateArguments('echo_text', { text: 'y'.repeat(MIB) }));
    expect(errors[0]!.code).toBe(ERROR_CODES.ARGUMENTS_TOO_LARGE);
  });

  it('refuses 16 MiB of multi-byte text, counting UTF-8 bytes, without echoing it back', () => {
    const huge = JSON.stringify({ text: '€'.repeat(16 * MIB / 3) });
    const result = failure(registry.tryValidateArguments('echo_text', huge));
    expect(result.errors[0]!.code).toBe(ERROR_CODES.ARGUMENTS_TOO_LARGE);
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
  });

  it('refuses 100,000 levels of nested arrays in text without a stack overflow', () => {
    const text = `{"text":"a","data":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const { errors } = failure(registry.tryValidateArguments('echo_text', text));
    expect(errors[0]!.code).toBe(ERROR_CODES.ARGUMENTS_TOO_LARGE);
  });

  it('refuses 100,000 levels of nested objects in text without a stack overflow', () => {
    const text = `{"text":"a","data":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const { errors } = failure(registry.tryValidateArguments('echo_text', text));
    expect(errors[0]!.code).toBe(ERROR_CODES.ARGUMENTS_TOO_LARGE);
  });

  it('refuses a 100,000-level object passed already parsed, without a stack overflow', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    const { errors } = failure(registry.tryValidateArguments('echo_text', { text: 'a', data: deep }));
    expect(errors[0]!.code).toBe(ERROR_CODES.ARGUMENTS_TOO_LARGE);
  });

  it('accepts nesting within the limit of 64 levels', () => {
    const text = `{"text":"a","data":${'{"a":'.repeat(60)}1${'}'.repeat(60)}}`;
    expect(registry.tryValidateArguments('echo_text', text).success).toBe(true);
  });

  it('refuses a cyclic object with a result, not a throw', () => {
    const cyclic: Record<string, unknown> = { text: 'a' };
    cyclic['data'] = cyclic;
    const result = registry.tryValidateArguments('echo_text', cyclic);
    expect(failure(result).errors[0]!.code).toMatch(/^ACODE-TSR-00[29]$/);
  });

  it('answers arguments of the wrong JavaScript type with a result', () => {
    for (const value of [undefined, null, 42, true, Symbol('s'), () => 1, 10n] as unknown[]) {
      const result = registry.tryValidateArguments('echo_text', value as string);
      expect(failure(result).errors[0]!.code).toMatch(/^ACODE-TSR-00[29]$/);
    }
  });
});
