import { describe, expect, it } from 'vitest';
import { createHarness, executeOnce, failureOf } from '../../support/executor-harness.js';

describe('allowed modes policy', () => {
  it('refuses a text-only tool in voice mode with a suggestion, without running it', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'write_note', args: { path: 'a.md' } }, 'voice');
    const failure = failureOf(response);
    expect(failure).toMatchObject({ type: 'POLICY_DENIED', message: 'Tool write_note is not available in voice mode', retryable: false });
    expect(failure.suggestion).toContain('text mode only');
    expect(failure.details).toEqual({ mode: 'voice', allowed_modes: ['text'] });
    expect(harness.runs()).toHaveLength(0);
  });

  it('is checked before the arguments, so a model is not asked to fix arguments of a tool it cannot use', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'write_note', args: '{not json' }, 'voice');
    expect(failureOf(response).type).toBe('POLICY_DENIED');
    expect(harness.registry.validations).toHaveLength(0);
  });

  it('lets a tool without allowedModes run in every mode', async () => {
    const harness = createHarness();
    for (const mode of ['text', 'voice'] as const) {
      expect((await executeOnce(harness, { name: 'echo_text', args: { text: 'x' } }, mode)).ok).toBe(true);
    }
  });

  it('lets a listed mode through', async () => {
    const harness = createHarness();
    expect((await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } }, 'voice')).ok).toBe(true);
  });
});
