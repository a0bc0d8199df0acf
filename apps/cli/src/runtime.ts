import type {
  IChatModelClient,
  IJsonRepairer,
  ILogger,
  ITelemetryStore,
  IToolCallParser,
  IToolCatalog,
  IToolExecutor,
  IToolSchemaRegistry,
  RegistrationReport,
} from '@acode/application';
import type { ToolCallRetryHandler } from '@acode/infrastructure';
import type { ProviderSettings, ProviderSettingsOverrides } from '@acode/infrastructure/model-clients';
import type { JsonObject, JsonSchemaObject, JsonValue, RawToolCall, RegistryLimits, ToolCallError, ToolCallSettings, ToolDefinition } from '@acode/domain';
import type { LogLevel } from './arguments.js';

/** A configuration warning (an unknown key, say): printed, never fatal. */
export interface ConfigWarning {
  readonly code: string;
  readonly file: string;
  readonly key: string;
  readonly message: string;
}

/** What the commands need once the registry is started. */
export interface CliRuntime {
  /** The registry, with every provider's definitions registered. */
  readonly registry: IToolSchemaRegistry;
  /** The registry's limits; `validate` bounds standard input by `maxArgumentSizeBytes`. */
  readonly limits: Pick<RegistryLimits, 'maxArgumentSizeBytes'>;
  /** What startup registration did: skipped and disabled tools, failed providers. */
  readonly report: RegistrationReport;
  /** Warnings the configuration produced. */
  readonly configWarnings: readonly ConfigWarning[];
  /** The correlation id of this run, for results the CLI builds itself. */
  correlationId(): string;
  /** A minimal valid arguments object for a schema, shown as `Example:` after a failure. */
  exampleArguments(schema: JsonSchemaObject): JsonValue | undefined;
  /** Tool-call parsing (002), for `debug parse-tool-call`. */
  readonly toolCalls: ToolCallServices;
  /** Model servers, retry and telemetry (issue 4), for `providers`, `chat`, `test` and `debug tool-call`. */
  readonly models: ModelServices;
  /** The built tool registry and the executor (issue 5), for `tools prompt`, `doc`, `schema` and `exec`. */
  readonly execution: ExecutionServices;
  /** Releases what commands opened on demand (the telemetry database); absent in test fakes. */
  close?(): void;
}

/**
 * Model servers, the retry handler and tool-call telemetry. Nothing behind it is opened until a
 * method is called: `tools list` opens no connection and creates no database file.
 */
export interface ModelServices {
  /**
   * `model.providers.<provider>` checked, command-line values winning. Throws
   * `ConfigurationException` (ACODE-CFG-002) for a value that cannot be used.
   */
  providerSettings(provider: string, overrides?: ProviderSettingsOverrides): ProviderSettings;
  /** A client speaking the settings' wire format. */
  client(settings: ProviderSettings): IChatModelClient;
  /**
   * The retry handler, recording into the telemetry store. `settings` replace the provider's
   * `tool_call` values (`test retry-scenario` shortens the backoff); `logger` receives its lines.
   */
  retryHandler(options?: { readonly settings?: Partial<ToolCallSettings>; readonly logger?: ILogger }): ToolCallRetryHandler;
  /** Runs `operation` under a fresh correlation id, which it is given; every log line and telemetry row of it carries that id. */
  withCorrelationId<T>(operation: (correlationId: string) => Promise<T>): Promise<T>;
  /** The telemetry database this run uses (`--db`, else `.agent/acode.db` of the project). */
  readonly telemetryPath: string;
  /** The store, opened for writing and created when missing. Throws ACODE-TEL-001 when it cannot be. */
  openTelemetry(): ITelemetryStore;
  /** The store, read only; `undefined` when no database exists yet. Throws ACODE-TEL-001 for a file that cannot be read. */
  readTelemetry(): ITelemetryStore | undefined;
}

/** Why a service of {@link ExecutionServices} is not available: `[code] message`, exit 2. */
export interface UnavailableService {
  /** ACODE-TBD-010 (no usable `tool_registry.json`) or ACODE-TEX-001 (no usable execution store). */
  readonly code: string;
  readonly message: string;
}

/** A service, or why there is none. */
export type ServiceLookup<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: UnavailableService };

/**
 * The built registry and the executor. Nothing behind it is opened until a method is called:
 * `tools list` and `tools prompt` create no database file.
 */
export interface ExecutionServices {
  /** The `tool_registry.json` loaded at startup, or why there is none (ACODE-TBD-010). */
  catalog(): ServiceLookup<IToolCatalog>;
  /** The executor; its store (`.agent/acode.db`, or `--db`) is opened on the first call (ACODE-TEX-001 when it cannot be). */
  executor(): ServiceLookup<IToolExecutor>;
  /** The formats {@link providerTool} converts to. */
  readonly providerFormats: readonly string[];
  /** A definition as a provider's tool declaration; `format` is one of {@link providerFormats}. */
  providerTool(definition: ToolDefinition, format: string): JsonObject;
}

/** The two stream framings a model server uses. */
export type StreamFormat = 'sse' | 'ndjson';

/** What a stream amounted to once it ended: the calls as they arrived, before parsing. */
export interface StreamCalls {
  /** Calls by index; arguments as the fragments joined (SSE) or the object sent (NDJSON). */
  readonly calls: readonly RawToolCall[];
  /** The assistant's text. */
  readonly content: string;
  /** True when the stream ended with its end marker (`[DONE]`, `finish_reason`, `done: true`). */
  readonly complete: boolean;
  readonly finishReason?: string;
  /** Lines that could not be used (ACODE-TLP-008, with their line number). */
  readonly errors: readonly ToolCallError[];
}

/** The tool-call side of the runtime: parser, repairer, settings and the stream accumulator. */
export interface ToolCallServices {
  readonly parser: IToolCallParser;
  /** Used only to show what a repair changed (`--verbose`). */
  readonly repairer: IJsonRepairer;
  /** The settings of a provider (`--provider`), 002's defaults beneath. */
  settings(provider: string | undefined): ToolCallSettings;
  /** Feeds a whole stream to the accumulator. */
  accumulateStream(text: string, format: StreamFormat, settings: ToolCallSettings): Promise<StreamCalls>;
}

/** How to start the runtime: from the command line and the process. */
export interface RuntimeOptions {
  /** Where `.agent/config.yml` is searched from. */
  readonly cwd: string;
  /** `--config PATH`, absolute. */
  readonly configPath?: string;
  readonly logLevel: LogLevel;
  /** Where the registry's log lines go: the CLI's stderr. */
  readonly logStream: NodeJS.WritableStream;
  /** For `~/.acode/config.yml`; the default is the OS home directory. */
  readonly homeDir?: string;
  /** Where `api_key_env` variables are read. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** `--db PATH`, absolute; the project's `.agent/acode.db` when absent. */
  readonly telemetryPath?: string;
  /** `--registry FILE`, absolute; `<project root>/tool_registry.json` when absent. */
  readonly toolRegistryPath?: string;
}

/**
 * Starts the runtime. Throws `ConfigurationException` for a configuration that cannot be used;
 * everything else a definition can get wrong is in the report.
 */
export type OpenRuntime = (options: RuntimeOptions) => Promise<CliRuntime>;
