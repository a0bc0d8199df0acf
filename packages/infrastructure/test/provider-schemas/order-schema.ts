import { JSON_SCHEMA_DIALECT, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';

/**
 * One schema with everything a conversion must keep: objects nested three deep, an array of
 * objects, enums, descriptions, a nullable field, a date-time format and a `$defs` + `$ref`.
 */
export const ORDER_SCHEMA: JsonSchemaObject = {
  $schema: JSON_SCHEMA_DIALECT,
  type: 'object',
  description: 'An order to place.',
  properties: {
    customer: {
      type: 'object',
      description: 'Who orders.',
      properties: {
        name: { type: 'string', description: 'Full name', minLength: 1 },
        address: {
          type: 'object',
          description: 'Where to ship.',
          properties: {
            city: { type: 'string', description: 'City name' },
            geo: {
              type: 'object',
              description: 'Coordinates.',
              properties: { lat: { type: 'number' }, lon: { type: 'number' } },
              required: ['lat', 'lon'],
              additionalProperties: false,
            },
          },
          required: ['city'],
          additionalProperties: false,
        },
      },
      required: ['name'],
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
          quantity: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'string', enum: ['S', 'M', 'L'] },
        },
        required: ['sku'],
        additionalProperties: false,
      },
    },
    priority: { type: 'string', description: 'How urgent.', enum: ['low', 'normal', 'high'], default: 'normal' },
    note: { type: ['string', 'null'], description: 'Free text for the courier.' },
    billing: { $ref: '#/$defs/address', description: 'Billing address.' },
    deliver_after: { type: 'string', format: 'date-time', description: 'Earliest delivery.' },
  },
  required: ['customer', 'items'],
  additionalProperties: false,
  $defs: {
    address: {
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string', maxLength: 10 } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};

/** A definition carrying {@link ORDER_SCHEMA}. */
export const ORDER_TOOL: ToolDefinition = {
  name: 'order_place',
  description: 'Places an order.',
  version: '1.0.0',
  parameters: ORDER_SCHEMA,
};
