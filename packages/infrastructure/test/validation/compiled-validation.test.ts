import { describe, expect, it } from 'vitest';
import type { CompiledSchema } from '@acode/application';
import { CfworkerSchemaCompiler } from '../../src/schema/cfworker-schema-compiler.js';
import { parseArguments } from '../../src/validation/parse-arguments.js';
import { FILE_READ_SCHEMA } from './support/file-read-schema.js';

const OPTIONS = { includeActualValues: true, maxErrors: 50 };

function compiled(): CompiledSchema {
  const result = new CfworkerSchemaCompiler().compile(FILE_READ_SCHEMA);
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  return result.compiled;
}

/** Text through the whole path a tool call takes: parse, then the compiled schema. */
function validate(text: string) {
  const parsed = parseArguments(text, { maxArgumentSizeBytes: 1024 * 1024, maxArgumentDepth: 64 });
  if (!parsed.ok) return [parsed.error];
  return compiled().validate(parsed.value, OPTIONS);
}

describe('file_read through the compiled schema (000 scenarios 3-5, 9)', () => {
  it('accepts valid arguments', () => {
    expect(validate('{"path": "/tmp/test.txt"}')).toEqual([]);
    expect(validate('{"path": "/test.txt", "encoding": "utf-8", "start_line": 1}')).toEqual([]);
  });

  it('{} → ACODE-TSR-003 naming path', () => {
    expect(validate('{}')).toEqual([expect.objectContaining({ path: '/path', code: 'ACODE-TSR-003', message: "Required field 'path' is missing" })]);
  });

  it('{"path": 12345} → ACODE-TSR-004 expected string, actual integer', () => {
    expect(validate('{"path": 12345}')).toEqual([expect.objectContaining({ path: '/path', code: 'ACODE-TSR-004', expected: 'string', actual: 'integer' })]);
  });

  it('an unknown property → ACODE-TSR-005 at the property', () => {
    expect(validate('{"path": "/a", "extra": 1}')).toEqual([expect.objectContaining({ path: '/extra', code: 'ACODE-TSR-005', message: "Unknown property 'extra' is not allowed" })]);
  });

  it('a quoted number is not coerced → ACODE-TSR-004', () => {
    expect(validate('{"path": "/a", "start_line": "5"}')).toEqual([expect.objectContaining({ path: '/start_line', code: 'ACODE-TSR-004', expected: 'integer', actual: 'string' })]);
  });

  it('enums are case-sensitive → ACODE-TSR-005 listing the values', () => {
    expect(validate('{"path": "/a", "encoding": "UTF-8"}')).toEqual([
      expect.objectContaining({ path: '/encoding', code: 'ACODE-TSR-005', expected: 'one of: utf-8, ascii, utf-16, utf-32', actual: '"UTF-8"' }),
    ]);
  });

  it('an over-long path → ACODE-TSR-005 with the limit', () => {
    expect(validate(`{"path": "${'a'.repeat(4097)}"}`)).toEqual([expect.objectContaining({ path: '/path', code: 'ACODE-TSR-005', expected: 'string of at most 4096 characters' })]);
  });

  it('malformed JSON never reaches the schema', () => {
    expect(validate('{"path": ')).toEqual([expect.objectContaining({ code: 'ACODE-TSR-002', position: 9 })]);
  });
});

describe('keyword families through the compiled schema', () => {
  const result = new CfworkerSchemaCompiler().compile({
    type: 'object',
    properties: {
      id: { anyOf: [{ $ref: '#/$defs/Code' }, { type: 'integer' }] },
      legacy: false,
      labels: { type: 'object', propertyNames: { maxLength: 3 }, additionalProperties: { type: 'string' } },
      tags: { type: 'array', items: { type: 'string' }, contains: { const: 'main' } },
    },
    $defs: { Code: { type: 'string', minLength: 3 } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  const errorsOf = (value: object) => result.compiled.validate(value as never, OPTIONS).map((e) => [e.path, e.code, e.message]);

  it('follows the branch of an anyOf whose type fits, through a $ref', () => {
    expect(errorsOf({ id: 'ab' })).toEqual([['/id', 'ACODE-TSR-005', "'id' must be at least 3 characters long"]]);
    expect(errorsOf({ id: true })).toEqual([['/id', 'ACODE-TSR-005', "'id' does not match any of the allowed forms"]]);
  });

  it('reports a property a false schema forbids, a refused property name, and a missing contains', () => {
    expect(errorsOf({ legacy: 1, labels: { long: 'x' }, tags: ['a'] })).toEqual([
      ['/legacy', 'ACODE-TSR-005', "'legacy' is not allowed here"],
      ['/labels/long', 'ACODE-TSR-005', "Property name 'long' is not allowed"],
      ['/tags', 'ACODE-TSR-005', `'tags' must contain at least 1 item matching "main"`],
    ]);
  });

  it('reports unknown properties at every level (decision 7)', () => {
    expect(errorsOf({ idd: 1 })).toEqual([['/idd', 'ACODE-TSR-005', "Unknown property 'idd' is not allowed"]]);
  });
});
