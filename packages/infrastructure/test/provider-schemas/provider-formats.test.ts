import { describe, expect, it } from 'vitest';
import { PROVIDER_SCHEMA_FORMATS, toProviderTool } from '../../src/provider-schemas/index.js';
import { ORDER_SCHEMA, ORDER_TOOL } from './order-schema.js';
import { newRegistry } from './registry.js';

const { $schema: _dialect, ...ORDER_WITHOUT_DIALECT } = ORDER_SCHEMA;

describe('toProviderTool on a schema with nested objects, arrays of objects, enums, descriptions, nullable and $ref', () => {
  it('converts a schema the registry accepts', () => {
    expect(() => newRegistry().registerTool(ORDER_TOOL)).not.toThrow();
  });

  it('openai: the function form, schema as registered minus $schema, defaults kept', () => {
    expect(toProviderTool(ORDER_TOOL, 'openai')).toEqual({
      type: 'function',
      function: { name: 'order_place', description: 'Places an order.', parameters: ORDER_WITHOUT_DIALECT },
    });
  });

  it('ollama: the same function form', () => {
    expect(toProviderTool(ORDER_TOOL, 'ollama')).toEqual({
      type: 'function',
      function: { name: 'order_place', description: 'Places an order.', parameters: ORDER_WITHOUT_DIALECT },
    });
  });

  it('anthropic: name, description and input_schema', () => {
    expect(toProviderTool(ORDER_TOOL, 'anthropic')).toEqual({ name: 'order_place', description: 'Places an order.', input_schema: ORDER_WITHOUT_DIALECT });
  });

  it('openai-strict: every object closed with all properties required, optional ones nullable, no defaults', () => {
    expect(toProviderTool(ORDER_TOOL, 'openai-strict')).toEqual({
      type: 'function',
      function: {
        name: 'order_place',
        description: 'Places an order.',
        strict: true,
        parameters: {
          type: 'object',
          description: 'An order to place.',
          properties: {
            customer: {
              type: 'object',
              description: 'Who orders.',
              properties: {
                // minLength is outside strict mode's subset: left to the registry's validator.
                name: { type: 'string', description: 'Full name' },
                address: {
                  type: ['object', 'null'],
                  description: 'Where to ship.',
                  properties: {
                    city: { type: 'string', description: 'City name' },
                    geo: {
                      type: ['object', 'null'],
                      description: 'Coordinates.',
                      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
                      required: ['lat', 'lon'],
                      additionalProperties: false,
                    },
                  },
                  required: ['city', 'geo'],
                  additionalProperties: false,
                },
              },
              required: ['name', 'address'],
              additionalProperties: false,
            },
            items: {
              type: 'array',
              description: 'Lines of the order.',
              minItems: 1,
              items: {
                type: 'object',
                properties: {
                  sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]+$' },
                  quantity: { type: ['integer', 'null'], minimum: 1 },
                  size: { type: ['string', 'null'], enum: ['S', 'M', 'L', null] },
                },
                required: ['sku', 'quantity', 'size'],
                additionalProperties: false,
              },
            },
            priority: { type: ['string', 'null'], description: 'How urgent.', enum: ['low', 'normal', 'high', null] },
            note: { type: ['string', 'null'], description: 'Free text for the courier.' },
            billing: { description: 'Billing address.', anyOf: [{ $ref: '#/$defs/address' }, { type: 'null' }] },
            deliver_after: { type: ['string', 'null'], format: 'date-time', description: 'Earliest delivery.' },
          },
          required: ['customer', 'items', 'priority', 'note', 'billing', 'deliver_after'],
          additionalProperties: false,
          $defs: {
            address: {
              type: 'object',
              properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
              required: ['city', 'zip'],
              additionalProperties: false,
            },
          },
        },
      },
    });
  });

  it("gemini: 003's recursive conversion, upper-case types, $ref inlined, nullable, date-time kept", () => {
    expect(toProviderTool(ORDER_TOOL, 'gemini')).toEqual({
      name: 'order_place',
      description: 'Places an order.',
      parameters: {
        type: 'OBJECT',
        description: 'An order to place.',
        properties: {
          customer: {
            type: 'OBJECT',
            description: 'Who orders.',
            properties: {
              name: { type: 'STRING', description: 'Full name' },
              address: {
                type: 'OBJECT',
                description: 'Where to ship.',
                properties: {
                  city: { type: 'STRING', description: 'City name' },
                  geo: {
                    type: 'OBJECT',
                    description: 'Coordinates.',
                    properties: { lat: { type: 'NUMBER' }, lon: { type: 'NUMBER' } },
                    required: ['lat', 'lon'],
                  },
                },
                required: ['city'],
              },
            },
            required: ['name'],
          },
          items: {
            type: 'ARRAY',
            description: 'Lines of the order.',
            minItems: 1,
            items: {
              type: 'OBJECT',
              properties: {
                sku: { type: 'STRING' },
                quantity: { type: 'INTEGER', minimum: 1 },
                size: { type: 'STRING', enum: ['S', 'M', 'L'] },
              },
              required: ['sku'],
            },
          },
          priority: { type: 'STRING', description: 'How urgent.', enum: ['low', 'normal', 'high'] },
          note: { type: 'STRING', nullable: true, description: 'Free text for the courier.' },
          billing: { type: 'OBJECT', description: 'Billing address.', properties: { city: { type: 'STRING' }, zip: { type: 'STRING' } }, required: ['city'] },
          deliver_after: { type: 'STRING', format: 'date-time', description: 'Earliest delivery.' },
        },
        required: ['customer', 'items'],
      },
    });
  });

  it.each(PROVIDER_SCHEMA_FORMATS)('%s: leaves the registered definition unchanged and gives JSON that round-trips', (format) => {
    const before = JSON.stringify(ORDER_TOOL);
    const tool = toProviderTool(ORDER_TOOL, format);
    expect(JSON.stringify(ORDER_TOOL)).toBe(before);
    expect(JSON.parse(JSON.stringify(tool))).toEqual(tool);
  });
});
