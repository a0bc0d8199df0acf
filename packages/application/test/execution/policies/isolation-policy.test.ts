import { describe, expect, it } from 'vitest';
import { createHarness, executeOnce, failureOf } from '../../support/executor-harness.js';

describe('isolation policy', () => {
  it('runs a none-isolation tool in process', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'x' } });
    expect(harness.inProcess.requests).toHaveLength(1);
    expect(harness.child.requests).toHaveLength(0);
    expect(response.meta.isolation).toBe('none');
  });

  it('runs a standard-isolation tool in the child runner, never in process', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    const first = failureOf(await harness.executor.execute(session, { name: 'write_note', args: { path: 'a.md' } }));
    const token = first.confirmation_request?.confirmation_token;
    const response = await harness.executor.execute(session, { name: 'write_note', args: { path: 'a.md' }, confirmationToken: token! });
    expect(response.ok).toBe(true);
    expect(harness.child.requests).toHaveLength(1);
    expect(harness.inProcess.requests).toHaveLength(0);
    expect(response.meta.isolation).toBe('standard');
  });

  it('refuses a tool that needs strict isolation and never runs it weaker', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'vault_open', args: {} });
    expect(failureOf(response)).toMatchObject({
      type: 'POLICY_DENIED',
      message: 'Tool vault_open requires strict isolation; this executor provides at most standard',
      retryable: false,
    });
    expect(harness.runs()).toHaveLength(0);
    expect(response.meta).not.toHaveProperty('isolation');
  });

  it('does not use a runner stronger than the policy allows', async () => {
    const harness = createHarness({ policy: { maxIsolation: 'none' } });
    const session = harness.executor.openSession({ mode: 'text' });
    const response = await harness.executor.execute(session, { name: 'write_note', args: { path: 'a.md' } });
    expect(failureOf(response).message).toBe('Tool write_note requires standard isolation; this executor provides at most none');
    expect(harness.runs()).toHaveLength(0);
  });

  it('runs a none-isolation tool in the stronger runner when that is all there is', async () => {
    // A host whose other runner is stronger than the policy allows: only the child runner fits.
    const onlyChild = createHarness({ policy: { maxIsolation: 'standard' } });
    Object.defineProperty(onlyChild.inProcess, 'isolation', { value: 'restricted' });
    const response = await executeOnce(onlyChild, { name: 'echo_text', args: { text: 'x' } });
    expect(response.meta.isolation).toBe('standard');
    expect(onlyChild.child.requests).toHaveLength(1);
    expect(onlyChild.inProcess.requests).toHaveLength(0);
  });
});
