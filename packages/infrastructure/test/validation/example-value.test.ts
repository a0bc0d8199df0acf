import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject } from '@acode/domain';
import { buildExampleArguments } from '../../src/validation/example-value.js';
import { FILE_READ_SCHEMA } from './support/file-read-schema.js';

function isValid(schema: JsonSchemaObject, value: unknown): boolean {
  return new Validator(schema as Schema, '2020-12', false).validate(value).valid;
}

describe('buildExampleArguments', () => {
  it('fills the required properties with plausible values (000 scenarios 4, 5)', () => {
    expect(buildExampleArguments(FILE_READ_SCHEMA)).toEqual({ path: '/path/to/file' });
    const fileWrite: JsonSchemaObject = { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'], additionalProperties: false };
    expect(buildExampleArguments(fileWrite)).toEqual({ path: '/path/to/file', content: 'text to write' });
  });

  const schemas: Array<[string, JsonSchemaObject]> = [
    ['file_read', FILE_READ_SCHEMA],
    ['enum, const, bounds', {
      type: 'object',
      properties: {
        mode: { enum: ['fast', 'slow'] },
        version: { const: 2 },
        count: { type: 'integer', minimum: 10, maximum: 20, multipleOf: 3 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        level: { type: 'integer', exclusiveMinimum: 5 },
        enabled: { type: 'boolean' },
        nothing: { type: 'null' },
      },
      required: ['mode', 'version', 'count', 'ratio', 'level', 'enabled', 'nothing'],
    }],
    ['strings', {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 12 },
        tiny: { type: 'string', maxLength: 2 },
        when: { type: 'string', format: 'date-time' },
        email: { type: 'string', format: 'email' },
        maybe: { type: ['null', 'string'] },
      },
      required: ['code', 'tiny', 'when', 'email', 'maybe'],
    }],
    ['nested, arrays, refs, unions', {
      type: 'object',
      properties: {
        options: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } }, required: ['depth'], additionalProperties: false },
        files: { type: 'array', items: { type: 'string' }, minItems: 2 },
        point: { $ref: '#/$defs/Point' },
        id: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string' }] },
      },
      required: ['options', 'files', 'point', 'id'],
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    }],
  ];

  it.each(schemas)('builds an example that validates: %s', (_, schema) => {
    const example = buildExampleArguments(schema);
    expect(isValid(schema, example)).toBe(true);
    expect(Object.keys(example)).toEqual(schema.required);
  });

  it('never uses a schema default', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { mode: { type: 'string', default: 'hidden-default' } }, required: ['mode'] };
    expect(JSON.stringify(buildExampleArguments(schema))).not.toContain('hidden-default');
  });

  it('stays bounded for recursive schemas and defines __proto__ as a property', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { next: { $ref: '#' } }, required: ['next', '__proto__'] };
    const example = buildExampleArguments(schema);
    expect(JSON.stringify(example).length).toBeLessThan(200);
    expect(Object.getPrototypeOf(example)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(example, '__proto__')).toBe(true);
  });
});
