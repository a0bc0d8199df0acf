import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { JSON_SCHEMA_DIALECT, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/library/index.js';
import { CfworkerSchemaCompiler } from '../../src/schema/cfworker-schema-compiler.js';
import { normalizeSchemaDialect, type SchemaDialectNormalization } from '../../src/schema/normalize-schema-dialect.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';

function normalized(schema: unknown): Record<string, unknown> {
  const result = normalizeSchemaDialect(schema);
  if (!result.ok) throw new Error(`refused: ${result.violation.message}`);
  return result.schema as Record<string, unknown>;
}

function refusal(result: SchemaDialectNormalization): { code: string; path: string; message: string } {
  if (result.ok) throw new Error('expected a refusal');
  return result.violation;
}

/**
 * The verdicts ajv gives each instance under the schema's own dialect must be the verdicts ajv
 * gives under 2020-12 to the normalised schema: the rewrite keeps the meaning, whatever it looks like.
 */
function expectSameVerdicts(schema: Record<string, unknown>, instances: readonly unknown[], dialect: 'draft-07' | '2019-09' = 'draft-07'): void {
  const original = dialect === 'draft-07' ? new Ajv({ strict: false }) : new Ajv2019({ strict: false });
  const modern = new Ajv2020({ strict: false });
  const before = original.compile(schema);
  const after = modern.compile(normalized(schema));
  const verdicts = instances.map((instance) => [before(instance), after(instance)]);
  for (const [index, [old, now]] of verdicts.entries()) expect({ instance: instances[index], verdict: now }).toEqual({ instance: instances[index], verdict: old });
  // The instances must exercise both outcomes, or the comparison proves little.
  expect(new Set(verdicts.map(([old]) => old)).size).toBe(2);
}

describe('normalizeSchemaDialect', () => {
  it('moves draft-07 definitions to $defs and rewrites every ref into them, keeping the meaning', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { home: { $ref: '#/definitions/address' }, work: { $ref: '#/definitions/address' }, tags: { $ref: '#/definitions/tags' } },
      required: ['home'],
      definitions: {
        address: { type: 'object', properties: { city: { type: 'string' }, zip: { $ref: '#/definitions/zip' } }, required: ['city'] },
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const out = normalized(schema);
    expect(out['$defs']).toBeDefined();
    expect(out['definitions']).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain('#/definitions/');
    expect(out['$schema']).toBe(JSON_SCHEMA_DIALECT);
    expectSameVerdicts(schema, [
      { home: { city: 'Paris' } },
      { home: { city: 'Paris', zip: '75001' }, tags: ['a'] },
      { home: { city: 'Paris', zip: 'x' } },
      { home: {} },
      { work: { city: 'Oslo' } },
      { home: { city: 'Oslo' }, tags: [1] },
    ]);
  });

  it('turns array-form items into prefixItems and additionalItems into items, refs included', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: {
        point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false },
        pair: { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'integer' } },
        again: { $ref: '#/properties/pair/items/0' },
        rest: { $ref: '#/properties/pair/additionalItems' },
      },
    };
    const out = normalized(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties['point']).toEqual({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], maxItems: 2 });
    expect(out.properties['again']).toEqual({ $ref: '#/properties/pair/prefixItems/0' });
    expect(out.properties['rest']).toEqual({ $ref: '#/properties/pair/items' });
    expectSameVerdicts(schema, [
      { point: [1, 2] },
      { point: [1, 2, 3] },
      { point: [1] },
      { pair: ['a', 1, 2] },
      { pair: ['a', 'b'] },
      { again: 'x', rest: 3 },
      { again: 1 },
      { rest: 1.5 },
    ]);
  });

  it('drops additionalItems beside one-schema items, where draft-07 ignores it', () => {
    const schema = { $schema: DRAFT_07, type: 'object', properties: { list: { type: 'array', items: { type: 'string' }, additionalItems: false } } };
    expect((normalized(schema) as { properties: { list: object } }).properties.list).toEqual({ type: 'array', items: { type: 'string' } });
    expectSameVerdicts(schema, [{ list: ['a', 'b', 'c'] }, { list: [1] }]);
  });

  it('splits dependencies into dependentRequired and dependentSchemas', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'string' }, mode: { type: 'string' } },
      dependencies: { card: ['billing'], mode: { properties: { card: { const: 'x' } } } },
    };
    const out = normalized(schema);
    expect(out['dependencies']).toBeUndefined();
    expect(out['dependentRequired']).toEqual({ card: ['billing'] });
    expect(out['dependentSchemas']).toEqual({ mode: { properties: { card: { const: 'x' } } } });
    expectSameVerdicts(schema, [{ card: 'x', billing: 'b' }, { card: 'x' }, { mode: 'm', card: 'y', billing: 'b' }, { mode: 'm' }, {}]);
  });

  it('keeps keywords beside $ref, applied as ajv applies them in every draft, so no constraint is lost', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { size: { $ref: '#/definitions/size', minimum: 10, description: 'How big' } },
      definitions: { size: { type: 'integer' } },
    };
    const out = normalized(schema) as { properties: { size: object } };
    expect(out.properties.size).toEqual({ $ref: '#/$defs/size', minimum: 10, description: 'How big' });
    expectSameVerdicts(schema, [{ size: 3 }, { size: 'big' }, { size: 12 }]);
  });

  it('turns additionalItems: false into the lower maxItems, whichever keyword comes first', () => {
    const first = normalized({ type: 'array', maxItems: 1, items: [{ type: 'string' }, { type: 'string' }], additionalItems: false });
    const last = normalized({ type: 'array', additionalItems: false, items: [{ type: 'string' }, { type: 'string' }], maxItems: 5 });
    expect(first['maxItems']).toBe(1);
    expect(last['maxItems']).toBe(2);
    expect(normalized({ type: 'array', items: [{ type: 'string' }], additionalItems: true })).toEqual({ type: 'array', prefixItems: [{ type: 'string' }] });
  });

  it('keeps keywords beside $ref when no dialect is named, as 2020-12 applies them', () => {
    const out = normalized({ type: 'object', properties: { size: { $ref: '#/$defs/size', minimum: 10 } }, $defs: { size: { type: 'integer' } } });
    expect(out).toEqual({ type: 'object', properties: { size: { $ref: '#/$defs/size', minimum: 10 } }, $defs: { size: { type: 'integer' } } });
  });

  it('reads a schema without $schema as draft-07 only where a keyword can have no other meaning, adding no $schema', () => {
    const result = normalizeSchemaDialect({ type: 'object', properties: { a: { $ref: '#/definitions/a' } }, definitions: { a: { type: 'string' } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.dialect).toBe('unspecified');
    expect(result.schema).toEqual({ type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } });
    expect(result.changes.join('\n')).toMatch(/definitions → \$defs/);
  });

  it('accepts 2019-09, https and fragment-less draft-07 URIs', () => {
    const schema = { $schema: DRAFT_2019, type: 'object', properties: { t: { type: 'array', items: [{ type: 'string' }], additionalItems: false } }, $defs: { x: { type: 'string' } } };
    expect(normalized(schema)['$schema']).toBe(JSON_SCHEMA_DIALECT);
    expectSameVerdicts(schema, [{ t: ['a'] }, { t: ['a', 'b'] }], '2019-09');
    for (const uri of ['https://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema']) {
      const result = normalizeSchemaDialect({ $schema: uri, type: 'object' });
      expect(result.ok && result.dialect).toBe('draft-07');
    }
  });

  it('copies a 2020-12 schema unchanged and says nothing changed', () => {
    const schema = { $schema: JSON_SCHEMA_DIALECT, type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } };
    const result = normalizeSchemaDialect(schema);
    expect(result).toEqual({ ok: true, schema, dialect: 'draft-2020-12', changes: [] });
    if (result.ok) expect(result.schema).not.toBe(schema);
  });

  it('turns a plain-name $id into $anchor and rewrites refs with escaped and percent-encoded tokens', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { a: { $ref: '#/definitions/a~1b' }, c: { $ref: '#/definitions/c%20d' }, e: { $ref: '#node' } },
      definitions: { 'a/b': { type: 'string' }, 'c d': { type: 'integer' }, e: { $id: '#node', type: 'boolean' } },
    };
    const out = normalized(schema) as { properties: Record<string, { $ref: string }>; $defs: Record<string, Record<string, unknown>> };
    expect(out.properties['a']!.$ref).toBe('#/$defs/a~1b');
    expect(out.properties['c']!.$ref).toBe('#/$defs/c%20d');
    expect(out.$defs['e']).toEqual({ $anchor: 'node', type: 'boolean' });
    expectSameVerdicts(schema, [{ a: 'x', c: 1, e: true }, { a: 1 }, { c: 'x' }, { e: 'no' }]);
  });

  it('refuses an unknown or malformed $schema with ACODE-TSR-006 and a clear message', () => {
    for (const uri of ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-06/schema#', 'https://spec.openapis.org/oas/3.1/dialect/base', 'draft-07']) {
      const problem = refusal(normalizeSchemaDialect({ $schema: uri, type: 'object' }));
      expect(problem.code).toBe('ACODE-TSR-006');
      expect(problem.path).toBe('/$schema');
      expect(problem.message).toMatch(/Unsupported \$schema.*draft-07, draft 2019-09 and draft 2020-12/);
    }
    expect(refusal(normalizeSchemaDialect({ $schema: 7, type: 'object' })).message).toMatch(/must be a URI string; got a number/);
    expect(refusal(normalizeSchemaDialect({ type: 'object', properties: { a: { $schema: 'http://x.example/s', type: 'string' } } })).path).toBe('/properties/a/$schema');
  });

  it('refuses what is not a schema, clashing definitions and hostile depth, without throwing', () => {
    for (const value of [null, 'x', 3, [], new Date()]) expect(refusal(normalizeSchemaDialect(value)).code).toBe('ACODE-TSR-006');
    expect(refusal(normalizeSchemaDialect({ definitions: { a: { type: 'string' } }, $defs: { a: { type: 'integer' } } })).message).toMatch(/"a" is defined twice under \$defs/);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'object', properties: { a: deep } };
    const problem = refusal(normalizeSchemaDialect(deep));
    expect(problem.message).toMatch(/deeper than 128 levels/);
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic['properties'] = { self: cyclic };
    expect(refusal(normalizeSchemaDialect(cyclic)).code).toBe('ACODE-TSR-006');
    let deepData: unknown = 1;
    for (let i = 0; i < 100_000; i++) deepData = [deepData];
    expect(refusal(normalizeSchemaDialect({ type: 'object', default: deepData })).message).toMatch(/nests too deeply/);
  });

  it('never changes its input and shares no object with the output', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { p: { type: 'array', items: [{ type: 'string', enum: ['a'] }] }, q: { type: 'string', default: 'x', examples: [{ deep: [1] }] } },
      definitions: { d: { type: 'object', properties: { x: { type: 'integer' } } } },
      dependencies: { p: ['q'] },
    };
    const before = structuredClone(schema);
    const out = normalized(schema);
    expect(schema).toEqual(before);
    const seen = new Set<object>();
    const collect = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      seen.add(value);
      Object.values(value).forEach(collect);
    };
    collect(schema);
    const shared: unknown[] = [];
    const check = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      if (seen.has(value)) shared.push(value);
      Object.values(value).forEach(check);
    };
    check(out);
    expect(shared).toEqual([]);
  });

  it('keeps an own __proto__ property as data, never as a prototype', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"definitions":{"__proto__":{"type":"integer"}}}') as object;
    const out = normalized(schema) as { properties: object; $defs: object };
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
    expect(Object.keys(out.properties)).toEqual(['__proto__']);
    expect(Object.keys(out.$defs)).toEqual(['__proto__']);
  });

  it('gives schemas the compiler refused as draft-07 a form it compiles, and the registry validates with it', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false }, unit: { $ref: '#/definitions/unit' } },
      required: ['point'],
      additionalProperties: false,
      definitions: { unit: { type: 'string', enum: ['m', 'ft'] } },
    };
    const compiler = new CfworkerSchemaCompiler();
    expect(compiler.compile(schema).ok).toBe(false);
    const out = normalized(schema) as JsonSchemaObject;
    expect(compiler.compile(out).ok).toBe(true);
    const tool: ToolDefinition = { name: 'plot_point', description: 'Plots a point.', version: '1.0.0', parameters: out };
    const registry = createToolRegistry({ tools: [tool] });
    expect(registry.tryValidateArguments('plot_point', '{"point":[1,2],"unit":"m"}').success).toBe(true);
    expect(registry.tryValidateArguments('plot_point', '{"point":[1,2,3]}').success).toBe(false);
    expect(registry.tryValidateArguments('plot_point', '{"point":[1,2],"unit":"yd"}').success).toBe(false);
  });
});
