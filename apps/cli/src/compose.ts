import {
  TOKENS,
  type ICorrelationContext,
  type IJsonRepairer,
  type IToolCallParser,
  type IToolSchemaRegistry,
  type ToolCallSettingsCatalog,
  type ToolRegistrationService,
  type ToolRegistryOptions,
} from '@acode/application';
import { accumulateStream, buildExampleArguments, registerAcodeServices } from '@acode/infrastructure';
import { container, type DependencyContainer } from 'tsyringe';
import type { CliRuntime, RuntimeOptions, ToolCallServices } from './runtime.js';

/**
 * The CLI's composition root: a child container filled by `registerAcodeServices`, the startup
 * registration run once, and what the commands need taken out of it. Throws
 * `ConfigurationException` for a configuration that cannot be used.
 */
export async function openAcodeRuntime(options: RuntimeOptions): Promise<CliRuntime> {
  const scope = container.createChildContainer();
  const { config } = registerAcodeServices(scope, {
    cwd: options.cwd,
    logLevel: options.logLevel,
    logStream: options.logStream,
    ...(options.configPath !== undefined ? { configPath: options.configPath } : {}),
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
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
