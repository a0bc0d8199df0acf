import type { IntentTransition, RefusedIntent, SessionState, ToolIntent } from '@acode/domain';

/**
 * Owns a session's state and changes it only through intents, with transition checks (003's
 * StateController, replacing `applyIntent` on copies). Unknown intents are refused with a warning.
 */
export interface IStateController {
  /** A frozen copy of the current state; what handlers are given. */
  snapshot(): SessionState;
  /** Applies one intent; the state is unchanged when it is refused. */
  apply(intent: ToolIntent): IntentTransition;
  /** Applies intents in order and returns the refused ones. */
  applyAll(intents: readonly ToolIntent[]): RefusedIntent[];
  /** Marks the session ended; later intents that need an active session are refused. */
  end(): void;
}
