import { DEFAULT_TOOL_REGISTRY_OPTIONS } from '@acode/application';
import { DEFAULT_REGISTRY_LIMITS, ERROR_CODES, type ToolDefinition, type ToolValidationFailure } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { findDuplicateItems } from '../../src/schema/bounded-validate.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { compileEngineSchema } from '../../src/schema/engine-schema.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { compileToolSchema } from '../schema/compile-tool-schema.js';

/**
 * Issue 13 item 1, "hostile input costs bounded": inputs at the limits, results asserted (the
 * event-loop figures are measured by the bench's "Hostile inputs" section, never asserted here).
 */

function makeRegistry(): ToolSchemaRegistry {
  const metrics = { increment() {}, setGauge() {}, observe() {} };
  return new ToolSchemaRegistry(new CfworkerSchemaCompiler(), new RecordingLogger(), metrics, { current: () => 'corr-1', run: (fn) => fn() }, { now: () => 0 }, DEFAULT_TOOL_REGISTRY_OPTIONS);
}

function tool(name: string, parameters: Record<string, unknown>): ToolDefinition {
  return { name, description: 'A tool for hostile-cost tests.', version: '1.0.0', category: 'general', parameters: { type: 'object', ...parameters } } as ToolDefinition;
}

function failure(result: ReturnType<ToolSchemaRegistry['tryValidateArguments']>): ToolValidationFailure {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.arguments).slice(0, 200)}`);
  return result;
}

const idsSchema = (extra: Record<string, unknown>) => ({
  properties: { ids: { type: 'array', description: 'Ids', items: { type: 'string', description: 'Id' }, uniqueItems: true, ...extra } },
  required: ['ids'],
  additionalProperties: false,
});

describe('uniqueItems and maxItems', () => {
  it('40,000 ids with maxItems 5: only the maxItems error, and no uniqueItems scan', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('kb_get_like', idsSchema({ maxItems: 5 })));
    const ids = Array.from({ length: 40_000 }, (_, index) => `id-${index % 20_000}`); // duplicates too
    const text = JSON.stringify({ ids });
    expect(Buffer.byteLength(text)).toBeLessThan(DEFAULT_REGISTRY_LIMITS.maxArgumentSizeBytes);
    const result = failure(registry.tryValidateArguments('kb_get_like', text));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: ERROR_CODES.CONSTRAINT_VIOLATION, keyword: 'maxItems', path: '/ids' });

    const compiled = compileToolSchema({ type: 'object', ...idsSchema({ maxItems: 5 }) });
    const scans: number[] = [];
    const violations = compiled.validateRaw({ ids }, { onUniqueItemsScan: (length) => scans.push(length) });
    expect(scans).toEqual([]);
    expect(violations.map((violation) => violation.keyword)).toEqual(['maxItems']);
  });

  it('within maxItems the scan runs and finds the duplicate', () => {
    const compiled = compileToolSchema({ type: 'object', ...idsSchema({ maxItems: 5 }) });
    const scans: number[] = [];
    const violations = compiled.validateRaw({ ids: ['a', 'b', 'a'] }, { onUniqueItemsScan: (length) => scans.push(length) });
    expect(scans).toEqual([3]);
    expect(violations.map((violation) => violation.keyword)).toEqual(['uniqueItems']);
  });

  it('an object over maxProperties fails with that error alone, its 60,000 keys unexamined', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('few_keys', { properties: { opts: { type: 'object', description: 'Options', maxProperties: 3, additionalProperties: { type: 'integer' } } } }));
    const opts: Record<string, string> = {};
    for (let index = 0; index < 60_000; index++) opts[`k${index}`] = 'x';
    const text = JSON.stringify({ opts });
    expect(Buffer.byteLength(text)).toBeLessThan(DEFAULT_REGISTRY_LIMITS.maxArgumentSizeBytes);
    const result = failure(registry.tryValidateArguments('few_keys', text));
    expect(result.errors.map((error) => [error.keyword, error.path])).toEqual([['maxProperties', '/opts']]);
    expect(result.omittedErrors).toBeUndefined();
  });

  it('finds one duplicate among 100,000 integers, and passes them when all differ', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('many_ints', { properties: { n: { type: 'array', description: 'Numbers', items: { type: 'integer' }, uniqueItems: true } }, additionalProperties: false }));
    const distinct = Array.from({ length: 100_000 }, (_, index) => index);
    expect(registry.tryValidateArguments('many_ints', JSON.stringify({ n: distinct })).success).toBe(true);
    const withDuplicate = [...distinct];
    withDuplicate[99_999] = 12;
    const result = failure(registry.tryValidateArguments('many_ints', JSON.stringify({ n: withDuplicate })));
    expect(result.errors.map((error) => [error.code, error.keyword, error.path])).toEqual([[ERROR_CODES.CONSTRAINT_VIOLATION, 'uniqueItems', '/n']]);
  });

  it('compares items as JSON values: key order does not matter, types do', () => {
    expect(findDuplicateItems([{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }])).toEqual([0, 1]);
    expect(findDuplicateItems([1, '1', true, 'true', null, 'null', [1], { 0: 1 }, 0, false, {}, []])).toBeUndefined();
    expect(findDuplicateItems([1.0, 1])).toEqual([0, 1]);
    expect(findDuplicateItems([0, -0])).toEqual([0, 1]);
    expect(findDuplicateItems([[1, 2], [2, 1]])).toBeUndefined();
    // A string that spells an object's or array's canonical text is not that object or array.
    expect(findDuplicateItems(['{}', {}, '[1]', [1], '{"a":"1"}', { a: '1' }, { a: 1 }])).toBeUndefined();
  });

  it('names the pair the engine named: the lowest index that has a duplicate, and its first duplicate', () => {
    expect(findDuplicateItems(['a', 'b', 'b', 'a'])).toEqual([0, 3]);
    expect(findDuplicateItems(['x', 'b', 'c', 'b', 'c'])).toEqual([1, 3]);
    const compiled = compileToolSchema({ type: 'object', properties: { l: { type: 'array', items: { type: 'string' }, uniqueItems: true } } });
    expect(compiled.validateRaw({ l: ['a', 'b', 'b', 'a'] })[0]?.engineMessage).toBe('Duplicate items at indexes 0 and 3.');
  });
});

describe('patternProperties and propertyNames run on RE2', () => {
  const longName = 'a'.repeat(4096);

  it('registers ^.*.*.*=$ (no nested repetition) and matches a 4 KB name with RE2', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('pattern_keys', { patternProperties: { '^.*.*.*=$': { type: 'string' } } }));
    // A 4 KB name that does not match: the shape that held a backtracking engine for seconds.
    expect(registry.tryValidateArguments('pattern_keys', JSON.stringify({ [longName]: 1 })).success).toBe(true);
    // One that matches is validated by the property schema.
    const result = failure(registry.tryValidateArguments('pattern_keys', JSON.stringify({ [`${longName}=`]: 1 })));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: ERROR_CODES.TYPE_MISMATCH, keyword: 'type' });
    expect(result.errors[0]?.path.startsWith('/aaaa')).toBe(true);
  });

  it('checks a propertyNames pattern on a 4 KB name with RE2', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('named_keys', { propertyNames: { pattern: '^.*.*.*=$' }, additionalProperties: { type: 'integer' } }));
    expect(registry.tryValidateArguments('named_keys', JSON.stringify({ [`${longName}=`]: 1 })).success).toBe(true);
    const result = failure(registry.tryValidateArguments('named_keys', JSON.stringify({ [longName]: 1 })));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe(ERROR_CODES.CONSTRAINT_VIOLATION);
  });

  it('refuses at registration a patternProperties key RE2 cannot run, with ACODE-TSR-006', () => {
    const compiled = new CfworkerSchemaCompiler().compile({ type: 'object', patternProperties: { '^(?=a)': { type: 'string' } } });
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.violations[0]).toMatchObject({ code: ERROR_CODES.SCHEMA_INVALID, path: '/parameters/patternProperties/^(?=a)' });
  });

  it('the engine compiler refuses such a key too, rather than run it on JavaScript RegExp', () => {
    const compiled = compileEngineSchema({ patternProperties: { '^\\p{Letter}+$': { type: 'number' } } }, { strict: false, re2Patterns: true });
    expect(compiled).toMatchObject({ ok: false, pointer: '/patternProperties/^\\p{Letter}+$' });
  });
});

describe('validation stops at the error cap', () => {
  const unknownKeys = (count: number): Record<string, number> => {
    const value: Record<string, number> = { path: 1 };
    for (let index = 0; index < count; index++) value[`k${index}`] = 1;
    return value;
  };

  it('60,000 unknown keys: the cap of errors, and a count of more', () => {
    const registry = makeRegistry();
    registry.registerTool(tool('closed', { properties: { path: { type: 'integer', description: 'Path' } }, additionalProperties: false }));
    const text = JSON.stringify(unknownKeys(60_000));
    expect(Buffer.byteLength(text)).toBeLessThan(DEFAULT_REGISTRY_LIMITS.maxArgumentSizeBytes);
    const result = failure(registry.tryValidateArguments('closed', text));
    expect(result.errors).toHaveLength(DEFAULT_REGISTRY_LIMITS.maxValidationErrors);
    expect(result.errors.every((error) => error.keyword === 'additionalProperties')).toBe(true);
    // The engine stopped after its failure budget: the count says "more", as a lower bound.
    expect(result.omittedErrors).toBeGreaterThan(0);
    expect(result.omittedErrors).toBeLessThan(60_000 - DEFAULT_REGISTRY_LIMITS.maxValidationErrors);
  });

  it('the engine walks no further than its failure budget once a node has failed', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { path: { type: 'integer' } } });
    const all = compiled.validateRaw(unknownKeys(2_000));
    expect(all).toHaveLength(2_000);
    const budgeted = compiled.validateRaw(unknownKeys(60_000), { failureBudget: 51 });
    expect(budgeted).toHaveLength(51);
    expect(budgeted.every((violation) => violation.keyword === 'unevaluatedProperties')).toBe(true);
  });

  it('keeps every verdict: a spent budget never stops a node that has not failed', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: {
        pick: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer' } }] },
        tail: { type: 'array', items: { type: 'integer', maximum: 5 } },
      },
    });
    const ints = Array.from({ length: 200 }, () => 1);
    // The first branch fails 200 times, past the budget; the second must still be walked in full.
    expect(compiled.validateRaw({ pick: ints, tail: [1, 2] }, { failureBudget: 10 })).toEqual([]);
    // The last item of `tail` is the only failure: found after the budget was spent elsewhere.
    const late = compiled.validateRaw({ pick: ints, tail: [...ints, 6] }, { failureBudget: 10 });
    expect(late.map((violation) => `${violation.keyword} ${violation.instancePath}`)).toEqual(['maximum /tail/200']);
  });

  it('with no budget, the raw engine output is unchanged: every failure', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { l: { type: 'array', items: { type: 'integer' } } } });
    expect(compiled.validateRaw({ l: Array.from({ length: 300 }, () => 'x') })).toHaveLength(300);
  });
});
