import { describe, expect, it } from 'vitest';
import { parametersObjectRule } from '../../src/definition-rules/parameters-object-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (parameters: unknown) => parametersObjectRule.check(validDefinition({ parameters }));

describe('parameters-object rule', () => {
  it('accepts an object schema, with or without properties', () => {
    expect(check({ type: 'object', properties: {} })).toEqual([]);
    expect(check({ type: 'object' })).toEqual([]);
  });

  it('requires parameters', () => {
    const { parameters: _omitted, ...definition } = validDefinition();
    expect(parametersObjectRule.check(definition)[0]).toMatchObject({ code: 'ACODE-TSR-006', path: '/parameters' });
  });

  it('points a ToolParameter list at the converter', () => {
    expect(check([{ name: 'path', type: 'string' }])).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters', message: 'parameters must be a JSON Schema object, not a list; convert a ToolParameter list with parametersToJsonSchema' },
    ]);
  });

  it.each([[null, 'null'], ['object', 'a string'], [true, 'a boolean']])('refuses %j', (parameters, got) => {
    expect(check(parameters)).toEqual([{ code: 'ACODE-TSR-006', path: '/parameters', message: `parameters must be a JSON Schema object; got ${got}` }]);
  });

  it('requires type "object" and an object of properties', () => {
    expect(check({ type: 'array', properties: [] })).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/type', message: 'parameters must declare type "object", because arguments are one JSON object; got "array"' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties', message: 'parameters.properties must be an object mapping names to schemas; got an array' },
    ]);
    expect(check({ properties: {} })[0]!.message).toBe('parameters must declare type "object", because arguments are one JSON object; got no type');
    expect(check({ type: ['object', 'null'] })[0]!.message).toBe('parameters must declare type "object", because arguments are one JSON object; got an array');
  });
});
