import { initialSessionState } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { StateController, ToolSession } from '../../src/index.js';
import { RecordingLogger } from '../support/fakes.js';

function controller(mode: 'text' | 'voice' = 'voice') {
  const logger = new RecordingLogger();
  return { logger, state: new StateController(initialSessionState(mode), logger, 'session_1') };
}

describe('StateController', () => {
  it('applies known intents in order and returns the refused ones', () => {
    const { state } = controller();
    const refused = state.applyAll([
      { type: 'SUPPRESS_AUDIO', value: true },
      { type: 'LAUNCH_ROCKET' },
      { type: 'END_VOICE_SESSION', after: 'farewell_spoken' },
    ]);
    expect(refused).toEqual([{ type: 'LAUNCH_ROCKET', reason: 'unknown intent type' }]);
    expect(state.snapshot()).toMatchObject({ suppressAudio: true, pendingEndVoiceSession: { after: 'farewell_spoken' } });
  });

  it('logs a refusal at warn with type and reason, never the values', () => {
    const { state, logger } = controller('text');
    state.apply({ type: 'END_VOICE_SESSION', after: 'secret-moment-xyz' });
    expect(logger.at('warn')).toEqual([
      { level: 'warn', message: 'intent refused', fields: { sessionId: 'session_1', intentType: 'END_VOICE_SESSION', reason: 'no active voice session' } },
    ]);
    expect(logger.text()).not.toContain('secret-moment-xyz');
  });

  it('hands out frozen snapshots that later changes do not alter', () => {
    const { state } = controller();
    const before = state.snapshot();
    state.apply({ type: 'SET_PENDING_MESSAGE', message: 'later' });
    expect(before.pendingMessage).toBeNull();
    expect(state.snapshot().pendingMessage).toBe('later');
    expect(Object.isFrozen(before)).toBe(true);
    expect(() => {
      (before as { suppressAudio: boolean }).suppressAudio = true;
    }).toThrow(TypeError);
  });

  it('refuses every intent once ended', () => {
    const { state } = controller();
    state.end();
    expect(state.snapshot().isActive).toBe(false);
    expect(state.applyAll([{ type: 'SUPPRESS_AUDIO', value: true }])).toEqual([{ type: 'SUPPRESS_AUDIO', reason: 'session is not active' }]);
    expect(state.snapshot().suppressAudio).toBe(false);
  });

  it('copes with a flood of hostile intents', () => {
    const { state, logger } = controller();
    const intents = Array.from({ length: 10_000 }, (_, i) => ({ type: `X${i}`, payload: 'y'.repeat(100) }));
    expect(state.applyAll(intents)).toHaveLength(10_000);
    expect(logger.text()).not.toContain('yyyy');
  });
});

describe('ToolSession', () => {
  it('counts retrievals per turn and resets on startTurn', () => {
    const session = new ToolSession({ id: 's', mode: 'voice', registryVersion: 'v', state: controller().state });
    session.countRetrieval();
    session.countRetrieval();
    expect(session.retrievalCallsThisTurn).toBe(2);
    session.startTurn();
    expect(session.retrievalCallsThisTurn).toBe(0);
  });
});
