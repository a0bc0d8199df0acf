import type { IToolExecutor, IToolSession } from '@acode/application';
import type { InteractionMode } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { HostSessions } from '../src/execution/host-sessions.js';

/** An executor that only opens sessions, numbered in order: the table is what is under test. */
function openingExecutor(): IToolExecutor {
  let next = 0;
  return {
    openSession: ({ mode }: { mode: InteractionMode }) => ({ id: `s${++next}`, mode }) as unknown as IToolSession,
    execute: () => Promise.reject(new Error('not used')),
  };
}

function table(limits: { maxSessions: number; idleTtlMs: number }) {
  let now = 0;
  const sessions = new HostSessions(openingExecutor(), { limits, now: () => now });
  return { sessions, advance: (ms: number) => (now += ms) };
}

describe('HostSessions', () => {
  it('finds an open session by id and nothing for an unknown one', () => {
    const { sessions } = table({ maxSessions: 10, idleTtlMs: 1000 });
    const { session } = sessions.open('voice');
    expect(sessions.get(session.id)).toBe(session);
    expect(sessions.get('s999')).toBeUndefined();
  });

  it('drops a session idle past the TTL, and keeps one that is used', () => {
    const { sessions, advance } = table({ maxSessions: 10, idleTtlMs: 1000 });
    const idle = sessions.open('text').session;
    const busy = sessions.open('text').session;
    advance(800);
    expect(sessions.get(busy.id)).toBe(busy);
    advance(800);
    expect(sessions.get(idle.id)).toBeUndefined();
    expect(sessions.get(busy.id)).toBe(busy);
  });

  it('evicts the least recently used session at the cap, never growing past it', () => {
    const { sessions, advance } = table({ maxSessions: 3, idleTtlMs: 60_000 });
    const [a, b, c] = [sessions.open('text').session, sessions.open('text').session, sessions.open('text').session];
    advance(1);
    sessions.get(a.id); // a is now the most recent; b the least
    const opened = sessions.open('text');
    expect(opened.evicted).toBe(b.id);
    expect(sessions.get(b.id)).toBeUndefined();
    expect([sessions.get(a.id), sessions.get(c.id)]).toEqual([a, c]);
    for (let i = 0; i < 100; i++) sessions.open('voice');
    expect(sessions.size).toBe(3);
  });

  it('drops expired sessions before evicting a live one', () => {
    const { sessions, advance } = table({ maxSessions: 2, idleTtlMs: 1000 });
    sessions.open('text');
    advance(2000);
    const live = sessions.open('text').session;
    const third = sessions.open('text');
    expect(third.evicted).toBeUndefined();
    expect(sessions.get(live.id)).toBe(live);
  });
});
