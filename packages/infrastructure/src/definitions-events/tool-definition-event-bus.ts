import type { ILogger, IToolDefinitionEvents } from '@acode/application';
import type { ToolDefinitionEvent } from '@acode/domain';

type Listener = (event: ToolDefinitionEvent) => void;

/** One subscription: the same function subscribed twice is two subscriptions, each removed by its own function. */
interface Subscription {
  readonly listener: Listener;
  active: boolean;
}

/** Longest error message kept in the log line of a listener that threw. */
const MAX_ERROR_MESSAGE_LENGTH = 500;

/**
 * {@link IToolDefinitionEvents} in memory (001 §11). Delivery is synchronous and in order: every
 * listener sees every event in the order they were published, and `publish` returns once all have
 * seen it. An event published by a listener while another is being delivered waits until that one
 * reached every listener (then is delivered before the outer `publish` returns), so no listener
 * sees events out of order.
 *
 * A listener that throws is logged once per throw (`event: 'ToolDefinitionListenerFailed'`, at
 * error) and skipped: the publisher and the other listeners never see the failure. Listeners get
 * a frozen copy of the event, so none can change what the next one sees.
 *
 * Subscribing during a delivery takes effect from the next event; unsubscribing during a delivery
 * takes effect at once (a listener removed before its turn is not called). The number of listeners
 * is not bounded: subscribers are the process's own (the log lines, the metrics, one per open
 * `GET /v1/events` stream), and whoever opens them (the host's event route) bounds them and must
 * unsubscribe when its client goes away.
 */
export class ToolDefinitionEventBus implements IToolDefinitionEvents {
  #subscriptions: readonly Subscription[] = [];
  readonly #queue: ToolDefinitionEvent[] = [];
  #delivering = false;
  readonly #logger: ILogger | undefined;

  constructor(logger?: ILogger) {
    this.#logger = logger;
  }

  /** Listeners subscribed now. */
  get listenerCount(): number {
    return this.#subscriptions.length;
  }

  publish(event: ToolDefinitionEvent): void {
    this.#queue.push(frozenCopy(event));
    if (this.#delivering) return;
    this.#delivering = true;
    try {
      for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) this.#deliver(next);
    } finally {
      this.#delivering = false;
    }
  }

  subscribe(listener: Listener): () => void {
    if (typeof listener !== 'function') throw new TypeError('A tool-definition event listener must be a function');
    const subscription: Subscription = { listener, active: true };
    this.#subscriptions = [...this.#subscriptions, subscription];
    return () => {
      if (!subscription.active) return;
      subscription.active = false;
      this.#subscriptions = this.#subscriptions.filter((s) => s !== subscription);
    };
  }

  #deliver(event: ToolDefinitionEvent): void {
    // The list as it is now: a subscription added during this delivery waits for the next event.
    const subscriptions = this.#subscriptions;
    for (const [index, subscription] of subscriptions.entries()) {
      if (!subscription.active) continue;
      try {
        subscription.listener(event);
      } catch (error) {
        this.#reportFailure(event, index, subscription.listener, error);
      }
    }
  }

  #reportFailure(event: ToolDefinitionEvent, index: number, listener: Listener, error: unknown): void {
    try {
      this.#logger?.error(`Tool-definition event listener failed on ${event.type}: ${messageOf(error)}`, {
        event: 'ToolDefinitionListenerFailed',
        event_type: event.type,
        listener_index: index,
        listener_name: listener.name || 'anonymous',
        error_name: error instanceof Error ? error.name : typeof error,
        error_message: messageOf(error),
      });
    } catch {
      // A logger that throws must not break the publisher either.
    }
  }
}

function messageOf(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'unprintable error';
  }
  return text.length > MAX_ERROR_MESSAGE_LENGTH ? `${text.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : text;
}

function frozenCopy(event: ToolDefinitionEvent): ToolDefinitionEvent {
  if (event.type === 'ToolDefinitionUpdated') return Object.freeze({ ...event, changedFields: Object.freeze([...event.changedFields]) });
  return Object.freeze({ ...event });
}
