import { describe, expect, it } from 'vitest';
import { CfworkerSchemaCompiler } from '../../src/schema/cfworker-schema-compiler.js';
import { CompiledToolSchema } from '../../src/schema/compiled-tool-schema.js';

const compiler = new CfworkerSchemaCompiler();

describe('CfworkerSchemaCompiler.compile', () => {
  it('compiles a typical tool schema', () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string', minLength: 1, maxLength: 4096 }, encoding: { type: 'string', enum: ['utf-8', 'ascii'], default: 'utf-8' } },
      required: ['path'],
      additionalProperties: false,
    };
    const result = compiler.compile(schema);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.compiled).toBeInstanceOf(CompiledToolSchema);
    expect(result.compiled.source).toEqual(schema);
    expect(result.compiled.hash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('returns every problem of a bad schema at once, each with a code and a path inside the definition', () => {
    const result = compiler.compile({
      type: 'object',
      properties: {
        v: { type: 'invalid_type_name' },
        loose: {},
        remote: { $ref: 'https://evil.example/s.json' },
        missing: { $ref: '#/invalid/path' },
        re: { type: 'string', pattern: '(a)\\1' },
      },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations.every((violation) => violation.code === 'ACODE-TSR-006' && violation.message.startsWith(`${violation.path}: `))).toBe(true);
    expect(result.violations.map((violation) => violation.path).sort()).toEqual([
      '/parameters/$defs/a/$ref',
      '/parameters/properties/loose',
      '/parameters/properties/missing/$ref',
      '/parameters/properties/re/pattern',
      '/parameters/properties/remote/$ref',
      '/parameters/properties/v/type',
    ]);
  });

  it.each([
    ['null', null, 'got null'],
    ['an array', [], 'got an array'],
    ['a string', '{"type":"object"}', 'got a string'],
    ['a boolean schema', true, 'got a boolean'],
    ['undefined', undefined, 'got a undefined'],
  ])('refuses %s as the schema, without throwing', (_name, schema, found) => {
    expect(compiler.compile(schema)).toEqual({
      ok: false,
      violations: [{ code: 'ACODE-TSR-006', path: '/parameters', message: `/parameters: Tool parameters must be a JSON Schema object with type "object"; ${found}` }],
    });
  });

  it('refuses a 100,000-deep schema with one depth violation and nothing else (the gate stops recursion)', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { type: 'object', properties: { a: schema } };
    const result = compiler.compile(schema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]?.message).toContain('Schema exceeds maximum nesting depth of 20');
  });

  it('refuses an oversized schema before running the meta-schema on it', () => {
    const properties = Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`property_${index}`, { type: 'strin', description: 'x'.repeat(20) }]));
    const result = compiler.compile({ type: 'object', properties });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]?.message).toMatch(/Schema exceeds maximum size of 51200 bytes \(got \d+\)/);
  });

  it('applies limits given per call', () => {
    const result = compiler.compile({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } }, { maxSchemaDepth: 2 });
    expect(result.ok).toBe(false);
  });

  it('freezes its own copy of the source and leaves the caller’s object alone', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const result = compiler.compile(schema);
    if (!result.ok) throw new Error('expected ok');
    expect(Object.isFrozen(result.compiled.source)).toBe(true);
    expect(Object.isFrozen(result.compiled.source.properties?.a)).toBe(true);
    expect(Object.isFrozen(schema)).toBe(false);
    schema.properties.a.type = 'number';
    expect(result.compiled.source.properties?.a).toEqual({ type: 'string' });
  });

  it('reports the size of the canonical JSON in bytes', () => {
    const result = compiler.compile({ type: 'object', description: 'é' });
    if (!result.ok) throw new Error('expected ok');
    // {"description":"é","type":"object"}: 35 characters, é takes two bytes.
    expect(result.compiled.sizeBytes).toBe(36);
  });
});
