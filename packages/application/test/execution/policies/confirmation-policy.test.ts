import { describe, expect, it } from 'vitest';
import { confirmationPreview } from '../../../src/index.js';
import { createHarness, failureOf } from '../../support/executor-harness.js';

const note = { name: 'write_note', args: { path: 'notes/a.md', content: 'hello' } };

function setup() {
  const harness = createHarness();
  const session = harness.executor.openSession({ mode: 'text' });
  return { harness, session };
}

describe('confirmation policy', () => {
  it('answers a first call with CONFIRMATION_REQUIRED and a token bound to tool and arguments', async () => {
    const { harness, session } = setup();
    const response = await harness.executor.execute(session, { name: 'write_note', args: { path: 'notes/a.md' } });
    const failure = failureOf(response);
    expect(failure.type).toBe('CONFIRMATION_REQUIRED');
    expect(failure.confirmation_request).toEqual({
      tool: 'write_note',
      args: { path: 'notes/a.md', content: '' },
      preview: 'write_note {"content":"","path":"notes/a.md"}',
      confirmation_token: expect.stringMatching(/^token_/),
      expires_at: '2024-01-01T00:05:00.000Z',
    });
    expect(harness.runs()).toHaveLength(0);
    expect(harness.store.responses(session.id)).toEqual([]);
  });

  it('runs with the token, once: a second use is refused and the handler ran once', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;

    const confirmed = await harness.executor.execute(session, { ...note, confirmationToken: token });
    expect(confirmed.ok).toBe(true);
    const again = failureOf(await harness.executor.execute(session, { ...note, confirmationToken: token }));
    expect(again.type).toBe('CONFIRMATION_REQUIRED');
    expect(again.message).toBe('The confirmation token was already used; confirm the new request to run write_note');
    expect(again.details).toEqual({ reason: 'used' });
    expect(again.confirmation_request?.confirmation_token).not.toBe(token);
    expect(harness.child.requests).toHaveLength(1);
  });

  it('refuses a token for other arguments and keeps it usable for the right ones', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;

    const other = failureOf(await harness.executor.execute(session, { name: 'write_note', args: { path: '/etc/passwd' }, confirmationToken: token }));
    expect(other.details).toEqual({ reason: 'mismatch' });
    expect(other.message).toContain('issued for another tool or other arguments');
    expect(other.confirmation_request?.args).toEqual({ path: '/etc/passwd', content: '' });
    expect(harness.runs()).toHaveLength(0);

    expect((await harness.executor.execute(session, { ...note, confirmationToken: token })).ok).toBe(true);
  });

  it('binds the token to arguments whatever their key order', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;
    const reordered = { name: 'write_note', args: '{"content":"hello","path":"notes/a.md"}', confirmationToken: token };
    expect((await harness.executor.execute(session, reordered)).ok).toBe(true);
  });

  it('refuses a token from another session', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;
    const other = harness.executor.openSession({ mode: 'text' });
    expect(failureOf(await harness.executor.execute(other, { ...note, confirmationToken: token })).details).toEqual({ reason: 'mismatch' });
  });

  it('refuses an expired token with a fresh request', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;
    harness.clock.advance(harness.policy.confirmationTtlMs);

    const expired = failureOf(await harness.executor.execute(session, { ...note, confirmationToken: token }));
    expect(expired.message).toBe('The confirmation token has expired; confirm the new request to run write_note');
    expect(expired.details).toEqual({ reason: 'expired' });
    expect(expired.confirmation_request?.expires_at).toBe('2024-01-01T00:10:00.000Z');
    expect(harness.runs()).toHaveLength(0);
  });

  it('accepts a token just before it expires', async () => {
    const { harness, session } = setup();
    const token = failureOf(await harness.executor.execute(session, note)).confirmation_request!.confirmation_token;
    harness.clock.advance(harness.policy.confirmationTtlMs - 1);
    expect((await harness.executor.execute(session, { ...note, confirmationToken: token })).ok).toBe(true);
  });

  it.each([
    ['an unknown token', 'not-a-token'],
    ['an empty token', ''],
    ['a 1 MB token', 'x'.repeat(1024 * 1024)],
    ['a number', 42],
    ['an object', { token: 'x' }],
  ])('treats %s as unknown', async (_label, token) => {
    const { harness, session } = setup();
    const failure = failureOf(await harness.executor.execute(session, { ...note, confirmationToken: token as string }));
    expect(failure.type).toBe('CONFIRMATION_REQUIRED');
    expect(failure.details).toEqual({ reason: 'unknown' });
    expect(failure.message).toBe('The confirmation token is not known; confirm the new request to run write_note');
    expect(harness.runs()).toHaveLength(0);
  });

  it('can be confirmed under the execution id of the refused call', async () => {
    const { harness, session } = setup();
    const request = { ...note, executionId: 'call-7' };
    const token = failureOf(await harness.executor.execute(session, request)).confirmation_request!.confirmation_token;
    const response = await harness.executor.execute(session, { ...request, confirmationToken: token });
    expect(response.ok).toBe(true);
    expect(response.meta.executionId).toBe('call-7');
  });

  it('keeps the preview on one line and short', () => {
    const preview = confirmationPreview('write_note', { content: 'line1\nline2'.repeat(100), path: 'a' });
    expect(preview).not.toContain('\n');
    expect(preview.startsWith('write_note {"content":"line1\\nline2')).toBe(true);
    expect(preview.length).toBe('write_note '.length + 200 + 1);
    expect(preview.endsWith('…')).toBe(true);
  });
});
