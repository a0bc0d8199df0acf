import type { IClock, ICorrelationContext, ILogger, IToolCallParser, IToolSchemaRegistry, ToolCallSettingsCatalog } from '@acode/application';
import { DEFAULT_TOOL_CALL_SETTINGS, type ToolCallSettings, type ToolDefinition } from '@acode/domain';
import { AsyncLocalCorrelationContext } from '../correlation/async-local-correlation-context.js';
import { JsonRepairer } from '../repair/json-repairer.js';
import { ToolCallParser } from '../tool-calls/tool-call-parser.js';
import { withoutUndefined } from '../tool-calls/tool-call-settings-catalog.js';
import { createToolRegistry } from './create-tool-registry.js';
import { MONOTONIC_CLOCK } from '../clock/monotonic-clock.js';
import { SILENT_LOGGER } from './silent-logger.js';

/** Options of {@link createToolCallParser}: the tools (a registry or definitions) and the parse settings. */
export interface CreateToolCallParserOptions {
  /** The registry calls are validated against; built from {@link tools} when absent. */
  readonly registry?: IToolSchemaRegistry;
  /** Definitions to build a registry from, when no {@link registry} is given. */
  readonly tools?: readonly ToolDefinition[];
  /**
   * 002's `tool_call` settings over their defaults: `textFormats` to look for, `enableAutoRepair`,
   * `maxArgumentSize`, `strictSchemas`... A parse's own `settings` override these in turn.
   */
  readonly settings?: Partial<ToolCallSettings>;
  /** Where parse lines go (scrubbed of secrets); nowhere by default. */
  readonly logger?: ILogger;
  /** The correlation id source; an `AsyncLocalStorage` context by default. */
  readonly correlation?: ICorrelationContext;
  /** The clock of the repair deadline and parse timings; `performance.now()` by default. */
  readonly clock?: IClock;
}

/**
 * A tool-call parser over a registry, built without a DI container: the same `ToolCallParser` the
 * CLI and host run (extraction of calls written in text, repair with one reading only, strict
 * validation, ids). Keep it and call `parseResponse` per model answer; building one compiles the
 * tools' schemas, so do not build one per answer.
 *
 * Throws what {@link createToolRegistry} throws when `tools` holds a refused definition, and a
 * `TypeError` when neither `registry` nor `tools` is given.
 */
export function createToolCallParser(options: CreateToolCallParserOptions): IToolCallParser {
  if (options.registry === undefined && options.tools === undefined) throw new TypeError('createToolCallParser needs `registry` or `tools`');
  const logger = options.logger ?? SILENT_LOGGER;
  const correlation = options.correlation ?? new AsyncLocalCorrelationContext();
  const clock = options.clock ?? MONOTONIC_CLOCK;
  const registry = options.registry ?? createToolRegistry({ tools: options.tools ?? [], logger, correlation, clock });
  const settings: ToolCallSettings = Object.freeze({ ...DEFAULT_TOOL_CALL_SETTINGS, ...withoutUndefined(options.settings ?? {}) });
  // One set of settings whatever provider a parse names: this parser was built for one use.
  const catalog: ToolCallSettingsCatalog = Object.freeze({ defaults: settings, forProvider: () => settings });
  return new ToolCallParser(registry, new JsonRepairer(clock), catalog, logger, correlation, clock);
}
