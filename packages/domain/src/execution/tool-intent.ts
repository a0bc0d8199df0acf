import type { JsonValue } from '../json-value.js';

/**
 * The intents the state controller knows (003). A handler asks for a state change by returning
 * one; it never changes session state itself.
 */
export const KNOWN_INTENT_TYPES = Object.freeze([
  /** End the voice session, `after` a moment such as `farewell_spoken` or `current_turn`. */
  'END_VOICE_SESSION',
  /** Stop (`value: true`) or resume (`false`) audio output. */
  'SUPPRESS_AUDIO',
  /** Stop (`value: true`) or resume (`false`) the transcript. */
  'SUPPRESS_TRANSCRIPT',
  /** Queue a `message` to show the user once the turn ends. */
  'SET_PENDING_MESSAGE',
] as const);

/** One of {@link KNOWN_INTENT_TYPES}. */
export type KnownIntentType = (typeof KNOWN_INTENT_TYPES)[number];

/** A state change a handler asks for. Unknown types are refused with a warning, never applied. */
export interface ToolIntent {
  /** What to change; one of {@link KNOWN_INTENT_TYPES} to have any effect. */
  readonly type: string;
  /** Intent-specific fields (`after`, `value`, `message`). */
  readonly [field: string]: JsonValue | undefined;
}

/** An intent the state controller did not apply, and why. */
export interface RefusedIntent {
  readonly type: string;
  /** Such as `unknown intent type` or `no active voice session`. */
  readonly reason: string;
}
