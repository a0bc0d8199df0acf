import { ToolDefinitionManager, type ILogger, type IMetrics, type IToolDefinitionStore, type IToolSchemaRegistry } from '@acode/application';
import type { LicenseSettings } from '@acode/infrastructure/config';
import { licenseContextOf } from '@acode/infrastructure/config';
import { SqliteToolDefinitionStore } from '@acode/infrastructure/definitions';
import {
  countDefinitionsByCategory,
  logDefinitionValidationFailure,
  recordDefinitionValidationFailure,
  setDefinitionsByCategory,
  subscribeDefinitionLogLines,
  subscribeDefinitionMetrics,
  ToolDefinitionEventBus,
} from '@acode/infrastructure/definitions-events';
import type { HostDefinitions } from './host-definitions.js';
import { lazyDefinitionStore } from './lazy-definition-store.js';

/** Clients that may follow `GET /v1/events` at once. */
const MAX_EVENT_STREAMS = 32;

/** The definitions part of a host, before the registry exists (the composition registers the stored definitions at startup). */
export interface DefinitionsSetup {
  readonly store: IToolDefinitionStore;
  /** The routes' half, once the registry is filled. */
  complete(registry: IToolSchemaRegistry): HostDefinitions;
}

/**
 * Composes stored tool definitions for a host (issue 16): the store in the project's database
 * (opened on first need), the license from `license.tier`, the event bus with the `[TLS-DEF]` log
 * lines and metrics (with the validation failures and the definitions per category, which no event
 * carries). The admin routes' bearer token is the host's (see `http/access-policy.ts`).
 */
export function composeDefinitions(options: {
  readonly databaseFile: string;
  readonly config: { readonly license: LicenseSettings };
  readonly logger: ILogger;
  readonly metrics?: IMetrics;
  /** Longest silence of an event stream (ms); 15 s by default. */
  readonly keepAliveMs?: number;
}): DefinitionsSetup {
  const store = lazyDefinitionStore(options.databaseFile, (file) => SqliteToolDefinitionStore.open(file));
  return {
    store,
    complete(registry) {
      const events = new ToolDefinitionEventBus(options.logger);
      subscribeDefinitionLogLines(events, options.logger);
      const metrics = options.metrics;
      if (metrics !== undefined) {
        subscribeDefinitionMetrics(events, metrics);
        // The definitions per category: a total no single event knows, counted again after each change (rare).
        const countByCategory = (): void => setDefinitionsByCategory(metrics, countDefinitionsByCategory(store.list()));
        countByCategory();
        events.subscribe((event) => {
          if (event.type !== 'ToolDefinitionValidated') countByCategory();
        });
      }
      const manager = new ToolDefinitionManager({
        store,
        registry,
        license: licenseContextOf(options.config),
        events,
        clock: { now: () => performance.now() },
        wallClock: { nowEpochMs: () => Date.now() },
        onValidationFailed: (toolName, violations, validationMs) => {
          logDefinitionValidationFailure(options.logger, toolName, violations, validationMs);
          if (metrics !== undefined) recordDefinitionValidationFailure(metrics, validationMs);
        },
      });
      return { manager, events, maxEventStreams: MAX_EVENT_STREAMS, keepAliveMs: options.keepAliveMs ?? 15_000 };
    },
  };
}
