import {
  TOKENS,
  ToolRegistrationService,
  type IClock,
  type ICorrelationContext,
  type ILogger,
  type ITelemetryStore,
  type IToolCallParser,
  type ToolCallSettingsCatalog,
  type ISchemaProvider,
  type IToolSchemaRegistry,
} from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { homedir } from 'node:os';
import { instanceCachingFactory, Lifecycle, type DependencyContainer } from 'tsyringe';
import { SystemClock } from '../clock/system-clock.js';
import { loadConfig, type AcodeConfig } from '../config/index.js';
import { AsyncLocalCorrelationContext } from '../correlation/index.js';
import { createLogger, type LogFormat, type LogLevelName } from '../logging/index.js';
import { InMemoryMetrics } from '../metrics/index.js';
import { ConfigToolsProvider, CoreToolsProvider } from '../providers/index.js';
import { JsonRepairer } from '../repair/index.js';
import { ToolSchemaRegistry } from '../registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../schema/index.js';
import { createToolCallSettingsCatalog, ToolCallParser } from '../tool-calls/index.js';
import { createChatModelClient, readProviderSettings, type Environment } from '../model-clients/index.js';
import { RetryCircuitBreaker, ToolCallRetryHandler } from '../retry/index.js';
import { resolveTelemetryPath, SqliteTelemetryStore } from '../telemetry/index.js';
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
  container.register(TOKENS.Clock, { useClass: SystemClock }, { lifecycle: Lifecycle.Singleton });
  container.register(TOKENS.SchemaCompiler, { useClass: CfworkerSchemaCompiler }, { lifecycle: Lifecycle.Singleton });
  container.register(TOKENS.ToolSchemaRegistry, { useClass: ToolSchemaRegistry }, { lifecycle: Lifecycle.ContainerScoped });
  container.register(TOKENS.SchemaProvider, { useClass: CoreToolsProvider });
  container.register(TOKENS.SchemaProvider, { useClass: ConfigToolsProvider });
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
  container.register(TOKENS.JsonRepairer, { useClass: JsonRepairer }, { lifecycle: Lifecycle.Singleton });
  container.register(TOKENS.ToolCallSettings, { useValue: createToolCallSettingsCatalog(config.toolCall ?? {}) });
  container.register(TOKENS.ToolCallParser, { useClass: ToolCallParser }, { lifecycle: Lifecycle.ContainerScoped });
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
