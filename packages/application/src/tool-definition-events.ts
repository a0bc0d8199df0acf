import type { ToolDefinitionEvent } from '@acode/domain';

/**
 * Where tool-definition events go (001 §11): publishers call {@link publish}; subscribers (the
 * log lines and metrics of 001 §8, the host's event stream) listen. Delivery is synchronous and
 * in order; a listener that throws is the publisher's to report, never the caller's failure.
 */
export interface IToolDefinitionEvents {
  publish(event: ToolDefinitionEvent): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (event: ToolDefinitionEvent) => void): () => void;
}
