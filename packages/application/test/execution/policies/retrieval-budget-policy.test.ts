import { describe, expect, it } from 'vitest';
import { createHarness, failureOf } from '../../support/executor-harness.js';

describe('retrieval budget policy', () => {
  it('denies the third retrieval of a voice turn, and startTurn resets the count', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'voice' });
    const search = { name: 'kb_search', args: { query: 'q' } };

    expect((await harness.executor.execute(session, search)).ok).toBe(true);
    expect((await harness.executor.execute(session, search)).ok).toBe(true);
    const third = failureOf(await harness.executor.execute(session, search));
    expect(third).toMatchObject({ type: 'POLICY_DENIED', message: 'Retrieval budget of 2 calls per turn in voice mode is used up' });
    expect(third.suggestion).toContain('budget starts again with the next turn');
    expect(harness.inProcess.requests).toHaveLength(2);

    session.startTurn();
    expect(session.retrievalCallsThisTurn).toBe(0);
    expect((await harness.executor.execute(session, search)).ok).toBe(true);
  });

  it('does not count other kinds of tools', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'voice' });
    for (let i = 0; i < 5; i++) await harness.executor.execute(session, { name: 'echo_text', args: { text: 'x' } });
    expect(session.retrievalCallsThisTurn).toBe(0);
  });

  it('allows 5 retrievals per text turn by default (003: 3-5) and denies the sixth', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    for (let i = 0; i < 5; i++) expect((await harness.executor.execute(session, { name: 'kb_search', args: { query: 'q' } })).ok).toBe(true);
    const sixth = failureOf(await harness.executor.execute(session, { name: 'kb_search', args: { query: 'q' } }));
    expect(sixth).toMatchObject({ type: 'POLICY_DENIED', message: 'Retrieval budget of 5 calls per turn in text mode is used up', details: { budget: 5, mode: 'text' } });
    expect(harness.inProcess.requests).toHaveLength(5);
    session.startTurn();
    expect((await harness.executor.execute(session, { name: 'kb_search', args: { query: 'q' } })).ok).toBe(true);
  });

  it('takes the text budget from the policy, and null for no limit', async () => {
    const three = createHarness({ policy: { retrievalBudgetPerTurn: { text: 3, voice: 2 } } });
    const session = three.executor.openSession({ mode: 'text' });
    for (let i = 0; i < 3; i++) expect((await three.executor.execute(session, { name: 'kb_search', args: { query: 'q' } })).ok).toBe(true);
    expect(failureOf(await three.executor.execute(session, { name: 'kb_search', args: { query: 'q' } })).type).toBe('POLICY_DENIED');

    const unlimited = createHarness({ policy: { retrievalBudgetPerTurn: { text: null, voice: 2 } } });
    const open = unlimited.executor.openSession({ mode: 'text' });
    for (let i = 0; i < 8; i++) expect((await unlimited.executor.execute(open, { name: 'kb_search', args: { query: 'q' } })).ok).toBe(true);
  });

  it('does not count calls that never ran', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'voice' });
    await harness.executor.execute(session, { name: 'kb_search', args: { query: 42 } });
    expect(session.retrievalCallsThisTurn).toBe(0);
  });

  it('honours a configured budget of zero', async () => {
    const harness = createHarness({ policy: { retrievalBudgetPerTurn: { text: 0, voice: 2 } } });
    const session = harness.executor.openSession({ mode: 'text' });
    expect(failureOf(await harness.executor.execute(session, { name: 'kb_search', args: { query: 'q' } })).message).toBe(
      'Retrieval budget of 0 calls per turn in text mode is used up',
    );
  });
});
