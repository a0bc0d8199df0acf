import { describe, expect, it } from 'vitest';
import { constraintsRule } from '../../src/definition-rules/constraints-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (constraints: unknown) => constraintsRule.check(validDefinition({ constraints }));
const TIME = 'maxExecutionTimeMs must be a whole number of milliseconds from 1000 (1 s) to 600000 (10 min); got';
const SIZE = 'maxOutputSizeBytes must be a whole number of bytes from 1024 (1 KiB) to 104857600 (100 MiB); got';

describe('constraints rule', () => {
  it('accepts the bounds themselves, null and absence', () => {
    expect(check({ maxExecutionTimeMs: 1000, maxOutputSizeBytes: 1024 })).toEqual([]);
    expect(check({ maxExecutionTimeMs: 600_000, maxOutputSizeBytes: 104_857_600, allowSideEffects: false, requiredIsolation: 'restricted' })).toEqual([]);
    expect(check({})).toEqual([]);
    expect(check(null)).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [600_001, '600001'],
    [1500.5, '1500.5'],
    ['30s', 'a string'],
  ])('refuses maxExecutionTimeMs %j and names the range (001 §12: 0 s and 601 s)', (value, got) => {
    expect(check({ maxExecutionTimeMs: value })).toEqual([{ code: 'ACODE-DEF-001', path: '/constraints/maxExecutionTimeMs', message: `${TIME} ${got}` }]);
  });

  it.each([
    [1023, '1023'],
    [104_857_601, '104857601'],
    [-1, '-1'],
  ])('refuses maxOutputSizeBytes %j and names the range', (value, got) => {
    expect(check({ maxOutputSizeBytes: value })).toEqual([{ code: 'ACODE-DEF-001', path: '/constraints/maxOutputSizeBytes', message: `${SIZE} ${got}` }]);
  });

  it('reports every bad field, unknown keys included', () => {
    expect(check({ maxExecutionTime: 30, allowSideEffects: 'no', requiredIsolation: 'Strict', maxOutputSizeBytes: 0 }).map((v) => [v.path, v.message])).toEqual([
      ['/constraints/maxExecutionTime', 'constraints has no field "maxExecutionTime"; known fields: maxExecutionTimeMs, maxOutputSizeBytes, allowSideEffects, requiredIsolation'],
      ['/constraints/maxOutputSizeBytes', `${SIZE} 0`],
      ['/constraints/allowSideEffects', 'allowSideEffects must be true or false; got a string'],
      ['/constraints/requiredIsolation', 'requiredIsolation must be one of: none, standard, strict, restricted; got "Strict"'],
    ]);
  });

  it('refuses constraints that are not an object', () => {
    expect(check([1000])).toEqual([{ code: 'ACODE-DEF-001', path: '/constraints', message: 'constraints must be an object; got an array' }]);
  });
});
