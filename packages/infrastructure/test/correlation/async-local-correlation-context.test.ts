import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('AsyncLocalCorrelationContext', () => {
  it('has no active id outside an operation, and current() then makes a fresh UUID each time', () => {
    const context = new AsyncLocalCorrelationContext();
    expect(context.active()).toBeUndefined();
    const first = context.current();
    expect(first).toMatch(UUID);
    expect(context.current()).not.toBe(first);
  });

  it('uses the given id inside run and returns what the function returns', () => {
    const context = new AsyncLocalCorrelationContext();
    const result = context.run(() => [context.current(), context.active()], 'req-42');
    expect(result).toEqual(['req-42', 'req-42']);
    expect(context.active()).toBeUndefined();
  });

  it('makes a new UUID for a run without an id, stable for the whole operation', () => {
    const context = new AsyncLocalCorrelationContext();
    const [a, b] = context.run(() => [context.current(), context.current()]);
    expect(a).toMatch(UUID);
    expect(b).toBe(a);
  });

  it('carries the id through awaits, timers and callbacks', async () => {
    const context = new AsyncLocalCorrelationContext();
    const seen = await context.run(async () => {
      const ids: Array<string | undefined> = [context.active()];
      await sleep(1);
      ids.push(context.active());
      ids.push(await new Promise<string | undefined>((resolve) => setTimeout(() => resolve(context.active()), 1)));
      ids.push(await new Promise<string | undefined>((resolve) => setImmediate(() => resolve(context.active()))));
      ids.push(await new Promise<string | undefined>((resolve) => queueMicrotask(() => resolve(context.active()))));
      return ids;
    }, 'flow-1');
    expect(seen).toEqual(['flow-1', 'flow-1', 'flow-1', 'flow-1', 'flow-1']);
  });

  it('keeps concurrent operations apart, however their steps interleave', async () => {
    const context = new AsyncLocalCorrelationContext();
    const operation = (id: string, delays: number[]) =>
      context.run(async () => {
        const seen: Array<string | undefined> = [];
        for (const delay of delays) {
          await sleep(delay);
          seen.push(context.active());
        }
        return seen;
      }, id);

    const [a, b, c] = await Promise.all([operation('a', [3, 0, 2]), operation('b', [0, 3, 1]), operation('c', [1, 1, 1])]);

    expect(a).toEqual(['a', 'a', 'a']);
    expect(b).toEqual(['b', 'b', 'b']);
    expect(c).toEqual(['c', 'c', 'c']);
    expect(context.active()).toBeUndefined();
  });

  it('restores the outer id after a nested run', () => {
    const context = new AsyncLocalCorrelationContext();
    const seen = context.run(() => {
      const inner = context.run(() => context.current(), 'inner');
      return [inner, context.current()];
    }, 'outer');
    expect(seen).toEqual(['inner', 'outer']);
  });

  it('does not leak an id out of a run that throws', () => {
    const context = new AsyncLocalCorrelationContext();
    expect(() =>
      context.run(() => {
        throw new Error('boom');
      }, 'failing'),
    ).toThrow('boom');
    expect(context.active()).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(129)],
    ['with a newline (log injection)', 'id\n[10:30:00 ERR] forged'],
    ['with spaces', 'a b'],
    ['non-ASCII', 'идентификатор'],
  ])('replaces an id from outside that is %s with a fresh one', (_, id) => {
    const context = new AsyncLocalCorrelationContext(() => 'fresh');
    expect(context.run(() => context.current(), id)).toBe('fresh');
  });

  it('accepts an id of exactly 128 printable characters', () => {
    const id = 'k'.repeat(128);
    const context = new AsyncLocalCorrelationContext();
    expect(context.run(() => context.active(), id)).toBe(id);
  });

  it('is built with no arguments and makes UUIDs', () => {
    const context = new AsyncLocalCorrelationContext();
    expect(context.current()).toMatch(UUID);
  });
});
