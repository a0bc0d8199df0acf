import { ToolError } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { findJsonProblem } from '../../src/execution/find-json-problem.js';
import { outcomeOfReturn } from '../../src/execution/handler-outcome.js';
import { MAX_HANDLER_INTENTS, readHandlerResult, readHandlerThrow } from '../../src/execution/read-handler-result.js';
import { MAX_HANDLER_MESSAGE_LENGTH } from '@acode/application';

function problemOf(value: unknown): string {
  const reading = readHandlerResult(value);
  if (reading.valid) throw new Error('expected the result to be refused');
  return reading.problem;
}

describe('findJsonProblem', () => {
  const cycle: Record<string, unknown> = {};
  cycle['self'] = cycle;
  it.each<[string, unknown, string]>([
    ['a function', { a: [() => 1] }, 'a function at /a/0'],
    ['a bigint', { n: 1n }, 'a bigint at /n'],
    ['NaN', [Number.NaN], 'a non-finite number at /0'],
    ['Infinity', { x: { y: Infinity } }, 'a non-finite number at /x/y'],
    ['undefined at the top', undefined, 'undefined at the top'],
    ['undefined in an array', [1, undefined], 'undefined at /1'],
    ['a hole in a sparse array', [1, , 3], 'undefined at /1'],
    ['a class instance', { when: new Date(0) }, 'a non-plain object at /when'],
    ['a symbol', { s: Symbol('x') }, 'a symbol at /s'],
    ['a cycle', cycle, 'a circular reference at /self'],
    ['a key needing escapes', { 'a/b~c': () => 1 }, 'a function at /a~1b~0c'],
  ])('names %s and where it is', (_name, value, expected) => {
    expect(findJsonProblem(value)).toBe(expected);
  });

  it('accepts JSON data, shared (non-circular) references and members set to undefined', () => {
    const shared = { v: 1 };
    expect(findJsonProblem({ a: shared, b: shared, c: undefined, d: [null, true, 'x', 1.5] })).toBeUndefined();
  });

  it('refuses nesting past 64 levels without overflowing the stack', () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 10_000; level += 1) value = [value];
    expect(findJsonProblem(value)).toMatch(/^nesting deeper than 64 levels at (\/0){64}$/);
  });
});

describe('readHandlerResult', () => {
  it('accepts ok results and keeps only the known fields', () => {
    const reading = readHandlerResult({ ok: true, data: { hits: [1] }, intents: [{ type: 'SUPPRESS_AUDIO', value: true }], extra: () => 1 });
    expect(reading).toEqual({ valid: true, result: { ok: true, data: { hits: [1] }, intents: [{ type: 'SUPPRESS_AUDIO', value: true }] } });
  });

  it('accepts a failure with every optional field', () => {
    const error = { type: 'CONFLICT', message: 'Version changed', retryable: true, partialSideEffects: false, suggestion: 'Reload', details: { current: 3 } };
    expect(readHandlerResult({ ok: false, error })).toEqual({ valid: true, result: { ok: false, error } });
  });

  it.each<[string, unknown, RegExp]>([
    ['undefined', undefined, /returned undefined/],
    ['a string', 'done', /returned a string/],
    ['an array', [], /returned an array/],
    ['a class instance', new Map(), /returned a non-plain object/],
    ['no ok', { data: 1 }, /`ok` is missing or not a boolean/],
    ['ok as a string', { ok: 'true', data: 1 }, /`ok`/],
    ['no data', { ok: true }, /`data` is missing/],
    ['a function in data', { ok: true, data: { f: () => 1 } }, /`data` is not JSON: a function at \/f/],
    ['intents not an array', { ok: true, data: 1, intents: 'END' }, /`intents` is not an array/],
    ['too many intents', { ok: true, data: 1, intents: Array.from({ length: MAX_HANDLER_INTENTS + 1 }, () => ({ type: 'X' })) }, /33 items, more than 32/],
    ['an intent without type', { ok: true, data: 1, intents: [{ value: 1 }] }, /intent 0 has no `type`/],
    ['an intent with a long type', { ok: true, data: 1, intents: [{ type: 'X'.repeat(65) }] }, /intent 0 has no `type`/],
    ['a huge intent', { ok: true, data: 1, intents: [{ type: 'SET_PENDING_MESSAGE', message: 'm'.repeat(9000) }] }, /larger than 8192 bytes/],
    ['no error', { ok: false }, /`error` is missing/],
    ['an unknown error type', { ok: false, error: { type: 'OOPS', message: 'x' } }, /`error.type` is not one of/],
    ['a message that is not a string', { ok: false, error: { type: 'PERMANENT', message: 7 } }, /`error.message` is not a string/],
    ['retryable as a string', { ok: false, error: { type: 'PERMANENT', message: 'x', retryable: 'yes' } }, /`error.retryable` is not a boolean/],
    ['details not an object', { ok: false, error: { type: 'PERMANENT', message: 'x', details: [1] } }, /`error.details`/],
  ])('refuses %s with a precise problem', (_name, value, expected) => {
    expect(problemOf(value)).toMatch(expected);
  });

  it('does not throw for a proxy whose getters throw', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('gotcha'); }, ownKeys: () => { throw new Error('gotcha'); } });
    expect(problemOf(hostile)).toMatch(/./);
  });
});

describe('readHandlerThrow', () => {
  it('keeps a ToolError instance with its type and options', () => {
    const thrown = new ToolError('TRANSIENT', 'Index busy', { retryable: true, suggestion: 'Try again', details: { shard: 2 } });
    expect(readHandlerThrow(thrown)).toEqual({
      kind: 'tool-error',
      error: { type: 'TRANSIENT', message: 'Index busy', retryable: true, partialSideEffects: false, suggestion: 'Try again', details: { shard: 2 } },
    });
  });

  it('recognises a ToolError by shape, defaults its flags and drops fields of the wrong type', () => {
    const thrown = { name: 'ToolError', type: 'AUTH', message: 'Token refused', retryable: 'yes', details: { f: 'ok', g: [() => 1] }, suggestion: 5 };
    expect(readHandlerThrow(thrown)).toEqual({ kind: 'tool-error', error: { type: 'AUTH', message: 'Token refused', retryable: false, partialSideEffects: false } });
  });

  it('cuts a long message to the bound, thrown or returned: still the failure the handler meant', () => {
    const reading = readHandlerThrow({ name: 'ToolError', type: 'PERMANENT', message: 'x'.repeat(5000) });
    expect(reading.kind === 'tool-error' && reading.error.message.length).toBe(MAX_HANDLER_MESSAGE_LENGTH);
    const path = 'x/'.repeat(600) + 'y';
    const returned = readHandlerResult({ ok: false, error: { type: 'NOT_FOUND', message: `${path} does not exist`, suggestion: `Check ${path}` } });
    expect(returned).toMatchObject({ valid: true, result: { ok: false, error: { type: 'NOT_FOUND' } } });
    if (!returned.valid || returned.result.ok) throw new Error('expected a failure result');
    expect(returned.result.error.message).toHaveLength(MAX_HANDLER_MESSAGE_LENGTH);
    expect(returned.result.error.message.endsWith('…')).toBe(true);
    expect(returned.result.error.suggestion).toHaveLength(MAX_HANDLER_MESSAGE_LENGTH);
  });

  it('turns a plain Error into a crash described by its first line only', () => {
    const reading = readHandlerThrow(new Error('disk gone\n    at secret (/srv/app.js:1:1)'));
    expect(reading).toEqual({ kind: 'crashed', detail: 'the handler threw "disk gone"' });
  });

  it.each<[string, unknown, string]>([
    ['a string', 'nope', 'the handler threw "nope"'],
    ['a number', 42, 'the handler threw a number'],
    ['null', null, 'the handler threw null'],
    ['a ToolError-like object with an unknown type', { name: 'ToolError', type: 'WHATEVER', message: 'x' }, 'the handler threw a non-plain object'],
  ])('turns %s into a crash', (_name, thrown, detail) => {
    const reading = readHandlerThrow(thrown);
    expect(reading.kind).toBe('crashed');
    if (reading.kind === 'crashed') expect(reading.detail).toBe(detail);
  });

  it('does not throw for a thrown proxy whose getters throw', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('gotcha'); } });
    expect(readHandlerThrow(hostile)).toEqual({ kind: 'crashed', detail: 'the handler threw a value that could not be read' });
  });
});

describe('outcomeOfReturn', () => {
  it('returns a copy the handler can no longer change', () => {
    const data = { list: [1] };
    const outcome = outcomeOfReturn({ ok: true, data }, 1024);
    data.list.push(2);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: { list: [1] } } });
  });

  it('reports a malformed result as a crash', () => {
    expect(outcomeOfReturn({ ok: true, data: 10n }, 1024)).toEqual({ kind: 'crashed', detail: 'the handler returned a malformed result: `data` is not JSON: a bigint at the top' });
  });

  it('checks and cuts what it copied: a getter that answers bigger on a second read cannot pass the limit', () => {
    let reads = 0;
    const data = {
      get text(): string {
        reads += 1;
        return reads === 1 ? 'small' : 'x'.repeat(5_000_000);
      },
    };
    const outcome = outcomeOfReturn({ ok: true, data }, 1024);
    expect(outcome).toMatchObject({ kind: 'returned', outputTruncated: { limitBytes: 1024 } });
    if (outcome.kind !== 'returned') throw new Error('expected a returned outcome');
    expect(JSON.stringify(outcome.result).length).toBeLessThan(1100);
  });

  it('cuts oversized data and says by how much', () => {
    const outcome = outcomeOfReturn({ ok: true, data: 'abcdefghij' }, 7);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: 'abcde' }, outputTruncated: { originalBytes: 12, limitBytes: 7 } });
  });
});
