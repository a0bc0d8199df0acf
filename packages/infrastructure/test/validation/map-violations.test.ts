import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject, ValidationError } from '@acode/domain';
import { mapViolations } from '../../src/validation/map-violations.js';
import { violationsOf } from './support/cfworker-violations.js';
import { FILE_READ_SCHEMA } from './support/file-read-schema.js';

const OPTIONS = { includeActualValues: true, maxErrors: 50 };

function errorsOf(schema: JsonSchemaObject, value: unknown, options = OPTIONS): ValidationError[] {
  return mapViolations(violationsOf(schema, value), options);
}

describe('mapViolations: the file_read acceptance cases', () => {
  it('reports a missing required property as ACODE-TSR-003 at its own pointer', () => {
    expect(errorsOf(FILE_READ_SCHEMA, {})).toEqual([
      {
        path: '/path',
        code: 'ACODE-TSR-003',
        message: "Required field 'path' is missing",
        expected: 'string',
        suggestion: "Add a 'path' property with a string value",
        keyword: 'required',
      },
    ]);
  });

  it('reports a wrong type as ACODE-TSR-004 with the JSON type names', () => {
    expect(errorsOf(FILE_READ_SCHEMA, { path: 12345 })).toEqual([
      {
        path: '/path',
        code: 'ACODE-TSR-004',
        message: 'Type mismatch: expected string, got integer',
        expected: 'string',
        actual: 'integer',
        suggestion: "Provide 'path' as a string, not a number",
        keyword: 'type',
      },
    ]);
  });

  it('reports an unknown property as ACODE-TSR-005 at the property', () => {
    const [error, ...rest] = errorsOf(FILE_READ_SCHEMA, { path: '/a', extra: 1 });
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ path: '/extra', code: 'ACODE-TSR-005', message: "Unknown property 'extra' is not allowed", actual: '1', suggestion: "Remove 'extra'" });
    expect(error?.expected).toBe('only the declared properties: path, encoding, start_line, end_line');
  });

  it('suggests the declared property an unknown one was probably meant to be', () => {
    const errors = errorsOf(FILE_READ_SCHEMA, { path: '/a', encodng: 'ascii' });
    expect(errors.map((e) => e.suggestion)).toEqual(["Remove 'encodng'; did you mean 'encoding'?"]);
  });

  it('does not coerce a quoted number and says how to send it', () => {
    expect(errorsOf(FILE_READ_SCHEMA, { path: '/a', start_line: '5' })).toEqual([
      expect.objectContaining({ path: '/start_line', code: 'ACODE-TSR-004', expected: 'integer', actual: 'string', suggestion: 'Send 5 as a number without quotes' }),
    ]);
  });

  it('treats enum values case-sensitively and names the exact spelling', () => {
    const [error] = errorsOf(FILE_READ_SCHEMA, { path: '/a', encoding: 'UTF-8' });
    expect(error).toMatchObject({
      path: '/encoding',
      code: 'ACODE-TSR-005',
      expected: 'one of: utf-8, ascii, utf-16, utf-32',
      actual: '"UTF-8"',
      suggestion: "Use utf-8 exactly; allowed values are case-sensitive",
    });
  });

  it.each([
    [{ path: '/test', start_line: 'five' }, '/start_line', 'integer', 'string'],
    [{ path: '/test', encoding: 123 }, '/encoding', 'string', 'integer'],
    [{ path: ['/a', '/b'] }, '/path', 'string', 'array'],
    [{ path: { nested: 'object' } }, '/path', 'string', 'object'],
    [{ path: true }, '/path', 'string', 'boolean'],
    [{ path: null }, '/path', 'string', 'null'],
    [{ path: '/a', start_line: 1.5 }, '/start_line', 'integer', 'number'],
  ])('scenario 5: %j is a type mismatch at %s', (value, path, expected, actual) => {
    const errors = errorsOf(FILE_READ_SCHEMA, value);
    expect(errors[0]).toMatchObject({ path, code: 'ACODE-TSR-004', expected, actual, message: `Type mismatch: expected ${expected}, got ${actual}` });
    // An enum also refuses a value of the wrong type; that second error lists the allowed values.
    expect(errors.slice(1)).toEqual(path === '/encoding' ? [expect.objectContaining({ path, code: 'ACODE-TSR-005', keyword: 'enum' })] : []);
  });

  it('reports every failure at once, in schema order (BP-013)', () => {
    const errors = errorsOf(FILE_READ_SCHEMA, { end_line: 0, start_line: 'x', encoding: 'latin1', extra: true });
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['/path', 'ACODE-TSR-003'],
      ['/encoding', 'ACODE-TSR-005'],
      ['/start_line', 'ACODE-TSR-004'],
      ['/end_line', 'ACODE-TSR-005'],
      ['/extra', 'ACODE-TSR-005'],
    ]);
  });
});

describe('mapViolations: one error per missing property', () => {
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' }, mode: { enum: ['a', 'b'] } },
    required: ['path', 'content', 'mode'],
  };

  it('names each missing property once, in the order of required', () => {
    const errors = errorsOf(schema, {});
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['/path', "Required field 'path' is missing"],
      ['/content', "Required field 'content' is missing"],
      ['/mode', "Required field 'mode' is missing"],
    ]);
    expect(errors[2]?.suggestion).toBe("Add a 'mode' property with one of: a, b");
  });

  it('points into nested objects', () => {
    const nested: JsonSchemaObject = { type: 'object', properties: { options: { type: 'object', properties: { depth: { type: 'integer' } }, required: ['depth'] } } };
    expect(errorsOf(nested, { options: {} })).toEqual([expect.objectContaining({ path: '/options/depth', message: "Required field 'options/depth' is missing", expected: 'integer' })]);
  });
});

describe('mapViolations: constraints', () => {
  const cases: Array<[string, JsonSchemaObject, unknown, Partial<ValidationError>]> = [
    ['minimum', { type: 'integer', minimum: 1, maximum: 100 }, 0, { message: "'v' must be at least 1", expected: 'integer (1-100)', keyword: 'minimum' }],
    ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 1 }, 2, { message: "'v' must be less than 1", expected: 'number (< 1)' }],
    ['multipleOf', { type: 'number', multipleOf: 0.5 }, 1.3, { message: "'v' must be a multiple of 0.5" }],
    ['maxLength', { type: 'string', maxLength: 3 }, 'abcd', { message: "'v' must be at most 3 characters long", expected: 'string of at most 3 characters' }],
    ['minLength', { type: 'string', minLength: 2, maxLength: 5 }, 'a', { expected: 'string of 2-5 characters' }],
    ['minItems', { type: 'array', minItems: 2 }, [1], { message: "'v' must have at least 2 items" }],
    ['maxProperties', { type: 'object', maxProperties: 1 }, { a: 1, b: 2 }, { message: "'v' must have at most 1 property" }],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1], { message: "Items of 'v' must be unique" }],
    ['const', { const: 'fixed' }, 'other', { message: `'v' must be exactly "fixed"`, expected: '"fixed"' }],
    ['format', { type: 'string', format: 'email' }, 'nope', { message: "'v' must be a valid email", expected: 'string in email format' }],
    ['not', { not: { type: 'string' } }, 'x', { message: "'v' has a value that is not allowed" }],
    ['contains', { type: 'array', contains: { type: 'integer' } }, ['a'], { message: "'v' must contain at least 1 item matching integer" }],
    ['minContains', { type: 'array', contains: { type: 'integer' }, minContains: 2 }, [1, 'a'], { message: "'v' must contain at least 2 items matching integer" }],
  ];

  it.each(cases)('%s → ACODE-TSR-005', (_, property, value, expected) => {
    const schema: JsonSchemaObject = { type: 'object', properties: { v: property } };
    const errors = errorsOf(schema, { v: value });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: '/v', code: 'ACODE-TSR-005', ...expected });
  });

  it('never shows a pattern source, only that a format is required', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { id: { type: 'string', pattern: '^SECRET-[0-9]{4}$' } } };
    const errors = errorsOf(schema, { id: 'x' });
    expect(errors).toEqual([expect.objectContaining({ code: 'ACODE-TSR-005', expected: 'a string matching the required format', keyword: 'pattern' })]);
    expect(JSON.stringify(errors)).not.toContain('SECRET');
  });

  it('never shows defaults, descriptions or the schema', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast', 'slow'], default: 'hidden-default', description: 'internal-description' } },
      required: ['mode', 'other'],
    };
    const text = JSON.stringify(errorsOf(schema, { mode: 1 }));
    expect(text).not.toContain('hidden-default');
    expect(text).not.toContain('internal-description');
    expect(text).not.toContain('"properties"');
  });

  it('lists at most 10 enum values', () => {
    const values = Array.from({ length: 15 }, (_, i) => `v${i}`);
    const [error] = errorsOf({ type: 'object', properties: { e: { enum: values } } }, { e: 'x' });
    expect(error?.expected).toBe('one of: v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, … (5 more)');
  });

  it('reports each missing dependent property', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } }, dependentRequired: { a: ['b', 'c'] } };
    expect(errorsOf(schema, { a: 1 }).map((e) => [e.path, e.message])).toEqual([
      ['/b', "'b' is required when 'a' is present"],
      ['/c', "'c' is required when 'a' is present"],
    ]);
  });

  it('reports a refused property name once, as a name', () => {
    const schema: JsonSchemaObject = { type: 'object', propertyNames: { maxLength: 3, pattern: '^[a-z]+$' } };
    expect(errorsOf(schema, { ok: 1, TOO_LONG: 2 })).toEqual([
      { path: '/TOO_LONG', code: 'ACODE-TSR-005', message: "Property name 'TOO_LONG' is not allowed", expected: 'a property name the schema allows', actual: '"TOO_LONG"', suggestion: "Rename or remove 'TOO_LONG'", keyword: 'maxLength' },
    ]);
  });

  it('reports a value a false schema refuses as not allowed', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { legacy: false, list: { type: 'array', prefixItems: [{ type: 'string' }], items: false } } };
    expect(errorsOf(schema, { legacy: 1, list: ['a', 2] }).map((e) => [e.path, e.message])).toEqual([
      ['/legacy', "'legacy' is not allowed here"],
      ['/list/1', "'list/1' is not allowed here"],
    ]);
  });

  it('reports leaves inside items, allOf and if/then, never their wrappers', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
      allOf: [{ required: ['tags'] }],
      if: { required: ['x'] },
      then: { required: ['y'] },
    };
    const errors = errorsOf(schema, { tags: ['a', 1, 'b', 2], x: 1 }).map((e) => [e.path, e.code]);
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['/tags/1', 'ACODE-TSR-004'],
        ['/tags/3', 'ACODE-TSR-004'],
        ['/y', 'ACODE-TSR-003'],
      ]),
    );
  });
});

describe('mapViolations: compositions', () => {
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: {
      id: { anyOf: [{ type: 'string', minLength: 3 }, { type: 'integer' }] },
      nullable: { type: ['string', 'null'] },
      shape: {
        oneOf: [
          { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['kind', 'radius'] },
          { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
        ],
      },
      either: { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] },
    },
  };

  it('reports one type mismatch listing every allowed type when no branch fits the type', () => {
    expect(errorsOf(schema, { id: true })).toEqual([expect.objectContaining({ path: '/id', code: 'ACODE-TSR-004', message: 'Type mismatch: expected string | integer, got boolean' })]);
  });

  it('reports the leaves of the one branch whose type fits', () => {
    expect(errorsOf(schema, { id: 'ab' })).toEqual([expect.objectContaining({ path: '/id', keyword: 'minLength', message: "'id' must be at least 3 characters long" })]);
  });

  it('follows the branch the discriminator selects', () => {
    expect(errorsOf(schema, { shape: { kind: 'square' } })).toEqual([expect.objectContaining({ path: '/shape/side', code: 'ACODE-TSR-003' })]);
  });

  it('reports a oneOf that matched more than one branch as one constraint error', () => {
    expect(errorsOf(schema, { either: 'x' })).toEqual([expect.objectContaining({ path: '/either', code: 'ACODE-TSR-005', message: "'either' matches more than one of the allowed forms" })]);
  });

  it('reports a composition no single branch explains as one constraint error', () => {
    expect(errorsOf(schema, { shape: { kind: 'triangle' } })).toEqual([expect.objectContaining({ path: '/shape', code: 'ACODE-TSR-005', message: "'shape' does not match any of the allowed forms" })]);
  });

  it('lists both types of a nullable property', () => {
    expect(errorsOf(schema, { nullable: 1 })).toEqual([expect.objectContaining({ expected: 'string | null', suggestion: "Provide 'nullable' as a string or null, not a number" })]);
  });
});

describe('mapViolations: limits and hostile input', () => {
  it('stops at maxErrors', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } };
    const errors = errorsOf(schema, { list: Array.from({ length: 500 }, (_, i) => i) }, { includeActualValues: true, maxErrors: 50 });
    expect(errors).toHaveLength(50);
    expect(errors[49]?.path).toBe('/list/49');
  });

  it('still reports one error when maxErrors is zero or not a number, since an empty list means valid', () => {
    expect(errorsOf({ type: 'string' }, 1, { includeActualValues: true, maxErrors: 0 })).toHaveLength(1);
    expect(errorsOf({ type: 'string' }, 1, { includeActualValues: true, maxErrors: Number.NaN })).toHaveLength(1);
  });

  it('omits actual values when they must not be shown, keeping type names', () => {
    const errors = errorsOf(FILE_READ_SCHEMA, { path: 'x'.repeat(5000), encoding: 'secret-value', start_line: '7' }, { includeActualValues: false, maxErrors: 50 });
    expect(errors.map((e) => e.actual)).toEqual([undefined, undefined, 'string']);
    expect(JSON.stringify(errors)).not.toContain('secret-value');
    expect(errors[2]?.suggestion).toBe("Provide 'start_line' as an integer without quotes");
  });

  it('cuts actual values to 100 characters', () => {
    const [error] = errorsOf(FILE_READ_SCHEMA, { path: 'y'.repeat(5000) });
    expect(error?.actual).toHaveLength(100);
    expect(error?.actual?.endsWith('…')).toBe(true);
  });

  it('escapes and cuts hostile property names in messages and paths', () => {
    const name = `a'b/c~d\n${'z'.repeat(10_000)}`;
    const errors = errorsOf(FILE_READ_SCHEMA, { path: '/a', [name]: 1 });
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error?.path.startsWith('/a\'b~1c~0d\n')).toBe(true);
    expect(error?.path.length).toBeLessThanOrEqual(256);
    expect(error?.message).toMatch(/^Unknown property 'a\\'b\/c~d\\u000azz+…' is not allowed$/);
    expect(error?.message.length).toBeLessThan(120);
  });

  it('reports unknown properties of a large object in instance order without blowing up', () => {
    const value: Record<string, unknown> = { path: '/a' };
    for (let i = 0; i < 5000; i++) value[`k${i}`] = i;
    const errors = errorsOf(FILE_READ_SCHEMA, value);
    expect(errors).toHaveLength(50);
    expect(errors.slice(0, 2).map((e) => e.path)).toEqual(['/k0', '/k1']);
  });

  it('maps an engine failure to a generic error without internals', () => {
    const errors = mapViolations([{ keyword: '$engine', instancePath: '', schemaPath: '', subschema: {}, value: {}, engineMessage: 'RangeError: Maximum call stack size exceeded at Validator.validate' }], OPTIONS);
    expect(errors).toEqual([{ path: '', code: 'ACODE-TSR-005', message: 'The arguments could not be checked against the schema', suggestion: 'Send simpler arguments that follow the schema' }]);
  });

  it('maps a keyword it does not know to a constraint error naming the keyword', () => {
    const errors = mapViolations([{ keyword: 'x-custom', instancePath: '/a', schemaPath: '/properties/a/x-custom', subschema: {}, value: 1, engineMessage: 'boom' }], OPTIONS);
    expect(errors).toEqual([expect.objectContaining({ path: '/a', code: 'ACODE-TSR-005', message: "'a' does not satisfy the 'x-custom' constraint" })]);
  });

  it('never reports valid for a non-empty list of wrappers', () => {
    const errors = mapViolations([{ keyword: 'properties', instancePath: '', schemaPath: '/properties', subschema: { properties: { a: { type: 'string' } } }, value: {}, engineMessage: 'x' }], OPTIONS);
    expect(errors).toEqual([expect.objectContaining({ code: 'ACODE-TSR-005', path: '' })]);
  });

  it('returns no errors for no violations', () => {
    expect(mapViolations([], OPTIONS)).toEqual([]);
  });
});
