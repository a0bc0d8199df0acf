import type { InteractionMode } from '../interaction-mode.js';
import type { RefusedIntent, ToolIntent } from './tool-intent.js';

/** The session state intents may change (003's state controller). Handlers see a frozen copy. */
export interface SessionState {
  /** False once the session has ended; most intents are refused then. */
  readonly isActive: boolean;
  /** The mode the session was created in; stored, never guessed (003 correction 3). */
  readonly mode: InteractionMode;
  /** Set by `END_VOICE_SESSION`: the voice session ends after this moment. */
  readonly pendingEndVoiceSession: { readonly after: string } | null;
  /** Set by `SUPPRESS_AUDIO`. */
  readonly suppressAudio: boolean;
  /** Set by `SUPPRESS_TRANSCRIPT`. */
  readonly suppressTranscript: boolean;
  /** Set by `SET_PENDING_MESSAGE`. */
  readonly pendingMessage: string | null;
}

/** A new session's state. */
export function initialSessionState(mode: InteractionMode): SessionState {
  return { isActive: true, mode, pendingEndVoiceSession: null, suppressAudio: false, suppressTranscript: false, pendingMessage: null };
}

/** What applying one intent did: the next state, or the reason it was refused (state unchanged). */
export type IntentTransition = { readonly applied: true; readonly state: SessionState } | { readonly applied: false; readonly refused: RefusedIntent };

/** Longest `SET_PENDING_MESSAGE` message accepted, in characters. */
export const MAX_PENDING_MESSAGE_LENGTH = 2000;

/**
 * Applies one intent to a state with its transition checks (pure; the application's
 * `StateController` owns the state and logs refusals). Implemented in `apply-intent.ts`.
 */
export type ApplyIntent = (state: SessionState, intent: ToolIntent) => IntentTransition;
