import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../src/json-value.js';
import { jsonSchemaToParameters, parametersToJsonSchema, type ParameterConversion } from '../src/tool-parameter-conversion.js';
import { TOOL_PARAMETER_TYPES, type ToolParameter, type ToolParameterType } from '../src/tool-parameter.js';
import { validateToolDefinition } from '../src/validate-tool-definition.js';
import { validDefinition } from './fixtures/definitions.js';

function value<T>(conversion: ParameterConversion<T>): T {
  if (!conversion.success) throw new Error(`expected success, got ${JSON.stringify(conversion.violations)}`);
  return conversion.value;
}

const readFile: ToolParameter[] = [
  { name: 'path', description: 'The file path to read', type: 'string', required: true },
  { name: 'encoding', description: 'File encoding', type: 'string', required: false, default: 'utf-8', enum: ['utf-8', 'ascii', 'utf-16'] },
  {
    name: 'options',
    description: 'Additional options',
    type: 'object',
    required: false,
    schema: { properties: { recursive: { type: 'boolean' }, max_depth: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  },
];

describe('parametersToJsonSchema', () => {
  it('builds the strict object schema of 001\'s read_file example', () => {
    expect(value(parametersToJsonSchema(readFile))).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file path to read' },
        encoding: { type: 'string', description: 'File encoding', default: 'utf-8', enum: ['utf-8', 'ascii', 'utf-16'] },
        options: {
          type: 'object',
          description: 'Additional options',
          properties: { recursive: { type: 'boolean' }, max_depth: { type: 'integer', minimum: 1 } },
          additionalProperties: false,
        },
      },
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('keeps list order and produces a definition the rules accept', () => {
    const schema = value(parametersToJsonSchema(readFile));
    expect(Object.keys(schema.properties ?? {})).toEqual(['path', 'encoding', 'options']);
    expect(validateToolDefinition(validDefinition({ parameters: schema }))).toEqual([]);
  });

  it('converts an empty list to an object schema without properties (001 AC 7)', () => {
    expect(value(parametersToJsonSchema([]))).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('accepts a schema.type equal to the parameter\'s type, as 001\'s example writes it', () => {
    const [options] = value(jsonSchemaToParameters(value(parametersToJsonSchema([{ name: 'o', description: '', type: 'object', schema: { type: 'object', properties: {} } }]))));
    expect(options).toEqual({ name: 'o', description: '', type: 'object', required: false, schema: { properties: {} } });
  });

  it('keeps a parameter named __proto__ as a property', () => {
    const schema = value(parametersToJsonSchema([{ name: '__proto__', description: '', type: 'string' }]));
    expect(Object.keys(schema.properties ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
  });

  it('refuses lists it cannot turn into one schema, naming each problem', () => {
    const bad = [
      { name: 'a', description: 'x', type: 'string' },
      { name: 'a', description: 'x', type: 'string' },
      { name: '', description: 1, type: 'date', required: 'yes' },
      { name: 'b', description: '', type: 'integer', schema: { type: 'string', default: 1 } },
      null,
    ] as unknown as ToolParameter[];
    const result = parametersToJsonSchema(bad);
    expect(result.success).toBe(false);
    expect(!result.success && result.violations.map((v) => [v.code, v.path])).toEqual([
      ['ACODE-TSR-006', '/parameters/1/name'],
      ['ACODE-TSR-006', '/parameters/2/name'],
      ['ACODE-TSR-006', '/parameters/2/description'],
      ['ACODE-TSR-006', '/parameters/2/type'],
      ['ACODE-TSR-006', '/parameters/2/required'],
      ['ACODE-TSR-006', '/parameters/3/schema/type'],
      ['ACODE-TSR-006', '/parameters/3/schema/default'],
      ['ACODE-TSR-006', '/parameters/4'],
    ]);
  });

  it('refuses a non-list without throwing', () => {
    for (const input of [null, {}, 'x', 3]) expect(parametersToJsonSchema(input as unknown as ToolParameter[]).success).toBe(false);
  });
});

describe('jsonSchemaToParameters', () => {
  it('reads the properties back in order, required as a boolean, the rest into schema', () => {
    expect(value(jsonSchemaToParameters({ type: 'object', properties: { q: { type: 'string', minLength: 1 }, n: { type: 'integer' } }, required: ['q'] }))).toEqual([
      { name: 'q', description: '', type: 'string', required: true, schema: { minLength: 1 } },
      { name: 'n', description: '', type: 'integer', required: false },
    ]);
  });

  it('says which properties and root keywords a parameter list cannot hold, instead of dropping them', () => {
    const result = jsonSchemaToParameters({
      $defs: { x: { type: 'string' } },
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { $ref: '#/$defs/x' }, c: { type: 'null' }, d: true, e: { type: 'string', description: 5, enum: 'x' } },
      required: ['zz'],
      additionalProperties: true,
    });
    expect(!result.success && result.violations.map((v) => v.path)).toEqual([
      '/parameters/$defs',
      '/parameters/additionalProperties',
      '/parameters/required/0',
      '/parameters/properties/a/type',
      '/parameters/properties/b/type',
      '/parameters/properties/c/type',
      '/parameters/properties/d',
      '/parameters/properties/e/description',
      '/parameters/properties/e/enum',
    ]);
  });

  it('refuses non-objects and non-object roots without throwing', () => {
    for (const input of [null, [], 'x', { type: 'array' }, { type: 'object', properties: [] }, { type: 'object', required: 'a' }]) {
      expect(jsonSchemaToParameters(input).success).toBe(false);
    }
  });
});

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateParameters(next: () => number): ToolParameter[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sampleOf = (type: ToolParameterType): JsonValue =>
    ({ string: pick(['', 'a', 'ü/~', 'x y']), integer: pick([0, -3, 42]), number: pick([1.5, -0.25, 7]), boolean: next() < 0.5, array: [pick([1, 'a', null])], object: { k: pick([1, 'v', [true]]) } })[type];
  const count = Math.floor(next() * 6);
  const names = new Set<string>();
  const parameters: ToolParameter[] = [];
  while (parameters.length < count) {
    const name = `${pick(['a', 'path', 'max_depth', 'x1', '__proto__', 'constructor'])}${names.size}`;
    if (names.has(name)) continue;
    names.add(name);
    const type = pick(TOOL_PARAMETER_TYPES);
    const required = next() < 0.4;
    const schema = pick([undefined, { minimum: 1 }, { pattern: '^a', maxLength: 9 }, { items: { type: 'string' } }, { properties: { z: { type: 'null' } }, required: ['z'] }]);
    parameters.push({
      name,
      description: pick(['', 'A parameter.', 'Path, relative to "root".']),
      type,
      required,
      ...(!required && next() < 0.5 && { default: sampleOf(type) }),
      ...(next() < 0.3 && { enum: [sampleOf(type), `${name}-other`] }),
      ...(schema !== undefined && { schema }),
    });
  }
  return parameters;
}

describe('round trip (property-based, 500 seeded cases)', () => {
  const seeds = Array.from({ length: 500 }, (_, i) => i + 1);

  it('jsonSchemaToParameters(parametersToJsonSchema(p)) equals p', () => {
    for (const seed of seeds) {
      const parameters = generateParameters(random(seed));
      expect(value(jsonSchemaToParameters(value(parametersToJsonSchema(parameters)))), `seed ${seed}`).toStrictEqual(parameters);
    }
  });

  it('parametersToJsonSchema(jsonSchemaToParameters(s)) equals s for every schema the first produces', () => {
    for (const seed of seeds) {
      const schema = value(parametersToJsonSchema(generateParameters(random(seed))));
      const again = value(parametersToJsonSchema(value(jsonSchemaToParameters(schema))));
      expect(again, `seed ${seed}`).toStrictEqual(schema);
      expect(Object.keys(again.properties ?? {}), `seed ${seed}`).toEqual(Object.keys(schema.properties ?? {}));
    }
  });
});
