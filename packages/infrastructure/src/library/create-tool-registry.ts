import { DEFAULT_TOOL_REGISTRY_OPTIONS, type IClock, type ICorrelationContext, type ILogger, type IMetrics, type ISchemaCompiler } from '@acode/application';
import type { DefinitionRule, RegistryLimits, ToolDefinition } from '@acode/domain';
import { AsyncLocalCorrelationContext } from '../correlation/async-local-correlation-context.js';
import { ToolSchemaRegistry } from '../registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../schema/cfworker-schema-compiler.js';
import { DISCARD_METRICS } from './discard-metrics.js';
import { MONOTONIC_CLOCK } from '../clock/monotonic-clock.js';
import { SILENT_LOGGER } from './silent-logger.js';

/** Options of {@link createToolRegistry}; every port has a quiet default. */
export interface CreateToolRegistryOptions {
  /** Definitions registered at once, in order; the first one refused throws (see {@link createToolRegistry}). */
  readonly tools?: readonly ToolDefinition[];
  /** Size, depth, error-count and pattern limits; decision 10's defaults for any left out. */
  readonly limits?: Partial<RegistryLimits>;
  /** Whether validation errors may show the value that was sent; `true` by default (secret-looking values are never shown). */
  readonly includeActualValues?: boolean;
  /** Where registration and validation lines go; nowhere by default. */
  readonly logger?: ILogger;
  /** Where the registry's counters and timings go; discarded by default. */
  readonly metrics?: IMetrics;
  /** The correlation id source of log lines; an `AsyncLocalStorage` context by default. */
  readonly correlation?: ICorrelationContext;
  /** The clock timing compilations and validations; `performance.now()` by default. */
  readonly clock?: IClock;
  /** The schema compiler; the project's `CfworkerSchemaCompiler` by default. */
  readonly compiler?: ISchemaCompiler;
  /** Whether validation writes the schema's defaults into the arguments it returns; `true` by default. */
  readonly applyDefaults?: boolean;
  /** The definition rules a definition must pass; every rule (`DEFINITION_RULES`) by default. */
  readonly definitionRules?: readonly DefinitionRule[];
}

/**
 * A strict tool schema registry holding `tools`, built without a DI container.
 *
 * Each definition is checked by the domain rules and its schema compiled once; a refused one throws
 * the registry's own exception (`InvalidToolDefinitionException`, `SchemaCompilationException` or
 * `DuplicateToolException`, each an `AcodeException` carrying ACODE codes), so a typo in a tool list
 * fails where the list is written rather than at the first call. Register more later with
 * `registry.registerTool(definition)`.
 *
 * @example
 * const registry = createToolRegistry({ tools: [readFile] });
 * const result = registry.tryValidateArguments('read_file', '{"path":"a.txt"}');
 */
export function createToolRegistry(options: CreateToolRegistryOptions = {}): ToolSchemaRegistry {
  const registry = new ToolSchemaRegistry(
    options.compiler ?? new CfworkerSchemaCompiler(),
    options.logger ?? SILENT_LOGGER,
    options.metrics ?? DISCARD_METRICS,
    options.correlation ?? new AsyncLocalCorrelationContext(),
    options.clock ?? MONOTONIC_CLOCK,
    {
      ...DEFAULT_TOOL_REGISTRY_OPTIONS,
      limits: { ...DEFAULT_TOOL_REGISTRY_OPTIONS.limits, ...options.limits },
      ...(options.includeActualValues === undefined ? {} : { includeActualValues: options.includeActualValues }),
      ...(options.applyDefaults === undefined ? {} : { applyDefaults: options.applyDefaults }),
    },
    options.definitionRules,
  );
  for (const tool of options.tools ?? []) registry.registerTool(tool);
  return registry;
}
