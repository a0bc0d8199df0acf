import {
  TOKENS,
  ToolRegistrationService,
  type IClock,
  type ICorrelationContext,
  type IJsonRepairer,
  type ILogger,
  type IMetrics,
  type ISchemaCompiler,
  type ITelemetryStore,
  type IToolCallParser,
  type ToolCallSettingsCatalog,
  type ISchemaProvider,
  type IToolSchemaRegistry,
  type ToolRegistryOptions,
} from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { SystemClock } from '@acode/infrastructure/clock';
import { loadConfig, type AcodeConfig } from '@acode/infrastructure/config';
import { AsyncLocalCorrelationContext } from '@acode/infrastructure/correlation';
import { createLogger, type LogFormat, type LogLevelName } from '@acode/infrastructure/logging';
import { InMemoryMetrics } from '@acode/infrastructure/metrics';
import { createToolCallSettingsCatalog, ToolCallParser } from '@acode/infrastructure/parse';
import { createChatModelClient, readProviderSettings, type Environment } from '@acode/infrastructure/model-clients';
import { ConfigToolsProvider, CoreToolsProvider } from '@acode/infrastructure/providers';
import { ToolSchemaRegistry } from '@acode/infrastructure/registry';
import { JsonRepairer } from '@acode/infrastructure/repair';
import { RetryCircuitBreaker, ToolCallRetryHandler } from '@acode/infrastructure/retry';
import { CfworkerSchemaCompiler } from '@acode/infrastructure/schema';
import { resolveTelemetryPath, SqliteTelemetryStore } from '@acode/infrastructure/telemetry';
import { SqliteToolDefinitionStore, StoredDefinitionsProvider } from '@acode/infrastructure/definitions';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { instanceCachingFactory, instancePerContainerCachingFactory, type DependencyContainer } from 'tsyringe';
import { registerExecutionServices } from './register-execution-services.js';

/** How an app wants its services. */
export interface AcodeServicesOptions {
  /** Where `.agent/config.yml` is searched from, walking up. */
  readonly cwd: string;
  /** A configuration file to use instead of the search (`--config PATH`). */
  readonly configPath?: string;
  /** Home directory holding `~/.acode/config.yml`; `os.homedir()` by default. */
  readonly homeDir?: string;
  /** Lowest level logged; `warn` by default. */
  readonly logLevel?: LogLevelName;
  /** `pretty` (000's `[10:30:00 INF] ...` lines) or `json` (one object per line). */
  readonly logFormat?: LogFormat;
  /** Where log lines go; standard error by default, so standard output stays the command's. */
  readonly logStream?: NodeJS.WritableStream;
  /** Where `api_key_env` variables are read; `process.env` by default. */
  readonly env?: Environment;
  /**
   * The telemetry database (`--db PATH`); `.agent/acode.db` of the project by default (see
   * `resolveTelemetryPath`). Opened, and created, only when something resolves the store.
   * Tool execution keeps its confirmation tokens and results in the same file.
   */
  readonly telemetryPath?: string;
  /**
   * The built tool registry (`tool_registry.json`); `<project root>/tool_registry.json` by
   * default, the project root being the directory holding the `.agent/` of the found config file,
   * else `cwd`. Loaded at registration when it exists; see `registerExecutionServices`.
   */
  readonly toolRegistryPath?: string;
  /** The directory file tools are confined to; the project root by default. */
  readonly workspaceRoot?: string;
}

/** What the composition produced besides the registrations. */
export interface AcodeServices {
  /** The loaded configuration, with its warnings. */
  readonly config: AcodeConfig;
  /** Closes what the services opened on demand (the telemetry database and the execution store, if a command opened them). */
  dispose(): void;
}

/**
 * Registers the registry and everything around it into an app's container (000 Step 12's DI
 * extension). Apps create the container; this only fills it, so a test can call it on a child
 * container and then override any token.
 *
 * Throws `ConfigurationException` (ACODE-CFG-00x) when the configuration cannot be used.
 */
export function registerAcodeServices(container: DependencyContainer, options: AcodeServicesOptions): AcodeServices {
  const config = loadConfig({ cwd: options.cwd, homeDir: options.homeDir ?? homedir(), ...(options.configPath ? { configPath: options.configPath } : {}) });
  const correlation = new AsyncLocalCorrelationContext();
  const logger = createLogger({
    level: options.logLevel ?? 'warn',
    format: options.logFormat ?? 'pretty',
    stream: options.logStream ?? process.stderr,
    correlation,
  });

  container.register(TOKENS.Config, { useValue: config });
  container.register(TOKENS.ToolRegistryOptions, { useValue: config.registry });
  container.register(TOKENS.CorrelationContext, { useValue: correlation });
  container.register(TOKENS.Logger, { useValue: logger });
  container.register(TOKENS.Metrics, { useValue: new InMemoryMetrics() });
  // The infrastructure classes carry no decorators: each is built by a factory from its ports.
  // The lifecycles the decorated classes had: one clock, compiler and repairer for this
  // registration (tsyringe's singleton), one registry and one parser per container resolving them
  // (container-scoped: a child container gets its own).
  container.register(TOKENS.Clock, { useFactory: instanceCachingFactory(() => new SystemClock()) });
  container.register(TOKENS.SchemaCompiler, { useFactory: instanceCachingFactory(() => new CfworkerSchemaCompiler()) });
  container.register(TOKENS.ToolSchemaRegistry, {
    useFactory: instancePerContainerCachingFactory(
      (c) =>
        new ToolSchemaRegistry(
          c.resolve<ISchemaCompiler>(TOKENS.SchemaCompiler),
          c.resolve<ILogger>(TOKENS.Logger),
          c.resolve<IMetrics>(TOKENS.Metrics),
          c.resolve<ICorrelationContext>(TOKENS.CorrelationContext),
          c.resolve<IClock>(TOKENS.Clock),
          c.resolve<ToolRegistryOptions>(TOKENS.ToolRegistryOptions),
        ),
    ),
  });
  container.register(TOKENS.SchemaProvider, { useFactory: () => new CoreToolsProvider() });
  container.register(TOKENS.SchemaProvider, { useFactory: (c) => new ConfigToolsProvider(c.resolve<AcodeConfig>(TOKENS.Config)) });
  // Definitions managed on the host (issue 16): every composition registers them, so the CLI's
  // `tools validate` and a restarted host see what the Tool Manager created. Always the project's
  // database: `--db` names a telemetry file to read, not where definitions live.
  container.register(TOKENS.SchemaProvider, { useFactory: () => storedDefinitionsProvider(resolveTelemetryPath({ cwd: options.cwd })) });
  container.register(TOKENS.ToolRegistrationService, {
    useFactory: (c) =>
      new ToolRegistrationService(
        c.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry),
        c.resolveAll<ISchemaProvider>(TOKENS.SchemaProvider),
        c.resolve<ILogger>(TOKENS.Logger),
        c.resolve<IClock>(TOKENS.Clock),
        config.registry.disabledTools,
      ),
  });
  // Tool-call parsing (issue 3): the repairer is stateless, the settings come from
  // `model.providers.<provider>.tool_call`, and the parser shares the container's registry.
  container.register(TOKENS.JsonRepairer, { useFactory: instanceCachingFactory((c) => new JsonRepairer(c.resolve<IClock>(TOKENS.Clock))) });
  container.register(TOKENS.ToolCallSettings, { useValue: createToolCallSettingsCatalog(config.toolCall ?? {}) });
  container.register(TOKENS.ToolCallParser, {
    useFactory: instancePerContainerCachingFactory(
      (c) =>
        new ToolCallParser(
          c.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry),
          c.resolve<IJsonRepairer>(TOKENS.JsonRepairer),
          c.resolve<ToolCallSettingsCatalog>(TOKENS.ToolCallSettings),
          c.resolve<ILogger>(TOKENS.Logger),
          c.resolve<ICorrelationContext>(TOKENS.CorrelationContext),
          c.resolve<IClock>(TOKENS.Clock),
        ),
    ),
  });
  const opened = registerModelServices(container, options, config);
  const execution = registerExecutionServices(
    container,
    {
      cwd: options.cwd,
      storePath: telemetryPathOf(options),
      protectedPaths: config.execution.protectedPaths,
      handlerEnv: config.execution.handlerEnv,
      ...(config.execution.grantedPermissions === undefined ? {} : { grantedPermissions: config.execution.grantedPermissions }),
      ...(config.execution.retrievalBudgetPerTurn === undefined ? {} : { retrievalBudgetPerTurn: config.execution.retrievalBudgetPerTurn }),
      ...(options.toolRegistryPath !== undefined ? { toolRegistryPath: options.toolRegistryPath } : {}),
      ...(options.workspaceRoot !== undefined ? { workspaceRoot: options.workspaceRoot } : {}),
    },
    logger,
  );
  return {
    config,
    dispose: () => {
      opened.telemetry?.close();
      execution.store?.close();
    },
  };
}

/**
 * Model providers, retry and telemetry (issue 4). Every registration is a factory that runs on
 * first resolution, so a command that never talks to a model opens no connection and creates no
 * database file (`tools list` leaves the project untouched).
 */
function registerModelServices(container: DependencyContainer, options: AcodeServicesOptions, config: AcodeConfig): { telemetry?: ITelemetryStore } {
  const opened: { telemetry?: ITelemetryStore } = {};
  const env = options.env ?? process.env;
  // Settings are read per call: a provider that is never asked for is never checked.
  const clientFactory = (provider: string) => createChatModelClient(readProviderSettings(config.model, provider, env));
  container.register(TOKENS.ChatModelClientFactory, { useValue: clientFactory });
  container.register(TOKENS.TelemetryStore, {
    useFactory: instanceCachingFactory(
      () =>
        (opened.telemetry = SqliteTelemetryStore.open(telemetryPathOf(options))),
    ),
  });
  // One breaker per container: it must outlive a single operation to see a run of exhaustions.
  container.register(RetryCircuitBreaker, { useFactory: instanceCachingFactory((c) => new RetryCircuitBreaker(c.resolve<IClock>(TOKENS.Clock))) });
  container.register(ToolCallRetryHandler, {
    useFactory: (c) => {
      const logger = c.resolve<ILogger>(TOKENS.Logger);
      const telemetry = openTelemetryOrWarn(c, logger);
      return new ToolCallRetryHandler({
        parser: c.resolve<IToolCallParser>(TOKENS.ToolCallParser),
        settings: c.resolve<ToolCallSettingsCatalog>(TOKENS.ToolCallSettings),
        registry: c.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry),
        logger,
        clock: c.resolve<IClock>(TOKENS.Clock),
        correlation: c.resolve<ICorrelationContext>(TOKENS.CorrelationContext),
        circuitBreaker: c.resolve(RetryCircuitBreaker),
        ...(telemetry !== undefined ? { telemetry } : {}),
      });
    },
  });
  return opened;
}

/** The project's database: `--db PATH`, else `.agent/acode.db` of the project. */
function telemetryPathOf(options: AcodeServicesOptions): string {
  return resolveTelemetryPath({ cwd: options.cwd, ...(options.telemetryPath !== undefined ? { configured: options.telemetryPath } : {}) });
}

/** Telemetry is an observer: a database that cannot be opened is logged (ACODE-TEL-001) and the handler works without it. */
function openTelemetryOrWarn(container: DependencyContainer, logger: ILogger): ITelemetryStore | undefined {
  try {
    return container.resolve<ITelemetryStore>(TOKENS.TelemetryStore);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn(`Tool call telemetry is off (${ERROR_CODES.TELEMETRY_UNAVAILABLE}): ${message}`, { error_code: ERROR_CODES.TELEMETRY_UNAVAILABLE });
    return undefined;
  }
}

/**
 * The stored definitions of the project's database, read once at registration: none, and no file
 * created, when the project has no database yet.
 */
function storedDefinitionsProvider(file: string): StoredDefinitionsProvider {
  return new StoredDefinitionsProvider(
    {
      list: () => {
        if (file === ':memory:' || !existsSync(file)) return [];
        const store = SqliteToolDefinitionStore.open(file);
        try {
          return store.list();
        } finally {
          store.close();
        }
      },
    },
    file,
  );
}
