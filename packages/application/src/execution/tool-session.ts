import type { InteractionMode } from '@acode/domain';
import type { IStateController } from './state-controller.js';

/**
 * One conversation's execution state (003): its mode (stored, never guessed), the registry
 * version it pinned at start, its turn's retrieval count, and its state controller.
 */
export interface IToolSession {
  readonly id: string;
  readonly mode: InteractionMode;
  /** The catalog version when the session opened; runs are refused if the catalog differs. */
  readonly registryVersion: string;
  /** Applies intents; owns the session state. */
  readonly state: IStateController;
  /** Retrieval-kind runs admitted in the current turn. */
  readonly retrievalCallsThisTurn: number;
  /** Starts a new turn: resets the retrieval count. */
  startTurn(): void;
  /** Counts one retrieval-kind run admitted (the executor's call). */
  countRetrieval(): void;
}
