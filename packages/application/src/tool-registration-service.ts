import { toolNameKey, type ErrorCode, type ToolDefinition } from '@acode/domain';
import type { IClock } from './clock.js';
import { AcodeException } from './exceptions/acode-exception.js';
import { InvalidToolDefinitionException } from './exceptions/invalid-tool-definition-exception.js';
import type { IHostedService } from './hosted-service.js';
import type { ILogger } from './logger.js';
import type { ISchemaProvider } from './schema-provider.js';
import type { IToolSchemaRegistry } from './tool-schema-registry.js';

/** One definition that could not be registered, and why. */
export interface SkippedTool {
  /** Provider that offered it. */
  readonly provider: string;
  /** Tool name as given (may be empty when the name itself was the problem). */
  readonly tool: string;
  /** Where it came from, when the provider says. */
  readonly source?: string;
  /** Stable code of the failure. */
  readonly code: ErrorCode;
  /** The full reason, with paths inside the definition. */
  readonly message: string;
}

/** What one startup registration did. */
export interface RegistrationReport {
  /** Tools registered (or identical re-registrations), in order. */
  readonly registered: ReadonlyArray<{ readonly name: string; readonly version: string; readonly provider: string }>;
  /** Definitions refused; each one was logged. */
  readonly skipped: readonly SkippedTool[];
  /** Definitions left out because configuration disables them. */
  readonly disabled: readonly string[];
  /** Providers that failed as a whole. */
  readonly failedProviders: ReadonlyArray<{ readonly provider: string; readonly message: string }>;
  /** Wall time of the whole registration, in milliseconds. */
  readonly durationMs: number;
}

/**
 * The startup registration use case (flow 1 of the architecture): asks every provider in
 * priority order and registers what it offers. One bad definition, or one failing provider, is
 * logged and skipped, never fatal to the rest (NFR-009, NFR-010).
 */
export class ToolRegistrationService implements IHostedService {
  private lastReport: RegistrationReport | undefined;

  constructor(
    private readonly registry: IToolSchemaRegistry,
    private readonly providers: readonly ISchemaProvider[],
    private readonly logger: ILogger,
    private readonly clock: IClock,
    private readonly disabledTools: readonly string[] = [],
  ) {}

  /** The report of the last `start()`, if any. */
  get report(): RegistrationReport | undefined {
    return this.lastReport;
  }

  /** Registers every provider's definitions; resolves with what happened. */
  async start(signal?: AbortSignal): Promise<RegistrationReport> {
    const started = this.clock.now();
    const disabledKeys = new Set(this.disabledTools.map(toolNameKey));
    const registered: Array<{ name: string; version: string; provider: string }> = [];
    const skipped: SkippedTool[] = [];
    const disabled: string[] = [];
    const failedProviders: Array<{ provider: string; message: string }> = [];
    this.logger.info('Starting Tool Schema Registry initialization...', { event: 'RegistryInitializing', providers: this.providers.length });

    // Stable sort: equal priorities keep their DI registration order.
    const ordered = [...this.providers].sort((a, b) => a.priority - b.priority);
    for (const provider of ordered) {
      if (signal?.aborted) break;
      let definitions: Iterable<ToolDefinition>;
      try {
        definitions = await provider.getToolDefinitions();
      } catch (error) {
        const message = describe(error);
        failedProviders.push({ provider: provider.name, message });
        this.logger.error(`Schema provider '${provider.name}' failed: ${message}`, {
          event: 'ProviderFailed',
          provider: provider.name,
          code: error instanceof AcodeException ? error.code : undefined,
        });
        continue;
      }
      for (const definition of definitions) {
        const name = typeof definition?.name === 'string' ? definition.name : '';
        if (definition?.enabled === false || disabledKeys.has(toolNameKey(name))) {
          disabled.push(name);
          this.logger.info(`Tool '${name}' is disabled by configuration`, { event: 'ToolDisabled', tool_name: name });
          continue;
        }
        try {
          const outcome = this.registry.registerTool(definition, { builtIn: provider.builtIn === true });
          registered.push({ name: outcome.definition.name, version: outcome.definition.version, provider: provider.name });
        } catch (error) {
          const source = provider.sourceOf?.(definition);
          const code: ErrorCode = error instanceof AcodeException ? error.code : 'ACODE-TSR-008';
          const message = describe(error);
          skipped.push({ provider: provider.name, tool: name, code, message, ...(source ? { source } : {}) });
          this.logger.error(`Failed to register tool '${name}'${source ? ` from ${source}` : ''}: [${code}] ${message}`, {
            event: 'ToolRegistrationFailed',
            tool_name: name,
            provider: provider.name,
            source,
            error_code: code,
          });
          this.logger.warn(`Skipping tool '${name}' due to ${error instanceof InvalidToolDefinitionException ? 'schema error' : 'registration error'}`, {
            event: 'ToolSkipped',
            tool_name: name,
          });
        }
      }
    }

    const durationMs = this.clock.now() - started;
    const extra = skipped.length > 0 ? ` (${skipped.length} skipped)` : '';
    this.logger.info(`Tool Schema Registry initialized with ${this.registry.size} tools${extra} in ${Math.round(durationMs)}ms`, {
      event: 'RegistryInitialized',
      tool_count: this.registry.size,
      skipped: skipped.length,
      duration_ms: durationMs,
    });
    this.lastReport = Object.freeze({ registered, skipped, disabled, failedProviders, durationMs });
    return this.lastReport;
  }

  /** Nothing to release: the registry lives as long as the container. */
  async stop(): Promise<void> {}
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
