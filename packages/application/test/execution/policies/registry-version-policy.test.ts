import { describe, expect, it } from 'vitest';
import { createHarness, failureOf } from '../../support/executor-harness.js';

describe('registry version policy', () => {
  it('refuses a session pinned to another registry version and runs nothing', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    expect(session.registryVersion).toBe('a1b2c3d4e5f60718');
    harness.catalog.registryVersion = 'ffffffffffffffff';

    const response = await harness.executor.execute(session, { name: 'echo_text', args: { text: 'hi' } });

    expect(failureOf(response)).toMatchObject({
      type: 'PERMANENT',
      retryable: false,
      message: 'Session pinned to tool registry a1b2c3d4e5f60718, registry is ffffffffffffffff; open a new session',
    });
    expect(response.meta.registryVersion).toBe('a1b2c3d4e5f60718');
    expect(harness.runs()).toHaveLength(0);
  });

  it('lets a session opened after the change run', async () => {
    const harness = createHarness();
    harness.catalog.registryVersion = 'ffffffffffffffff';
    const session = harness.executor.openSession({ mode: 'text' });
    const response = await harness.executor.execute(session, { name: 'echo_text', args: { text: 'hi' } });
    expect(response.ok).toBe(true);
    expect(response.meta.registryVersion).toBe('ffffffffffffffff');
  });
});
