import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject } from '@acode/domain';
import { PROVIDER_SCHEMA_FORMATS, toProviderTool, type ProviderSchemaFormat } from '../../src/provider-schemas/index.js';
import { newRegistry } from './registry.js';

/** Every property name anywhere in a converted tool, whatever the format calls its schema. */
function propertyNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) propertyNames(entry, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties' && typeof child === 'object' && child !== null) for (const name of Object.keys(child)) into.add(name);
      propertyNames(child, into);
    }
  }
  return into;
}

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
const description = fc.option(fc.string({ maxLength: 20 }), { nil: undefined });
const withDescription = (schema: Record<string, unknown>, text: string | undefined) => (text === undefined ? schema : { ...schema, description: text });

const { schema: arbitrarySchema } = fc.letrec<{ schema: Record<string, unknown>; object: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Record<string, unknown>>({ type: 'string' }, { type: 'integer', minimum: 0 }, { type: 'number' }, { type: 'boolean' }, { type: ['string', 'null'] }),
    fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }).map((values) => ({ type: 'string', enum: values })),
    tie('object'),
    fc.tuple(tie('schema'), description).map(([items, text]) => withDescription({ type: 'array', items }, text)),
    fc.tuple(tie('schema'), tie('schema')).map(([a, b]) => ({ anyOf: [a, b] })),
  ),
  object: fc
    .tuple(fc.dictionary(name, tie('schema'), { maxKeys: 5 }), fc.double({ min: 0, max: 1, noNaN: true }), description)
    .map(([properties, share, text]) => {
      const names = Object.keys(properties);
      const required = names.slice(0, Math.round(names.length * share));
      return withDescription({ type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }, text);
    }),
}));

const rootSchema = fc
  .tuple(fc.dictionary(name, arbitrarySchema, { minKeys: 1, maxKeys: 6 }))
  .map(([properties]): JsonSchemaObject => ({ type: 'object', properties: properties as JsonSchemaObject['properties'], additionalProperties: false }));

describe('conversion of any schema the registry accepts', () => {
  it('never throws, and keeps every property name in every format', () => {
    fc.assert(
      fc.property(rootSchema, (parameters) => {
        const definition = { name: 'generated', description: 'Generated.', version: '1.0.0', parameters };
        newRegistry().registerTool(definition);
        const expected = propertyNames(parameters);
        for (const format of PROVIDER_SCHEMA_FORMATS) {
          const names = propertyNames(toProviderTool(definition, format));
          for (const property of expected) expect(names.has(property), `${format} lost ${property}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("openai-strict's strict schemas close every object and require all its properties", () => {
    let strictRuns = 0;
    fc.assert(
      fc.property(rootSchema, (parameters) => {
        const definition = { name: 'generated', description: 'Generated.', version: '1.0.0', parameters };
        newRegistry().registerTool(definition);
        const fn = toProviderTool(definition, 'openai-strict')['function'] as { strict: boolean; parameters: unknown };
        if (!fn.strict) return;
        strictRuns += 1;
        for (const node of objectNodes(fn.parameters)) {
          expect(node['additionalProperties']).toBe(false);
          expect([...((node['required'] as string[] | undefined) ?? [])].sort()).toEqual(Object.keys(node['properties'] as object).sort());
        }
      }),
      { numRuns: 150 },
    );
    // The strict branch must have been exercised, or this property proved nothing.
    expect(strictRuns).toBeGreaterThan(50);
  });
});

describe('hostile schemas', () => {
  function nested(levels: number): JsonSchemaObject {
    let schema: JsonSchemaObject = { type: 'string', description: 'leaf' };
    for (let level = levels; level >= 1; level--) schema = { type: 'object', properties: { [`level_${level}`]: schema }, required: [`level_${level}`], additionalProperties: false };
    return schema;
  }

  /** Follows `level_1`, `level_2`... down the converted schema; how many levels it found. */
  function depthOf(schema: unknown): number {
    let depth = 0;
    let node = schema as { properties?: Record<string, unknown> } | undefined;
    while (node?.properties?.[`level_${depth + 1}`] !== undefined) node = node.properties[`level_${++depth}`] as typeof node;
    return depth;
  }

  const parametersOf: Record<ProviderSchemaFormat, (tool: Record<string, unknown>) => unknown> = {
    openai: (tool) => (tool['function'] as Record<string, unknown>)['parameters'],
    'openai-strict': (tool) => (tool['function'] as Record<string, unknown>)['parameters'],
    ollama: (tool) => (tool['function'] as Record<string, unknown>)['parameters'],
    gemini: (tool) => tool['parameters'],
    anthropic: (tool) => tool['input_schema'],
  };

  it.each(PROVIDER_SCHEMA_FORMATS)('%s keeps all 20 levels of a schema nested 20 deep (the registry maximum)', (format) => {
    const parameters = nested(19);
    newRegistry().registerTool({ name: 'deep', description: 'Deep.', version: '1.0.0', parameters });
    const tool = toProviderTool({ name: 'deep', description: 'Deep.', parameters }, format);
    expect(depthOf(parametersOf[format](tool))).toBe(19);
  });

  it('openai-strict sends a schema nested past its 10-level limit as non-strict rather than failing', () => {
    const tool = toProviderTool({ name: 'deep', description: 'Deep.', parameters: nested(19) }, 'openai-strict');
    expect((tool['function'] as Record<string, unknown>)['strict']).toBe(false);
  });

  it.each(PROVIDER_SCHEMA_FORMATS)('%s keeps 1,000 properties', (format) => {
    const properties = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`p${index}`, { type: 'integer', description: `Field ${index}` }]));
    const tool = toProviderTool({ name: 'wide', description: 'Wide.', parameters: { type: 'object', properties, additionalProperties: false } }, format);
    const converted = parametersOf[format](tool) as { properties: Record<string, { description: string }> };
    expect(Object.keys(converted.properties)).toHaveLength(1000);
    expect(converted.properties['p999']?.description).toBe('Field 999');
  });

  it.each(PROVIDER_SCHEMA_FORMATS)('%s does not overflow the stack on a 5,000-level schema the registry would refuse', (format) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 5000; level++) schema = { type: 'array', items: schema };
    const parameters = { type: 'object', properties: { a: schema } };
    expect(() => toProviderTool({ name: 'abyss', description: 'Abyss.', parameters }, format)).not.toThrow();
  });
});

/** Every schema node with `properties` inside a converted schema, walked iteratively. */
function objectNodes(schema: unknown): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      // A `properties` map holds schemas by property name: its values are schemas, the map is not.
      if (key === 'properties' && value !== null && typeof value === 'object') {
        found.push(record);
        pending.push(...Object.values(value));
      } else {
        pending.push(value);
      }
    }
  }
  return found;
}
