import { applyIntent, type IntentTransition, type RefusedIntent, type SessionState, type ToolIntent } from '@acode/domain';
import type { ILogger } from '../logger.js';

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

/**
 * The session state's only owner: every change goes through {@link applyIntent}'s transition
 * checks. Refusals are logged at warn with the intent type and reason only; intent values may
 * carry user text and stay out of logs.
 */
export class StateController implements IStateController {
  #state: SessionState;

  constructor(
    initial: SessionState,
    private readonly logger: ILogger,
    /** Named in refusal logs so a warning can be traced to its conversation. */
    private readonly sessionId?: string,
  ) {
    this.#state = Object.freeze({ ...initial });
  }

  snapshot(): SessionState {
    // The state is frozen and replaced, never changed, so the current object is already a safe copy.
    return this.#state;
  }

  apply(intent: ToolIntent): IntentTransition {
    const transition = applyIntent(this.#state, intent);
    if (transition.applied) {
      this.#state = transition.state;
    } else {
      this.logger.warn('intent refused', { sessionId: this.sessionId, intentType: transition.refused.type, reason: transition.refused.reason });
    }
    return transition;
  }

  applyAll(intents: readonly ToolIntent[]): RefusedIntent[] {
    const refused: RefusedIntent[] = [];
    for (const intent of intents) {
      const transition = this.apply(intent);
      if (!transition.applied) refused.push(transition.refused);
    }
    return refused;
  }

  end(): void {
    this.#state = Object.freeze({ ...this.#state, isActive: false });
  }
}
