import type { IToolDefinitionEvents, ToolDefinitionManager } from '@acode/application';

/** What the definition routes and the event stream run with (issue 16). */
export interface HostDefinitions {
  /** Creates, updates and deletes custom definitions, live. */
  readonly manager: ToolDefinitionManager;
  /** The events `GET /v1/events` streams. */
  readonly events: IToolDefinitionEvents;
  /** Clients that may follow `GET /v1/events` at once. */
  readonly maxEventStreams: number;
  /** Longest silence of an event stream before a keep-alive comment (ms). */
  readonly keepAliveMs: number;
}

/** Largest definition body accepted: a schema is at most 50 KiB (decision 10); the rest is small. */
export const MAX_DEFINITION_BODY_BYTES = 256 * 1024;
