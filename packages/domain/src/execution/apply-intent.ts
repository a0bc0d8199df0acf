import { isPlainObject, ownValue } from '../plain-object.js';
import { MAX_PENDING_MESSAGE_LENGTH, type ApplyIntent, type IntentTransition, type SessionState } from './session-state.js';
import type { KnownIntentType, ToolIntent } from './tool-intent.js';

/** Longest `after` of an `END_VOICE_SESSION` accepted, in characters: a moment's name, not prose. */
export const MAX_INTENT_AFTER_LENGTH = 64;

/** Longest intent type echoed back in a refusal; a longer one is cut so a hostile type cannot flood logs. */
export const MAX_REFUSED_INTENT_TYPE_LENGTH = 64;

/** The `after` an `END_VOICE_SESSION` without one gets (003's `endSession()` default). */
export const DEFAULT_END_VOICE_SESSION_AFTER = 'current_turn';

type Transition = (state: SessionState, intent: Readonly<Record<string, unknown>>) => SessionState | string;

/**
 * One transition per known intent: the next state, or why the intent is refused. Every one
 * needs an active session; the caller checks that first.
 */
const TRANSITIONS: Readonly<Record<KnownIntentType, Transition>> = Object.freeze({
  END_VOICE_SESSION: (state, intent) => {
    if (state.mode !== 'voice') return 'no active voice session';
    // Absent means the default; an explicit `null` is a mistake, not a request for the default.
    const given = ownValue(intent, 'after');
    const after = given === undefined ? DEFAULT_END_VOICE_SESSION_AFTER : given;
    if (typeof after !== 'string' || after.length === 0 || after.length > MAX_INTENT_AFTER_LENGTH) {
      return `after must be a non-empty string of at most ${MAX_INTENT_AFTER_LENGTH} characters`;
    }
    return { ...state, pendingEndVoiceSession: Object.freeze({ after }) };
  },
  SUPPRESS_AUDIO: (state, intent) => {
    const value = ownValue(intent, 'value');
    return typeof value === 'boolean' ? { ...state, suppressAudio: value } : 'value must be a boolean';
  },
  SUPPRESS_TRANSCRIPT: (state, intent) => {
    const value = ownValue(intent, 'value');
    return typeof value === 'boolean' ? { ...state, suppressTranscript: value } : 'value must be a boolean';
  },
  SET_PENDING_MESSAGE: (state, intent) => {
    const message = ownValue(intent, 'message');
    if (typeof message !== 'string' || message.length === 0 || message.length > MAX_PENDING_MESSAGE_LENGTH) {
      return `message must be a non-empty string of at most ${MAX_PENDING_MESSAGE_LENGTH} characters`;
    }
    return { ...state, pendingMessage: message };
  },
});

/**
 * Applies one intent to a session state with 003's transition checks. Pure: the given state is
 * never changed; an applied intent yields a new frozen state, a refused one the reason.
 *
 * Intents come from handler code, possibly from another process, so nothing about their shape
 * is trusted: a non-object, a missing type, or an unknown type is refused, never thrown.
 */
export const applyIntent: ApplyIntent = (state: SessionState, intent: ToolIntent): IntentTransition => {
  const candidate: unknown = intent;
  if (!isPlainObject(candidate)) return refuse('(none)', 'intent must be an object with a string type');
  const type = ownValue(candidate, 'type');
  if (typeof type !== 'string') return refuse('(none)', 'intent must be an object with a string type');
  if (!Object.hasOwn(TRANSITIONS, type)) return refuse(type, 'unknown intent type');
  if (!state.isActive) return refuse(type, 'session is not active');
  const next = TRANSITIONS[type as KnownIntentType](state, candidate);
  return typeof next === 'string' ? refuse(type, next) : { applied: true, state: Object.freeze(next) };
};

function refuse(type: string, reason: string): IntentTransition {
  const shown = type.length > MAX_REFUSED_INTENT_TYPE_LENGTH ? `${type.slice(0, MAX_REFUSED_INTENT_TYPE_LENGTH)}…` : type;
  return { applied: false, refused: Object.freeze({ type: shown, reason }) };
}
