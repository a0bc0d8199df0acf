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

/** What a {@link ToolSession} is made from. */
export interface ToolSessionInit {
  readonly id: string;
  readonly mode: InteractionMode;
  readonly registryVersion: string;
  readonly state: IStateController;
}

/** A conversation's execution state; opened by the executor's `openSession`. */
export class ToolSession implements IToolSession {
  readonly id: string;
  readonly mode: InteractionMode;
  readonly registryVersion: string;
  readonly state: IStateController;
  #retrievalCallsThisTurn = 0;

  constructor(init: ToolSessionInit) {
    this.id = init.id;
    this.mode = init.mode;
    this.registryVersion = init.registryVersion;
    this.state = init.state;
  }

  get retrievalCallsThisTurn(): number {
    return this.#retrievalCallsThisTurn;
  }

  startTurn(): void {
    this.#retrievalCallsThisTurn = 0;
  }

  countRetrieval(): void {
    this.#retrievalCallsThisTurn++;
  }
}
