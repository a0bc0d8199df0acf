import { describe, expect, it } from 'vitest';
import { CHILD_MESSAGE_OVERHEAD_BYTES, readChildMessage, readRunMessage } from '../../src/execution/child-runner-protocol.js';

const LIMIT = 1000;

describe('readChildMessage', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'outcome'],
    ['an unknown type', { type: 'shell', command: 'rm -rf /' }],
    ['an outcome that is not an object', { type: 'outcome', outcome: 'returned' }],
  ])('reads %s as a crash', (_name, message) => {
    expect(readChildMessage(message, LIMIT)).toEqual({ type: 'outcome', outcome: { kind: 'crashed', detail: 'the handler process sent a malformed message' } });
  });

  it('reads a forged outcome nested 100,000 deep as a crash, without overflowing the stack', () => {
    // What a handler can write to its IPC channel itself; JSON.parse builds it without recursion.
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    const reading = readChildMessage({ type: 'outcome', outcome: { kind: 'returned', result: { ok: true, data: deep } } }, LIMIT);
    expect(reading).toMatchObject({ type: 'outcome', outcome: { kind: 'crashed' } });
  });

  it('checks a returned result again and cuts data the child did not', () => {
    const message = { type: 'outcome', outcome: { kind: 'returned', result: { ok: true, data: 'x'.repeat(2000) } } };
    expect(readChildMessage(message, LIMIT)).toEqual({
      type: 'outcome',
      outcome: { kind: 'returned', result: { ok: true, data: 'x'.repeat(998) }, outputTruncated: { originalBytes: 2002, limitBytes: LIMIT } },
    });
  });

  it('keeps a plausible truncation report and drops an implausible one', () => {
    const result = { ok: true, data: 'cut' };
    const honest = { type: 'outcome', outcome: { kind: 'returned', result, outputTruncated: { originalBytes: 5000, limitBytes: LIMIT } } };
    const lying = { type: 'outcome', outcome: { kind: 'returned', result, outputTruncated: { originalBytes: 5, limitBytes: 1 } } };
    expect(readChildMessage(honest, LIMIT)).toEqual({ type: 'outcome', outcome: { kind: 'returned', result, outputTruncated: { originalBytes: 5000, limitBytes: LIMIT } } });
    expect(readChildMessage(lying, LIMIT)).toEqual({ type: 'outcome', outcome: { kind: 'returned', result } });
  });

  it('normalises a tool error and refuses one with an unknown type', () => {
    expect(readChildMessage({ type: 'outcome', outcome: { kind: 'tool-error', error: { type: 'AUTH', message: 'no' } } }, LIMIT)).toEqual({
      type: 'outcome',
      outcome: { kind: 'tool-error', error: { type: 'AUTH', message: 'no', retryable: false, partialSideEffects: false } },
    });
    expect(readChildMessage({ type: 'outcome', outcome: { kind: 'tool-error', error: { type: 'ROOT', message: 'x' } } }, LIMIT)).toEqual({
      type: 'outcome',
      outcome: { kind: 'crashed', detail: 'the handler process sent a malformed result' },
    });
  });

  it('refuses outcomes the parent decides itself (timeout, unavailable) when a child claims them', () => {
    for (const kind of ['timeout', 'cancelled', 'unavailable', 'other']) {
      expect(readChildMessage({ type: 'outcome', outcome: { kind } }, LIMIT)).toEqual({ type: 'outcome', outcome: { kind: 'crashed', detail: 'the handler process sent a malformed result' } });
    }
  });

  it('refuses an outcome message over the limit plus the overhead', () => {
    const message = { type: 'outcome', outcome: { kind: 'crashed', detail: 'x'.repeat(LIMIT + CHILD_MESSAGE_OVERHEAD_BYTES) } };
    expect(readChildMessage(message, LIMIT)).toEqual({ type: 'outcome', outcome: { kind: 'crashed', detail: 'the handler process sent output over the limit' } });
  });

  it('cuts a long crash detail', () => {
    const reading = readChildMessage({ type: 'outcome', outcome: { kind: 'crashed', detail: 'd'.repeat(5000) } }, LIMIT);
    expect(reading.type === 'outcome' && reading.outcome.kind === 'crashed' && reading.outcome.detail.length).toBe(300);
  });

  it('returns audit events raw, for the parent to sanitise', () => {
    expect(readChildMessage({ type: 'audit', event: 'BAD', data: 5 }, LIMIT)).toEqual({ type: 'audit', event: 'BAD', data: 5 });
  });
});

describe('readRunMessage', () => {
  it('accepts a run message and refuses anything else', () => {
    const run = { type: 'run', handlerUrl: 'file:///h.js', args: {}, context: {}, maxOutputBytes: 10 };
    expect(readRunMessage(run)).toBe(run);
    expect(readRunMessage({ ...run, args: [] })).toBeUndefined();
    expect(readRunMessage({ ...run, type: 'exec' })).toBeUndefined();
    expect(readRunMessage(null)).toBeUndefined();
  });
});
