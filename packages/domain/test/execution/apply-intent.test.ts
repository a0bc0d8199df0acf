import { describe, expect, it } from 'vitest';
import { applyIntent } from '../../src/execution/apply-intent.js';
import { initialSessionState, MAX_PENDING_MESSAGE_LENGTH, type IntentTransition, type SessionState } from '../../src/execution/session-state.js';
import type { ToolIntent } from '../../src/execution/tool-intent.js';

const voice = (): SessionState => Object.freeze(initialSessionState('voice'));
const ended = (): SessionState => Object.freeze({ ...initialSessionState('voice'), isActive: false });

function appliedState(transition: IntentTransition): SessionState {
  if (!transition.applied) throw new Error(`test setup: expected applied, got refused: ${transition.refused.reason}`);
  return transition.state;
}

function refusal(transition: IntentTransition): { type: string; reason: string } {
  if (transition.applied) throw new Error('test setup: expected a refusal');
  return { ...transition.refused };
}

describe('applyIntent: END_VOICE_SESSION', () => {
  it('records when the voice session ends', () => {
    const state = appliedState(applyIntent(voice(), { type: 'END_VOICE_SESSION', after: 'farewell_spoken' }));
    expect(state.pendingEndVoiceSession).toEqual({ after: 'farewell_spoken' });
  });

  it('defaults after to current_turn', () => {
    const state = appliedState(applyIntent(voice(), { type: 'END_VOICE_SESSION' }));
    expect(state.pendingEndVoiceSession).toEqual({ after: 'current_turn' });
  });

  it('is refused in a text session', () => {
    expect(refusal(applyIntent(initialSessionState('text'), { type: 'END_VOICE_SESSION' }))).toEqual({
      type: 'END_VOICE_SESSION',
      reason: 'no active voice session',
    });
  });

  it.each([[42], [''], [null], ['x'.repeat(65)], [{ when: 'now' }]])('refuses after = %j', (after) => {
    const result = refusal(applyIntent(voice(), { type: 'END_VOICE_SESSION', after }));
    expect(result.reason).toBe('after must be a non-empty string of at most 64 characters');
  });
});

describe('applyIntent: SUPPRESS_AUDIO and SUPPRESS_TRANSCRIPT', () => {
  it('sets and clears audio suppression', () => {
    const on = appliedState(applyIntent(voice(), { type: 'SUPPRESS_AUDIO', value: true }));
    expect(on.suppressAudio).toBe(true);
    expect(appliedState(applyIntent(on, { type: 'SUPPRESS_AUDIO', value: false })).suppressAudio).toBe(false);
  });

  it('sets transcript suppression without touching audio', () => {
    const state = appliedState(applyIntent(voice(), { type: 'SUPPRESS_TRANSCRIPT', value: true }));
    expect(state).toMatchObject({ suppressTranscript: true, suppressAudio: false });
  });

  it.each([['SUPPRESS_AUDIO'], ['SUPPRESS_TRANSCRIPT']])('%s refuses a value that is not a boolean', (type) => {
    for (const value of ['true', 1, null, undefined]) {
      expect(refusal(applyIntent(voice(), { type, value })).reason).toBe('value must be a boolean');
    }
  });
});

describe('applyIntent: SET_PENDING_MESSAGE', () => {
  it('queues the message', () => {
    const state = appliedState(applyIntent(voice(), { type: 'SET_PENDING_MESSAGE', message: 'Goodbye' }));
    expect(state.pendingMessage).toBe('Goodbye');
  });

  it('accepts a message of exactly the maximum length and refuses one longer', () => {
    const longest = 'm'.repeat(MAX_PENDING_MESSAGE_LENGTH);
    expect(appliedState(applyIntent(voice(), { type: 'SET_PENDING_MESSAGE', message: longest })).pendingMessage).toBe(longest);
    const result = refusal(applyIntent(voice(), { type: 'SET_PENDING_MESSAGE', message: `${longest}m` }));
    expect(result.reason).toBe('message must be a non-empty string of at most 2000 characters');
  });

  it.each([[''], [7], [['a']]])('refuses message = %j', (message) => {
    expect(refusal(applyIntent(voice(), { type: 'SET_PENDING_MESSAGE', message })).reason).toMatch(/^message must be/);
  });
});

describe('applyIntent: inactive sessions, unknown and malformed intents', () => {
  it.each([
    [{ type: 'END_VOICE_SESSION' }],
    [{ type: 'SUPPRESS_AUDIO', value: true }],
    [{ type: 'SUPPRESS_TRANSCRIPT', value: true }],
    [{ type: 'SET_PENDING_MESSAGE', message: 'hi' }],
  ])('refuses %j once the session has ended', (intent) => {
    expect(refusal(applyIntent(ended(), intent))).toEqual({ type: intent.type, reason: 'session is not active' });
  });

  it.each([['LAUNCH_ROCKET'], ['end_voice_session'], ['__proto__'], ['toString'], ['constructor']])('refuses unknown type %s', (type) => {
    expect(refusal(applyIntent(voice(), { type }))).toEqual({ type, reason: 'unknown intent type' });
  });

  it('cuts a huge unknown type in the refusal', () => {
    const result = refusal(applyIntent(voice(), { type: 'X'.repeat(1_000_000) }));
    expect(result.type).toBe(`${'X'.repeat(64)}…`);
    expect(result.reason).toBe('unknown intent type');
  });

  it.each([[null], [42], ['END_VOICE_SESSION'], [[]], [{}], [{ type: 5 }]])('refuses the malformed intent %j without throwing', (intent) => {
    expect(refusal(applyIntent(voice(), intent as unknown as ToolIntent))).toEqual({
      type: '(none)',
      reason: 'intent must be an object with a string type',
    });
  });

  it('does not read an inherited type', () => {
    const intent = Object.create({ type: 'SUPPRESS_AUDIO', value: true }) as ToolIntent;
    expect(refusal(applyIntent(voice(), intent)).reason).toBe('intent must be an object with a string type');
  });
});

describe('applyIntent: purity', () => {
  it('returns a new frozen state and leaves the given one as it was', () => {
    const before = voice();
    const copy = { ...before };
    const after = appliedState(applyIntent(before, { type: 'SUPPRESS_AUDIO', value: true }));
    expect(after).not.toBe(before);
    expect(before).toEqual(copy);
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('freezes the nested end marker', () => {
    const state = appliedState(applyIntent(voice(), { type: 'END_VOICE_SESSION' }));
    expect(Object.isFrozen(state.pendingEndVoiceSession)).toBe(true);
  });

  it('also leaves an unfrozen input untouched', () => {
    const before = initialSessionState('voice');
    applyIntent(before, { type: 'SET_PENDING_MESSAGE', message: 'later' });
    expect(before.pendingMessage).toBeNull();
  });
});
