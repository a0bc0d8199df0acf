/**
 * DI tokens of the ports. Interfaces vanish at run time, so every port is injected by one of
 * these (`@inject(TOKENS.ToolSchemaRegistry)`).
 */
export const TOKENS = Object.freeze({
  /** {@link IToolSchemaRegistry}, a singleton. */
  ToolSchemaRegistry: Symbol.for('acode.IToolSchemaRegistry'),
  /** {@link ISchemaProvider}; many may be registered, resolved with `resolveAll`. */
  SchemaProvider: Symbol.for('acode.ISchemaProvider'),
  /** {@link ISchemaCompiler}. */
  SchemaCompiler: Symbol.for('acode.ISchemaCompiler'),
  /** {@link ILogger}. */
  Logger: Symbol.for('acode.ILogger'),
  /** {@link IMetrics}. */
  Metrics: Symbol.for('acode.IMetrics'),
  /** {@link ICorrelationContext}. */
  CorrelationContext: Symbol.for('acode.ICorrelationContext'),
  /** {@link IClock}. */
  Clock: Symbol.for('acode.IClock'),
  /** {@link ToolRegistryOptions}. */
  ToolRegistryOptions: Symbol.for('acode.ToolRegistryOptions'),
  /** The loaded configuration (`AcodeConfig` in infrastructure). */
  Config: Symbol.for('acode.Config'),
  /** {@link IToolCallParser}. */
  ToolCallParser: Symbol.for('acode.IToolCallParser'),
  /** {@link IJsonRepairer}. */
  JsonRepairer: Symbol.for('acode.IJsonRepairer'),
  /** {@link ToolCallSettingsCatalog}. */
  ToolCallSettings: Symbol.for('acode.ToolCallSettingsCatalog'),
  /** {@link IChatModelClient} factory: `(provider: string) => IChatModelClient`. */
  ChatModelClientFactory: Symbol.for('acode.ChatModelClientFactory'),
  /** {@link ITelemetryStore}. */
  TelemetryStore: Symbol.for('acode.ITelemetryStore'),
  /** {@link ToolRegistrationService}. */
  ToolRegistrationService: Symbol.for('acode.ToolRegistrationService'),
  /** {@link IToolCatalog}: the loaded `tool_registry.json`. */
  ToolCatalog: Symbol.for('acode.IToolCatalog'),
  /** {@link IToolRunner}; one per isolation level, resolved with `resolveAll`. */
  ToolRunner: Symbol.for('acode.IToolRunner'),
  /** {@link IToolExecutionStore}. */
  ToolExecutionStore: Symbol.for('acode.IToolExecutionStore'),
  /** {@link IIdGenerator}. */
  IdGenerator: Symbol.for('acode.IIdGenerator'),
  /** {@link IWallClock}. */
  WallClock: Symbol.for('acode.IWallClock'),
  /** {@link ExecutionPolicy} (domain). */
  ExecutionPolicy: Symbol.for('acode.ExecutionPolicy'),
  /** {@link IToolExecutor}. */
  ToolExecutor: Symbol.for('acode.IToolExecutor'),
});
