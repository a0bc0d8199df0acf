import {
  AcodeException,
  TOKENS,
  type ICorrelationContext,
  type IToolCatalog,
  type IToolExecutor,
  type ILogger,
  type ITelemetryStore,
  type IJsonRepairer,
  type IToolCallParser,
  type IToolSchemaRegistry,
  type ToolCallSettingsCatalog,
  type ToolRegistrationService,
  type ToolRegistryOptions,
} from '@acode/application';
import type { ToolCallSettings } from '@acode/domain';
import { container, registerAcodeServices, type DependencyContainer } from '@acode/composition';
import { accumulateStream, ToolCallRetryHandler } from '@acode/infrastructure';
import type { AcodeConfig } from '@acode/infrastructure/config';
import { createChatModelClient, readProviderSettings } from '@acode/infrastructure/model-clients';
import { PROVIDER_SCHEMA_FORMATS, toProviderTool, type ProviderSchemaFormat } from '@acode/infrastructure/provider-schemas';
import { resolveTelemetryPath, SqliteTelemetryStore } from '@acode/infrastructure/telemetry';
import { buildExampleArguments } from '@acode/infrastructure/validate';
import { existsSync } from 'node:fs';
import type { CliRuntime, ExecutionServices, ModelServices, RuntimeOptions, ServiceLookup, ToolCallServices } from './runtime.js';

/**
 * The CLI's composition root: a child container filled by `registerAcodeServices`, the startup
 * registration run once, and what the commands need taken out of it. Throws
 * `ConfigurationException` for a configuration that cannot be used.
 */
export async function openAcodeRuntime(options: RuntimeOptions): Promise<CliRuntime> {
  const scope = container.createChildContainer();
  const { config, dispose } = registerAcodeServices(scope, {
    cwd: options.cwd,
    logLevel: options.logLevel,
    logStream: options.logStream,
    ...(options.configPath !== undefined ? { configPath: options.configPath } : {}),
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.telemetryPath !== undefined ? { telemetryPath: options.telemetryPath } : {}),
    ...(options.toolRegistryPath !== undefined ? { toolRegistryPath: options.toolRegistryPath } : {}),
  });
  const report = await scope.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  const correlation = scope.resolve<ICorrelationContext>(TOKENS.CorrelationContext);
  const registryOptions = scope.resolve<ToolRegistryOptions>(TOKENS.ToolRegistryOptions);
  return {
    registry: scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry),
    limits: registryOptions.limits,
    report,
    configWarnings: config.warnings,
    correlationId: () => correlation.current(),
    exampleArguments: (schema) => buildExampleArguments(schema),
    toolCalls: toolCallServices(scope),
    models: modelServices(scope, config, options),
    execution: executionServices(scope),
    close: dispose,
  };
}

/** Model clients, the retry handler and telemetry, each created when a command first asks. */
function modelServices(scope: DependencyContainer, config: AcodeConfig, options: RuntimeOptions): ModelServices {
  const env = options.env ?? process.env;
  const telemetryPath = resolveTelemetryPath({ cwd: options.cwd, ...(options.telemetryPath !== undefined ? { configured: options.telemetryPath } : {}) });
  return {
    providerSettings: (provider, overrides) => readProviderSettings(config.model, provider, env, overrides),
    client: (settings) => createChatModelClient(settings),
    retryHandler: (overrides = {}) => {
      if (overrides.settings === undefined && overrides.logger === undefined) return scope.resolve(ToolCallRetryHandler);
      // A child container swaps the settings and the logger; the registry and parser stay the started ones.
      const child = scope.createChildContainer();
      child.register(TOKENS.ToolSchemaRegistry, { useValue: scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry) });
      child.register(TOKENS.ToolCallParser, { useValue: scope.resolve<IToolCallParser>(TOKENS.ToolCallParser) });
      if (overrides.logger !== undefined) child.register<ILogger>(TOKENS.Logger, { useValue: overrides.logger });
      if (overrides.settings !== undefined) child.register(TOKENS.ToolCallSettings, { useValue: overriddenSettings(scope, overrides.settings) });
      return child.resolve(ToolCallRetryHandler);
    },
    withCorrelationId: (operation) => {
      const correlation = scope.resolve<ICorrelationContext>(TOKENS.CorrelationContext);
      return correlation.run(() => operation(correlation.current()));
    },
    telemetryPath,
    openTelemetry: () => scope.resolve<ITelemetryStore>(TOKENS.TelemetryStore),
    readTelemetry: () => (telemetryPath !== ':memory:' && !existsSync(telemetryPath) ? undefined : SqliteTelemetryStore.open(telemetryPath, { readonly: true })),
  };
}

/** The provider settings with some values replaced, for every provider. */
function overriddenSettings(scope: DependencyContainer, replaced: Partial<ToolCallSettings>): ToolCallSettingsCatalog {
  const catalog = scope.resolve<ToolCallSettingsCatalog>(TOKENS.ToolCallSettings);
  return {
    defaults: { ...catalog.defaults, ...replaced },
    forProvider: (provider) => ({ ...catalog.forProvider(provider), ...replaced }),
  };
}

/** The parser and what surrounds it, resolved when first used: only `debug parse-tool-call` needs them. */
function toolCallServices(scope: DependencyContainer): ToolCallServices {
  return {
    get parser() {
      return scope.resolve<IToolCallParser>(TOKENS.ToolCallParser);
    },
    get repairer() {
      return scope.resolve<IJsonRepairer>(TOKENS.JsonRepairer);
    },
    settings: (provider) => scope.resolve<ToolCallSettingsCatalog>(TOKENS.ToolCallSettings).forProvider(provider),
    accumulateStream: (text, format, settings) => accumulateStream([text], { format, maxArgumentSize: settings.maxArgumentSize }),
  };
}

/**
 * The built registry and the executor, resolved when a command first asks: the executor's
 * factory opens the execution store, so `tools prompt` and `tools doc` create no database.
 */
function executionServices(scope: DependencyContainer): ExecutionServices {
  return {
    catalog: () => lookup(() => scope.resolve<IToolCatalog>(TOKENS.ToolCatalog)),
    executor: () => lookup(() => scope.resolve<IToolExecutor>(TOKENS.ToolExecutor)),
    providerFormats: PROVIDER_SCHEMA_FORMATS,
    providerTool: (definition, format) => {
      if (!isProviderSchemaFormat(format)) throw new RangeError(`Unknown provider schema format '${format}'`);
      return toProviderTool(definition, format);
    },
  };
}

function isProviderSchemaFormat(format: string): format is ProviderSchemaFormat {
  return (PROVIDER_SCHEMA_FORMATS as readonly string[]).includes(format);
}

/** A service, or the coded reason it cannot be had (ACODE-TBD-010, ACODE-TEX-001): expected failures are results. */
function lookup<T>(resolve: () => T): ServiceLookup<T> {
  try {
    return { ok: true, value: resolve() };
  } catch (error) {
    if (!(error instanceof AcodeException)) throw error;
    return { ok: false, error: { code: error.code, message: error.message } };
  }
}
