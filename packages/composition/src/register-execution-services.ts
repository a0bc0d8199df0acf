import {
  AcodeException,
  ToolExecutor,
  TOKENS,
  type IClock,
  type IIdGenerator,
  type ILogger,
  type IToolCatalog,
  type IToolExecutionStore,
  type IToolRunner,
  type IToolSchemaRegistry,
  type IWallClock,
} from '@acode/application';
import { DEFAULT_EXECUTION_POLICY, ERROR_CODES, type ExecutionPolicy, type InteractionMode } from '@acode/domain';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveProjectRoot } from '@acode/infrastructure/config';
import { ChildProcessToolRunner, InProcessToolRunner, RandomIdGenerator, SqliteToolExecutionStore, SystemWallClock } from '@acode/infrastructure/execution';
import { createBuiltToolsProvider, loadToolCatalog } from '@acode/infrastructure/tool-folders';
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';

/** File name of the built tool registry in the project root. */
export const TOOL_REGISTRY_FILE_NAME = 'tool_registry.json';

/** Where the execution services find the registry, the workspace and the store. */
export interface ExecutionServicesOptions {
  /** Where the project root is searched from (`resolveProjectRoot`). */
  readonly cwd: string;
  /** The built registry; `<project root>/tool_registry.json` by default. */
  readonly toolRegistryPath?: string;
  /** The directory file tools are confined to; the project root by default. */
  readonly workspaceRoot?: string;
  /** The SQLite file tokens and results are kept in (the telemetry database). */
  readonly storePath: string;
  /** Workspace-relative paths tools may not write besides the built-in ones (`execution.protected_paths`). */
  readonly protectedPaths?: readonly string[];
  /** Host variables handlers get besides the base allowlist (`execution.handler_env`). */
  readonly handlerEnv?: readonly string[];
  /** Permissions tools may require (`execution.granted_permissions`); the core tools' by default. */
  readonly grantedPermissions?: readonly string[];
  /** Retrievals per turn by mode (`execution.retrieval_budget_per_turn`); voice 2, text 5 by default. */
  readonly retrievalBudgetPerTurn?: Readonly<Partial<Record<InteractionMode, number | null>>>;
}

/** What the execution services opened, for `dispose()`. */
export interface OpenedExecutionServices {
  /** The store, once something resolved it. */
  store?: IToolExecutionStore & { close(): void };
}

/**
 * Tool execution (issue 5): loads `tool_registry.json` now, when it exists, so its tools are
 * registered with the others (a schema provider) and sessions can pin its version; everything
 * else is a factory that runs on first resolution, so a command that executes nothing opens no
 * database and starts no process. A registry that cannot be loaded is logged at warn with its
 * code and left out: every other command keeps working, and resolving `TOKENS.ToolCatalog` (or
 * the executor) throws ACODE-TBD-010 with the reason.
 */
export function registerExecutionServices(container: DependencyContainer, options: ExecutionServicesOptions, logger: ILogger): OpenedExecutionServices {
  const opened: OpenedExecutionServices = {};
  const projectRoot = resolveProjectRoot(options.cwd);
  const artifactPath = resolve(options.toolRegistryPath ?? join(projectRoot, TOOL_REGISTRY_FILE_NAME));
  const workspaceRoot = resolve(options.workspaceRoot ?? projectRoot);

  const loaded = loadCatalogOrWarn(artifactPath, logger);
  if (loaded.catalog !== undefined) container.register(TOKENS.SchemaProvider, { useValue: createBuiltToolsProvider(loaded.catalog) });
  container.register(TOKENS.ToolCatalog, {
    useFactory: () => {
      if (loaded.catalog === undefined) throw new AcodeException(ERROR_CODES.TOOL_REGISTRY_ARTIFACT_INVALID, loaded.reason);
      return loaded.catalog;
    },
  });
  // One runner per isolation level the host provides; the executor refuses a tool asking for more.
  container.register(TOKENS.ToolRunner, { useFactory: instanceCachingFactory(() => new InProcessToolRunner()) });
  container.register(TOKENS.ToolRunner, { useFactory: instanceCachingFactory((c) => new ChildProcessToolRunner({ logger: c.resolve<ILogger>(TOKENS.Logger) })) });
  container.register(TOKENS.ToolExecutionStore, { useFactory: instanceCachingFactory(() => (opened.store = SqliteToolExecutionStore.open(options.storePath))) });
  container.register(TOKENS.IdGenerator, { useFactory: instanceCachingFactory(() => new RandomIdGenerator()) });
  container.register(TOKENS.WallClock, { useFactory: instanceCachingFactory(() => new SystemWallClock()) });
  container.register(TOKENS.ExecutionPolicy, { useValue: executionPolicyOf(options) });
  container.register(TOKENS.ToolExecutor, {
    useFactory: instanceCachingFactory(
      (c) =>
        new ToolExecutor({
          // The catalog first: without a registry nothing else (the database) is opened.
          catalog: c.resolve<IToolCatalog>(TOKENS.ToolCatalog),
          registry: c.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry),
          runners: c.resolveAll<IToolRunner>(TOKENS.ToolRunner),
          store: c.resolve<IToolExecutionStore>(TOKENS.ToolExecutionStore),
          ids: c.resolve<IIdGenerator>(TOKENS.IdGenerator),
          clock: c.resolve<IClock>(TOKENS.Clock),
          wallClock: c.resolve<IWallClock>(TOKENS.WallClock),
          logger: c.resolve<ILogger>(TOKENS.Logger),
          policy: c.resolve<ExecutionPolicy>(TOKENS.ExecutionPolicy),
          workspaceRoot,
          protectedPaths: options.protectedPaths ?? [],
          handlerEnv: options.handlerEnv ?? [],
        }),
    ),
  });
  return opened;
}

/** The default policy with what the configuration sets (`execution.granted_permissions`, `execution.retrieval_budget_per_turn`). */
export function executionPolicyOf(options: Pick<ExecutionServicesOptions, 'grantedPermissions' | 'retrievalBudgetPerTurn'>): ExecutionPolicy {
  return Object.freeze({
    ...DEFAULT_EXECUTION_POLICY,
    ...(options.grantedPermissions === undefined ? {} : { grantedPermissions: Object.freeze([...options.grantedPermissions]) }),
    retrievalBudgetPerTurn: Object.freeze({ ...DEFAULT_EXECUTION_POLICY.retrievalBudgetPerTurn, ...options.retrievalBudgetPerTurn }),
  });
}

type LoadedCatalog = { readonly catalog: IToolCatalog; readonly reason?: never } | { readonly catalog?: undefined; readonly reason: string };

/** The catalog, or why there is none: missing (a hint to build it) or refused by the loader (logged at warn). */
function loadCatalogOrWarn(artifactPath: string, logger: ILogger): LoadedCatalog {
  const code = ERROR_CODES.TOOL_REGISTRY_ARTIFACT_INVALID;
  if (!existsSync(artifactPath)) return { reason: `No built tool registry at ${artifactPath}. Run 'pnpm run build:tools' (acode tools build) to create it.` };
  try {
    const catalog = loadToolCatalog(artifactPath);
    // 003's startup line: which toolset every session of this process will pin.
    const names = catalog.tools().map((tool) => tool.definition.name);
    logger.info(`Loaded tool registry v${catalog.registryVersion} (commit ${catalog.gitCommit?.slice(0, 7) ?? 'none'}) with ${names.length} tool${names.length === 1 ? '' : 's'}: ${names.join(', ')}`, {
      event: 'ToolRegistryLoaded',
      registry_version: catalog.registryVersion,
      git_commit: catalog.gitCommit,
      tools: names.length,
    });
    return { catalog };
  } catch (error) {
    // Even a loader bug must not take `tools list` or `chat` down with it: the tools are left out.
    const errorCode = error instanceof AcodeException ? error.code : code;
    const message = error instanceof Error ? error.message : String(error);
    logger.warn(`Built tools are off (${errorCode}): ${message}`, { error_code: errorCode });
    const hint = message.includes('build:tools') ? '' : ` Run 'pnpm run build:tools' to rebuild it.`;
    return { reason: `${message}${hint}` };
  }
}
