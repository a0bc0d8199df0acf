import { describe, expect, it } from 'vitest';
import { createHarness, executeOnce } from '../../support/executor-harness.js';

describe('mode clamp policy', () => {
  it('lowers top_k 10 to 3 in voice and says so in meta', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'refunds', top_k: 10 } }, 'voice');
    expect(response.ok).toBe(true);
    expect(harness.inProcess.requests[0]?.args).toEqual({ query: 'refunds', top_k: 3 });
    expect(response.meta.clampedArguments).toEqual([{ argument: 'top_k', requested: 10, applied: 3 }]);
  });

  it('clamps a default above the maximum too', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'refunds' } }, 'voice');
    expect(harness.inProcess.requests[0]?.args).toEqual({ query: 'refunds', top_k: 3 });
    expect(response.meta.clampedArguments).toEqual([{ argument: 'top_k', requested: 5, applied: 3 }]);
  });

  it('leaves values at or below the maximum, and has no meta entry then', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q', top_k: 3 } }, 'voice');
    expect(harness.inProcess.requests[0]?.args).toEqual({ query: 'q', top_k: 3 });
    expect(response.meta).not.toHaveProperty('clampedArguments');
  });

  it('does not clamp in a mode without clamps', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q', top_k: 10 } }, 'text');
    expect(harness.inProcess.requests[0]?.args).toEqual({ query: 'q', top_k: 10 });
    expect(response.meta).not.toHaveProperty('clampedArguments');
  });
});
