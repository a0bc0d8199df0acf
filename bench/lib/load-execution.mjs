// @ts-check
/**
 * Loads this project's tool executor from the built packages, composed by the app's own
 * composition root (`registerAcodeServices`) on child containers, as `load-tool-calls.mjs` does,
 * so the rows time what the CLI and host run: the real schema registry (core tools and the built
 * ones), the catalog of a `tool_registry.json`, both runners, the policies. Three registrations
 * are overridden: logging and metrics become no-ops (see `bench-ports.mjs`), and the execution
 * store is the in-memory one instead of SQLite in `.agent/acode.db`.
 *
 * Two registries are built into a temporary directory with `buildToolRegistry`: the repository's
 * `tools/` (for `kb_search`, isolation `standard`, and `file_read`, the core tool that folder
 * ships, isolation `none`) and a folder holding the bench's `echo_text` (isolation `standard`),
 * one executor over each. Only core tools run in process (`tools build` refuses `none` to any
 * other folder, and the in-process runner refuses any other tool), so `file_read` is the
 * in-process subject. The handlers are also imported directly, with a plain context, for the
 * baseline rows. The temporary directory is also the workspace: it holds the small file
 * `file_read` reads. It lives until `dispose()`: the child-process runner reads the echo handler
 * from it on every run.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noopMetrics, silentLogger } from './bench-ports.mjs';
import { ECHO_TOOL_FOLDER, ECHO_TOOL_NAME, FILE_READ_CONTENT, FILE_READ_NAME, FILE_READ_PATH, KB_SEARCH_NAME, echoToolFiles } from './execution-fixtures.mjs';
import { benchHandlerContext } from './handler-context.mjs';
import { repoPath, repoUrl } from './repo-paths.mjs';

/** The built files, and the shipped tools folder, the execution rows need. */
export const EXECUTION_ENTRY_POINTS = Object.freeze([
  'packages/composition/dist/index.js',
  'packages/infrastructure/dist/execution/index.js',
  'packages/infrastructure/dist/tool-folders/index.js',
  'packages/application/dist/index.js',
  'packages/domain/dist/index.js',
  'tools/kb-search/handler.js',
  'tools/file-read/handler.js',
]);

/** Composition and infrastructure (`/execution`, `/tool-folders`) exports the rows need. */
const REQUIRED_EXPORTS = Object.freeze(['registerAcodeServices', 'buildToolRegistry', 'InMemoryToolExecutionStore', 'createWorkspaceAccess']);

/**
 * The part of `ToolResponse` (the executor's envelope) the bench reads.
 *
 * @typedef {{ ok: true, data: any, meta: BenchResponseMeta } | { ok: false, error: { type: string, message: string }, meta: BenchResponseMeta }} BenchToolResponse
 */

/**
 * @typedef {object} BenchResponseMeta
 * @property {string} tool
 * @property {string} executionId
 * @property {string} registryVersion
 * @property {string} [isolation]
 * @property {boolean} [replayed]
 */

/**
 * The part of `IToolExecutor` the bench calls; a session is opaque to it.
 *
 * @typedef {object} BenchExecutor
 * @property {(session: unknown, request: { name: string, args: object, executionId?: string }) => Promise<BenchToolResponse>} execute
 */

/**
 * An executor and the one text-mode session every call of a row runs in.
 *
 * @typedef {object} ExecutorRig
 * @property {BenchExecutor} executor
 * @property {unknown} session
 * @property {string} registryVersion The version the session pinned.
 * @property {() => void} startTurn Starts a new turn of the session (resets its retrieval count:
 *   `kb_search` and `file_read` are retrieval tools, and the default policy allows five a turn in
 *   text mode, so every bench call is the first retrieval of its own turn).
 */

/**
 * A handler module's `execute` and the context it is called with directly.
 *
 * @typedef {object} DirectHandler
 * @property {(input: { args: object, context: object }) => Promise<any>} execute
 * @property {Readonly<import('./handler-context.mjs').BenchHandlerContext>} context
 */

/**
 * @typedef {object} ExecutionSubjects
 * @property {true} ok
 * @property {{ direct: DirectHandler, standard: ExecutorRig }} kbSearch The shipped `kb_search`, run
 *   in a child process (isolation `standard`).
 * @property {{ direct: DirectHandler, inProcess: ExecutorRig }} fileRead The shipped core tool
 *   `file_read`, run in process (isolation `none`); the same executor as `kbSearch`.
 * @property {{ direct: DirectHandler, standard: ExecutorRig }} echo The bench's `echo_text`, run in
 *   a child process.
 * @property {() => void} dispose Closes the stores and removes the temporary directory.
 */

/**
 * @typedef {object} ExecutionUnavailable
 * @property {false} ok
 * @property {string} reason Why the execution rows cannot be measured.
 */

/**
 * Loads the executors and the handlers. A part not built yet, a tools folder that does not
 * build, or a composition that fails is reported rather than thrown: the other sections still run.
 *
 * @returns {Promise<ExecutionSubjects | ExecutionUnavailable>}
 */
export async function loadExecution() {
  const missing = EXECUTION_ENTRY_POINTS.filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) return { ok: false, reason: `not built: ${missing.join(', ')} (run \`pnpm build\`, or \`pnpm bench\`)` };

  // The composition loads `reflect-metadata` and hands out the tsyringe container its registrations go to.
  const composition = await import(repoUrl('packages/composition/dist/index.js').href);
  const { container } = composition;
  const infrastructure = {
    ...(await import(repoUrl('packages/infrastructure/dist/execution/index.js').href)),
    ...(await import(repoUrl('packages/infrastructure/dist/tool-folders/index.js').href)),
    registerAcodeServices: composition.registerAcodeServices,
  };
  const { TOKENS } = await import(repoUrl('packages/application/dist/index.js').href);
  const { initialSessionState } = await import(repoUrl('packages/domain/dist/index.js').href);
  const absent = REQUIRED_EXPORTS.filter((name) => typeof infrastructure[name] !== 'function');
  if (absent.length > 0) return { ok: false, reason: `the built composition and infrastructure do not export ${absent.join(', ')}` };
  if (TOKENS?.ToolExecutor === undefined) return { ok: false, reason: 'the built application has no ToolExecutor token' };

  // The real path: the workspace root and handler paths are compared after realpath.
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'acode-bench-execution-')));
  /** @type {Array<() => void>} */
  const closers = [];
  const dispose = () => {
    for (const close of closers.splice(0)) close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const shippedRegistry = await buildRegistry(infrastructure, repoPath('tools'), join(dir, 'shipped', 'tool_registry.json'));
    const echoFolder = join(dir, 'standard-tools', ECHO_TOOL_FOLDER);
    mkdirSync(echoFolder, { recursive: true });
    for (const [name, content] of Object.entries(echoToolFiles(ECHO_TOOL_NAME))) writeFileSync(join(echoFolder, name), content);
    writeFileSync(join(dir, FILE_READ_PATH), FILE_READ_CONTENT);
    const echoRegistry = await buildRegistry(infrastructure, join(dir, 'standard-tools'), join(dir, 'standard', 'tool_registry.json'));

    /** @param {string} toolRegistryPath */
    const compose = async (toolRegistryPath) => {
      const scope = container.createChildContainer();
      const services = infrastructure.registerAcodeServices(scope, { cwd: dir, homeDir: dir, logLevel: 'error', env: {}, toolRegistryPath, workspaceRoot: dir });
      closers.push(() => services.dispose());
      scope.register(TOKENS.Logger, { useValue: silentLogger });
      scope.register(TOKENS.Metrics, { useValue: noopMetrics });
      scope.register(TOKENS.ToolExecutionStore, { useValue: new infrastructure.InMemoryToolExecutionStore() });
      await scope.resolve(TOKENS.ToolRegistrationService).start();
      const catalog = scope.resolve(TOKENS.ToolCatalog);
      const executor = scope.resolve(TOKENS.ToolExecutor);
      /** @type {ExecutorRig} */
      const session = executor.openSession({ mode: 'text' });
      const rig = { executor, session, registryVersion: catalog.registryVersion, startTurn: () => session.startTurn() };
      /** @param {string} name @returns {Promise<DirectHandler>} */
      const direct = async (name) => {
        const tool = catalog.find(name);
        if (tool === undefined) throw new Error(`${toolRegistryPath} has no ${name}`);
        const module = await import(tool.handlerUrl);
        const { definition } = tool;
        const context = benchHandlerContext({
          tool: { name: definition.name, version: definition.version, idempotent: definition.idempotent === true },
          registryVersion: catalog.registryVersion,
          state: initialSessionState('text'),
          workspace: infrastructure.createWorkspaceAccess(dir),
        });
        return { execute: module.execute, context };
      };
      return { rig, direct };
    };

    const shipped = await compose(shippedRegistry);
    const echo = await compose(echoRegistry);
    return {
      ok: true,
      kbSearch: { direct: await shipped.direct(KB_SEARCH_NAME), standard: shipped.rig },
      fileRead: { direct: await shipped.direct(FILE_READ_NAME), inProcess: shipped.rig },
      echo: { direct: await echo.direct(ECHO_TOOL_NAME), standard: echo.rig },
      dispose,
    };
  } catch (error) {
    // Newer than the registry: a composition fault costs these rows, not the run.
    dispose();
    return { ok: false, reason: `the composition failed: ${firstLine(error)}` };
  }
}

/**
 * Builds one `tool_registry.json`; throws with the problems when the folders do not build.
 *
 * @param {Record<string, any>} infrastructure The built package.
 * @param {string} toolsDir
 * @param {string} outFile
 * @returns {Promise<string>} `outFile`.
 */
async function buildRegistry(infrastructure, toolsDir, outFile) {
  // No git: the commit is not part of the version, and the bench should not spawn for it.
  const built = await infrastructure.buildToolRegistry({ toolsDir, outFile, gitCommit: () => null });
  if (!built.ok) {
    const problems = built.problems.map((/** @type {{ folder: string, code: string, message: string }} */ problem) => `${problem.folder}: ${problem.code} ${problem.message}`);
    throw new Error(`${toolsDir} does not build: ${problems.slice(0, 3).join('; ')}`);
  }
  return outFile;
}

/**
 * @param {unknown} error
 * @returns {string}
 */
function firstLine(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]?.slice(0, 200) ?? 'unknown error';
}
