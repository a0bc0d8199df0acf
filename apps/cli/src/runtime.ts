import type { IToolSchemaRegistry, RegistrationReport } from '@acode/application';
import type { JsonSchemaObject, JsonValue, RegistryLimits } from '@acode/domain';
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
}

/**
 * Starts the runtime. Throws `ConfigurationException` for a configuration that cannot be used;
 * everything else a definition can get wrong is in the report.
 */
export type OpenRuntime = (options: RuntimeOptions) => Promise<CliRuntime>;
