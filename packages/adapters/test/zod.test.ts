import { InvalidToolDefinitionException } from '@acode/application';
import { createToolRegistry } from '@acode/infrastructure';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromStandardSchemaTool, fromZodTool } from '../src/zod/index.js';

const forecast = z.strictObject({
  city: z.string().min(1).max(80).describe('City name'),
  unit: z.enum(['c', 'f']).default('c'),
  days: z.number().int().min(1).max(7).optional(),
  tags: z.array(z.string()).max(3).optional(),
  where: z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number() }).optional(),
  note: z.string().nullable().optional(),
  pair: z.tuple([z.string(), z.number()]).optional(),
  meta: z.record(z.string(), z.number()).optional(),
  kind: z.union([z.literal('daily'), z.literal('hourly')]).optional(),
});

const cases: readonly unknown[] = [
  { city: 'Paris' },
  { city: 'Paris', unit: 'f', days: 3 },
  { city: '' },
  { city: 'x'.repeat(81) },
  { unit: 'c' },
  { city: 'Paris', unit: 'k' },
  { city: 'Paris', days: 2.5 },
  { city: 'Paris', days: 0 },
  { city: 'Paris', tags: ['a', 'b', 'c'] },
  { city: 'Paris', tags: ['a', 'b', 'c', 'd'] },
  { city: 'Paris', tags: [1] },
  { city: 'Paris', where: { lat: 48.8, lon: 2.3 } },
  { city: 'Paris', where: { lat: 91, lon: 2.3 } },
  { city: 'Paris', where: { lat: 1 } },
  { city: 'Paris', where: { lat: 1, lon: 2, alt: 3 } },
  { city: 'Paris', note: null },
  { city: 'Paris', note: 'hi' },
  { city: 'Paris', note: 3 },
  { city: 'Paris', pair: ['a', 1] },
  { city: 'Paris', pair: ['a', 1, 2] },
  { city: 'Paris', pair: [1, 'a'] },
  { city: 'Paris', meta: { a: 1 } },
  { city: 'Paris', meta: { a: 'x' } },
  { city: 'Paris', kind: 'hourly' },
  { city: 'Paris', kind: 'weekly' },
  { city: 'Paris', extra: true },
  { city: 42 },
  [],
  'Paris',
];

describe('fromZodTool', () => {
  const definition = fromZodTool({ name: 'get_forecast', description: 'Weather forecast for a city.', inputSchema: forecast, category: 'external_api', sideEffects: 'read_only' });
  const registry = createToolRegistry({ tools: [definition] });

  it('gives a definition that registers, keeping the other fields and defaulting the version', () => {
    expect(definition.name).toBe('get_forecast');
    expect(definition.version).toBe('1.0.0');
    expect(definition.category).toBe('external_api');
    expect(definition.sideEffects).toBe('read_only');
    expect(registry.findTool('get_forecast')?.definition.name).toBe('get_forecast');
  });

  it('validates as zod does (a strictObject), for objects, enums, optional, nullable, nested, arrays, tuples, records and unions', () => {
    const disagreements = cases.filter((args) => forecast.safeParse(args).success !== registry.tryValidateArguments('get_forecast', args as object).success);
    expect(disagreements).toEqual([]);
    // Both outcomes are exercised.
    expect(cases.some((args) => forecast.safeParse(args).success)).toBe(true);
    expect(cases.some((args) => !forecast.safeParse(args).success)).toBe(true);
  });

  it('applies zod defaults, as zod parsing does', () => {
    const result = registry.tryValidateArguments('get_forecast', '{"city":"Oslo"}');
    expect(result.success && result.arguments).toEqual(forecast.parse({ city: 'Oslo' }));
  });

  it('keeps .describe() text for the model', () => {
    expect((definition.parameters.properties?.['city'] as { description?: string }).description).toBe('City name');
  });

  it('refuses with ACODE-TSR-006 a zod type that has no JSON Schema form, quoting zod', () => {
    for (const field of [z.date(), z.bigint(), z.map(z.string(), z.number()), z.custom<string>(() => true)]) {
      let thrown: unknown;
      try {
        fromZodTool({ name: 'bad_tool', description: 'x', inputSchema: z.object({ when: field }) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidToolDefinitionException);
      expect((thrown as InvalidToolDefinitionException).code).toBe('ACODE-TSR-006');
      expect((thrown as Error).message).toMatch(/has no JSON Schema form/);
    }
  });

  it('lets the registry refuse a camelCase property or a non-object root, with its own ACODE message', () => {
    const camel = fromZodTool({ name: 'camel_tool', description: 'x', inputSchema: z.object({ filePath: z.string() }) });
    expect(() => createToolRegistry({ tools: [camel] })).toThrow(/parameter name "filePath" is not snake_case.*did you mean "file_path"/);
    const scalar = fromZodTool({ name: 'scalar_tool', description: 'x', inputSchema: z.string() });
    expect(() => createToolRegistry({ tools: [scalar] })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
  });

  it('carries an output schema, checked by tryValidateOutput', () => {
    const tool = fromZodTool({ name: 'get_temp', description: 'x', inputSchema: z.object({ city: z.string() }), outputSchema: z.object({ celsius: z.number() }) });
    const local = createToolRegistry({ tools: [tool] });
    expect(local.tryValidateOutput('get_temp', { celsius: 20 }).valid).toBe(true);
    expect(local.tryValidateOutput('get_temp', { celsius: 'warm' }).valid).toBe(false);
  });

  it('refuses what is not a schema, and deep or huge schemas, with ACODE codes and no crash', () => {
    for (const inputSchema of [null, 42, {}, { '~standard': 'x' }, []]) {
      expect(() => fromZodTool({ name: 'bad_tool', description: 'x', inputSchema })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
    }
    let deep: z.ZodType = z.string();
    for (let i = 0; i < 200; i++) deep = z.object({ a: deep });
    expect(() => createToolRegistry({ tools: [fromZodTool({ name: 'deep_tool', description: 'x', inputSchema: deep })] })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
    // So deep that zod's own conversion runs out of stack: still an ACODE refusal, never a RangeError.
    let deeper: z.ZodType = z.string();
    for (let i = 0; i < 10_000; i++) deeper = z.object({ a: deeper });
    expect(() => fromZodTool({ name: 'deeper_tool', description: 'x', inputSchema: deeper })).toThrow(InvalidToolDefinitionException);
    expect(() => fromZodTool({ name: 'deeper_tool', description: 'x', inputSchema: deeper })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
    const wide = z.object(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p_${i}`, z.string().describe('y'.repeat(20))])));
    expect(() => createToolRegistry({ tools: [fromZodTool({ name: 'wide_tool', description: 'x', inputSchema: wide })] })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
  });
});

describe('fromStandardSchemaTool', () => {
  it('takes any Standard Schema that writes its JSON Schema, draft-07 ones normalised', () => {
    const seen: string[] = [];
    const schema = {
      '~standard': {
        version: 1 as const,
        vendor: 'handmade',
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: ({ target }: { target: string }) => {
            seen.push(target);
            if (target !== 'draft-07') throw new Error(`unsupported target ${target}`);
            return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { size: { $ref: '#/definitions/size' } }, required: ['size'], definitions: { size: { type: 'integer', minimum: 1 } } };
          },
        },
      },
    };
    const definition = fromStandardSchemaTool({ name: 'set_size', description: 'Sets a size.', inputSchema: schema });
    expect(seen).toEqual(['draft-2020-12', 'draft-07']);
    const registry = createToolRegistry({ tools: [definition] });
    expect(registry.tryValidateArguments('set_size', { size: 3 }).success).toBe(true);
    expect(registry.tryValidateArguments('set_size', { size: 0 }).success).toBe(false);
  });

  it('uses toJsonSchema for a schema without Standard JSON Schema, and says how to fix it when absent', () => {
    const legacy = { '~standard': { version: 1 as const, vendor: 'old', validate: (value: unknown) => ({ value }) } };
    expect(() => fromStandardSchemaTool({ name: 'old_tool', description: 'x', inputSchema: legacy })).toThrow(/offers no Standard JSON Schema.*toJsonSchema/);
    const definition = fromStandardSchemaTool({
      name: 'old_tool',
      description: 'x',
      inputSchema: legacy,
      toJsonSchema: () => ({ type: 'object', properties: { q: { type: 'string' } } }),
    });
    expect(definition.parameters).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect(() => fromStandardSchemaTool({ name: 'old_tool', description: 'x', inputSchema: legacy, toJsonSchema: () => ({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }) })).toThrow(
      expect.objectContaining({ code: 'ACODE-TSR-006', message: expect.stringMatching(/Unsupported \$schema/) }),
    );
  });

  it('works with z.toJSONSchema given as the converter', () => {
    const definition = fromStandardSchemaTool({ name: 'echo_text', description: 'x', inputSchema: z.object({ text: z.string() }), toJsonSchema: (s) => z.toJSONSchema(s as z.ZodType, { io: 'input' }) });
    expect(createToolRegistry({ tools: [definition] }).tryValidateArguments('echo_text', { text: 'hi' }).success).toBe(true);
  });
});
