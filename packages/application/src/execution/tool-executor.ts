import type { ExecutionPolicy, InteractionMode, ToolResponse } from '@acode/domain';
import type { IClock } from '../clock.js';
import type { ILogger } from '../logger.js';
import type { IIdGenerator } from '../id-generator.js';
import type { ToolArguments, IToolSchemaRegistry } from '../tool-schema-registry.js';
import type { IWallClock } from '../wall-clock.js';
import type { IToolCatalog } from './tool-catalog.js';
import type { IToolExecutionStore } from './tool-execution-store.js';
import type { IToolRunner } from './tool-runner.js';
import type { IToolSession } from './tool-session.js';

/** One call to run. */
export interface ToolExecutionRequest {
  /** Tool name as the model or user wrote it (aliases and case resolved by the registry). */
  readonly name: string;
  /** Arguments: JSON text or an object. */
  readonly args: ToolArguments;
  /** Idempotency key; a repeated id replays the stored result. Generated when absent. */
  readonly executionId?: string;
  /** A token from an earlier `CONFIRMATION_REQUIRED`. */
  readonly confirmationToken?: string;
  /** Cancels the run. */
  readonly signal?: AbortSignal;
}

/** What the executor is built from (all ports; the app's container supplies them). */
export interface ToolExecutorDependencies {
  readonly registry: IToolSchemaRegistry;
  readonly catalog: IToolCatalog;
  /** One runner per isolation level the host can provide. */
  readonly runners: readonly IToolRunner[];
  readonly store: IToolExecutionStore;
  readonly ids: IIdGenerator;
  readonly clock: IClock;
  readonly wallClock: IWallClock;
  readonly logger: ILogger;
  readonly policy: ExecutionPolicy;
  /** Absolute path file tools are confined to. */
  readonly workspaceRoot: string;
}

/** How to open a session. */
export interface ToolSessionOptions {
  /** Stable id (a CLI uses one per project so tokens outlive the process); generated when absent. */
  readonly id?: string;
  readonly mode: InteractionMode;
}

/**
 * The execution use case (003 + 001 §4.6-4.7): validate with the registry, apply the policies,
 * run the handler through the runner of its isolation level, and return the envelope
 * `{ ok, data | error, intents, meta }`. Never throws for anything a call can get wrong.
 */
export interface IToolExecutor {
  /** A session pinned to the catalog's registry version, in a mode. */
  openSession(options: ToolSessionOptions): IToolSession;
  /** Runs one call in a session. */
  execute(session: IToolSession, request: ToolExecutionRequest): Promise<ToolResponse>;
}
