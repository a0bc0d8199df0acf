import { describe, expect, it } from 'vitest';
import { ENGINE_FAILURE_KEYWORD } from '../../src/schema/engine-schema.js';
import { compileToolSchema, summarize } from './compile-tool-schema.js';

const OPTIONS = { includeActualValues: true, maxErrors: 50 };

describe('CompiledToolSchema.validateRaw', () => {
  it('returns nothing for a valid value', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(compiled.validateRaw({ a: 'x' })).toEqual([]);
  });

  it('reports every failure with the instance path, the schema path, the holding schema and the value', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, maximum: 10 }, s: { type: 'string', maxLength: 3 } },
      required: ['n', 'r'],
    });
    const violations = compiled.validateRaw({ n: 11, s: 'abcd' });
    expect(summarize(violations)).toEqual(['required (root) /required', 'maximum /n /properties/n/maximum', 'maxLength /s /properties/s/maxLength']);
    expect(violations[1]?.subschema).toBe(compiled.source.properties?.n);
    expect(violations[1]?.value).toBe(11);
    expect(violations[0]?.value).toEqual({ n: 11, s: 'abcd' });
  });

  it('locates failures behind $ref at the referenced definition', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { $ref: '#/$defs/pos' } }, $defs: { pos: { type: 'integer', minimum: 0 } } });
    const [violation] = compiled.validateRaw({ a: -1 });
    expect(summarize([violation as NonNullable<typeof violation>])).toEqual(['minimum /a /$defs/pos/minimum']);
    expect(violation?.subschema).toBe(compiled.source.$defs?.pos);
  });

  it('follows a recursive tree schema to any depth of the value', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    });
    expect(summarize(compiled.validateRaw({ root: { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] } }))).toEqual([
      'type /root/children/0/children/0/name /$defs/node/properties/name/type',
    ]);
  });

  it('reports a false schema under the keyword that holds it', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { type: 'string' }, gone: false }, additionalProperties: false });
    expect(summarize(compiled.validateRaw({ gone: 1, x: 2 }))).toEqual(['properties /gone /properties/gone', 'additionalProperties /x /additionalProperties']);
  });

  it('gives the property name, not its value, for propertyNames failures', () => {
    const compiled = compileToolSchema({ type: 'object', propertyNames: { maxLength: 3 }, additionalProperties: { type: 'number' } });
    const [violation] = compiled.validateRaw({ long_name: 1 });
    expect(violation).toMatchObject({ keyword: 'maxLength', instancePath: '/long_name', schemaPath: '/propertyNames/maxLength', value: 'long_name' });
  });

  it('escapes and decodes unusual property names in paths', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { 'a/b c~%': { type: 'string' } } });
    expect(summarize(compiled.validateRaw({ 'a/b c~%': 1 }))).toEqual(['type /a~1b c~0% /properties/a~1b c~0%/type']);
  });

  it('refuses a value the engine cannot handle with one engine violation instead of throwing', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } });
    const violations = compiled.validateRaw({ a: [undefined] });
    expect(violations.map((violation) => violation.keyword)).toEqual([ENGINE_FAILURE_KEYWORD]);
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(compiled.validateRaw(deep).length).toBeGreaterThan(0);
  });

  it('gives the same answer on every reuse of one compiled schema', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    const values = [{ n: 1 }, { n: 'x' }, {}, { n: 2, extra: true }];
    const first = values.map((value) => summarize(compiled.validateRaw(value)));
    for (let round = 0; round < 3; round++) expect(values.map((value) => summarize(compiled.validateRaw(value)))).toEqual(first);
    expect(first).toEqual([[], ['type /n /properties/n/type'], ['required (root) /required'], ['unevaluatedProperties /extra /unevaluatedProperties']]);
  });
});

describe('CompiledToolSchema.validate', () => {
  it('maps the failures to ACODE-TSR errors', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n', 'm'] });
    const errors = compiled.validate({ n: 'x' }, OPTIONS);
    expect(errors.map((error) => [error.code, error.path])).toEqual(
      expect.arrayContaining([
        ['ACODE-TSR-003', '/m'],
        ['ACODE-TSR-004', '/n'],
      ]),
    );
  });

  it('never hands the model the regex source of a failed pattern (decision 11)', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^secret[0-9]+$' } } });
    const errors = compiled.validate({ s: 'nope' }, OPTIONS);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors)).not.toContain('secret');
    expect(JSON.stringify(errors)).not.toContain('acode-re2');
  });
});
