import { resolve } from 'node:path';
import { AcodeException, ConfigurationException } from '@acode/application';
import { parseCommandLine, type CliCommand, type DefinitionCommand, type GlobalOptions, type ModelCommand, type ToolExecutionCommand, type ToolFolderCommand } from './arguments.js';
import type { CliIo } from './cli-io.js';
import type { CommandOutput } from './command-output.js';
import { toolsList } from './commands/tools-list.js';
import { toolsShow } from './commands/tools-show.js';
import { toolsValidate } from './commands/tools-validate.js';
import type { OutputView } from './commands/view.js';
import { EXIT_CODES, type ExitCode } from './exit-codes.js';
import { programVersion } from './program-version.js';
import { formatConfigurationError, formatInternalError, formatStartupDiagnostics, formatUsageError } from './render/diagnostics.js';
import { selectStyle } from './render/style.js';
import type { CliRuntime, OpenRuntime } from './runtime.js';
import type { OpenToolFolderServices } from './tool-folder-services.js';

/** Width human output fits when stdout is not a terminal (a pipe, a file, a CI log). */
const DEFAULT_WIDTH = 100;

/** What `runCli` may be given instead of the real composition (tests). */
export interface RunCliDependencies {
  /** Builds the registry; the default composes `@acode/infrastructure` from configuration. */
  readonly openRuntime?: OpenRuntime;
  /** The tool-folder builder for `tools lint` and `tools build`; the default is `@acode/infrastructure`'s. */
  readonly openToolFolderServices?: OpenToolFolderServices;
}

/**
 * Runs `acode` with `argv` (without `node` and the script) and returns the exit code: 0 done /
 * valid, 1 validation failed, unknown tool or a change the host refused, 2 usage or configuration
 * error, 3/4 model server unusable, 5 the acode host unreachable, 70 internal error.
 * Never throws and never prints a stack trace unless `ACODE_DEBUG=1`.
 */
export async function runCli(argv: readonly string[], io: CliIo, dependencies: RunCliDependencies = {}): Promise<ExitCode> {
  try {
    const parsed = parseCommandLine(argv);
    if (!parsed.ok) return emit(io, { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError(parsed.error) });
    const command = parsed.command;
    if (command.kind === 'help') return emit(io, { exitCode: EXIT_CODES.OK, stdout: `${command.text}\n` });
    if (command.kind === 'program-version') return emit(io, { exitCode: EXIT_CODES.OK, stdout: `${programVersion()}\n` });
    // The configuration commands read or edit the files themselves: no registry to start.
    if (command.kind === 'config-show' || command.kind === 'config-set') return emit(io, await configCommand(command, io));
    // Building the registry must not need one: no registry, model client or database is started.
    if (command.kind === 'tools-build' || command.kind === 'tools-lint') {
      return emit(io, await toolFolderCommand(command, io, dependencies.openToolFolderServices ?? openDefaultToolFolderServices));
    }
    // The definitions are changed by the running host, their one writer: no local registry or database.
    if (isDefinitionCommand(command)) {
      const { toolsDefinitionCommand } = await import('./commands/tools-definitions.js');
      return emit(io, await toolsDefinitionCommand(command, io, outputView(io)));
    }

    const opened = await openRuntimeFor(command.global, io, dependencies.openRuntime ?? openDefaultRuntime, {
      ...('db' in command && command.db !== undefined ? { db: command.db } : {}),
      ...('registry' in command && command.registry !== undefined ? { registry: command.registry } : {}),
    });
    if (!opened.ok) return emit(io, opened.output);
    const runtime = opened.runtime;
    writeText(io.stderr, formatStartupDiagnostics(runtime.configWarnings, runtime.report));
    try {
      return emit(io, await dispatch(command, runtime, io));
    } finally {
      runtime.close?.();
    }
  } catch (error) {
    return emit(io, { exitCode: EXIT_CODES.INTERNAL, stderr: formatInternalError(error, io.env['ACODE_DEBUG'] === '1') });
  }
}

async function dispatch(
  command: Exclude<CliCommand, { kind: 'help' | 'program-version' | 'config-show' | 'config-set' | 'tools-build' | 'tools-lint' } | DefinitionCommand>,
  runtime: CliRuntime,
  io: CliIo,
): Promise<CommandOutput> {
  const view = outputView(io);
  switch (command.kind) {
    case 'tools-list':
      return toolsList(runtime, command, view);
    case 'tools-show':
      return toolsShow(runtime, command, view);
    case 'tools-validate':
      return toolsValidate(runtime, command, io.stdin, view);
    case 'debug-parse-tool-call': {
      // Loaded on use: it pulls in the infrastructure's JSON scanner, which `tools` never needs.
      const { debugParseToolCall } = await import('./commands/debug-parse-tool-call.js');
      return debugParseToolCall(runtime, command, io, view);
    }
    case 'tools-prompt':
    case 'tools-doc':
    case 'tools-schema':
    case 'tools-exec':
      return dispatchToolExecutionCommand(command, runtime, io, view);
    default:
      return dispatchModelCommand(command, runtime, io, view);
  }
}

/** The commands that read the built registry or run its tools (issue 5), each loaded on use. */
async function dispatchToolExecutionCommand(command: ToolExecutionCommand, runtime: CliRuntime, io: CliIo, view: OutputView): Promise<CommandOutput> {
  switch (command.kind) {
    case 'tools-prompt': {
      const { toolsPrompt } = await import('./commands/tools-prompt.js');
      return toolsPrompt(runtime, command);
    }
    case 'tools-doc': {
      const { toolsDoc } = await import('./commands/tools-doc.js');
      return toolsDoc(runtime, command);
    }
    case 'tools-schema': {
      const { toolsSchema } = await import('./commands/tools-schema.js');
      return toolsSchema(runtime, command, view);
    }
    case 'tools-exec': {
      const { toolsExec } = await import('./commands/tools-exec.js');
      return toolsExec(runtime, command, io.stdin, view);
    }
  }
}

/**
 * `tools lint` and `tools build`: the configuration is read for the registry limits the schemas
 * are checked against (an unusable one exits 2), the paths resolved, and the builder run.
 */
async function toolFolderCommand(command: ToolFolderCommand, io: CliIo, open: OpenToolFolderServices): Promise<CommandOutput> {
  const services = await open();
  const { configFilesOf } = await import('./commands/config-files.js');
  const { resolveToolFolderPaths } = await import('./commands/tool-folder-paths.js');
  try {
    const paths = resolveToolFolderPaths({
      cwd: io.cwd,
      projectRoot: services.projectRoot(io.cwd),
      registryOptions: services.registryOptions(configFilesOf(command.global, io)),
      ...(command.toolsDir !== undefined ? { toolsDir: command.toolsDir } : {}),
      ...(command.kind === 'tools-build' && command.out !== undefined ? { out: command.out } : {}),
    });
    if (command.kind === 'tools-lint') {
      const { toolsLint } = await import('./commands/tools-lint.js');
      return await toolsLint(services, paths, command, outputView(io));
    }
    const { toolsBuild } = await import('./commands/tools-build.js');
    return await toolsBuild(services, paths, command, outputView(io));
  } catch (error) {
    // The configuration, or the file system around the tools (an unwritable --out): not a folder problem.
    if (error instanceof ConfigurationException) return { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError(error) };
    if (error instanceof AcodeException) return { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError({ code: error.code, message: error.message }) };
    throw error;
  }
}

/** The commands that talk to model servers or read telemetry (issue 4), each loaded on use. */
async function dispatchModelCommand(command: ModelCommand, runtime: CliRuntime, io: CliIo, view: OutputView): Promise<CommandOutput> {
  switch (command.kind) {
    case 'providers-smoke-test': {
      const { providersSmokeTest } = await import('./commands/providers-smoke-test.js');
      return providersSmokeTest(runtime, command, view);
    }
    case 'providers-stats': {
      const { providersStats } = await import('./commands/providers-stats.js');
      return providersStats(runtime, command, view);
    }
    case 'debug-tool-call': {
      const { debugToolCall } = await import('./commands/debug-tool-call.js');
      return debugToolCall(runtime, command, view);
    }
    case 'test-retry-scenario': {
      const { testRetryScenario } = await import('./commands/test-retry-scenario.js');
      return testRetryScenario(runtime, command, view);
    }
    case 'chat': {
      const { chat } = await import('./commands/chat.js');
      return chat(runtime, command, view, io.stdout);
    }
  }
}

/** `tools definitions|create|update|delete`: sent to a running host (issue 16). */
function isDefinitionCommand(command: CliCommand): command is DefinitionCommand {
  return command.kind === 'tools-definitions' || command.kind === 'tools-create' || command.kind === 'tools-update' || command.kind === 'tools-delete';
}

/** How human output is shaped: colour on a terminal, its width (or {@link DEFAULT_WIDTH}). */
function outputView(io: CliIo): OutputView {
  return {
    style: selectStyle(io.stdout, io.env),
    width: io.stdout.isTTY === true && io.stdout.columns !== undefined && io.stdout.columns > 0 ? io.stdout.columns : DEFAULT_WIDTH,
  };
}

/** `config show` and `config set`, loaded on use; an unusable configuration exits 2 as for any command. */
async function configCommand(command: Extract<CliCommand, { kind: 'config-show' | 'config-set' }>, io: CliIo): Promise<CommandOutput> {
  const { configFilesOf } = await import('./commands/config-files.js');
  const files = configFilesOf(command.global, io);
  try {
    if (command.kind === 'config-set') {
      const { configSet } = await import('./commands/config-set.js');
      return configSet(files, command);
    }
    const { configShow } = await import('./commands/config-show.js');
    return configShow(files, command, outputView(io));
  } catch (error) {
    if (!(error instanceof ConfigurationException)) throw error;
    return { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError(error) };
  }
}

type OpenedRuntime = { ok: true; runtime: CliRuntime } | { ok: false; output: CommandOutput };

/** `db` and `registry` are a command's `--db PATH` and `--registry FILE`, as typed: resolved against the working directory, like `--config`. */
async function openRuntimeFor(global: GlobalOptions, io: CliIo, open: OpenRuntime, paths: { readonly db?: string; readonly registry?: string }): Promise<OpenedRuntime> {
  const { db, registry } = paths;
  const homeDir = io.env['HOME'] ?? io.env['USERPROFILE'];
  try {
    const runtime = await open({
      cwd: io.cwd,
      logLevel: global.logLevel,
      logStream: io.stderr,
      ...(global.configPath !== undefined ? { configPath: resolve(io.cwd, global.configPath) } : {}),
      ...(homeDir !== undefined && homeDir !== '' ? { homeDir } : {}),
      env: io.env,
      ...(db !== undefined ? { telemetryPath: resolve(io.cwd, db) } : {}),
      ...(registry !== undefined ? { toolRegistryPath: resolve(io.cwd, registry) } : {}),
    });
    return { ok: true, runtime };
  } catch (error) {
    if (!(error instanceof ConfigurationException)) throw error;
    return { ok: false, output: { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError(error) } };
  }
}

/** The real tool-folder builder, loaded only by `tools lint` and `tools build`. */
const openDefaultToolFolderServices: OpenToolFolderServices = async () => {
  const { openToolFolderServices } = await import('./tool-folder-compose.js');
  return openToolFolderServices();
};

/** The real composition, loaded only when a command needs it so `--help` stays instant. */
const openDefaultRuntime: OpenRuntime = async (options) => {
  const { openAcodeRuntime } = await import('./compose.js');
  return openAcodeRuntime(options);
};

function emit(io: CliIo, output: CommandOutput): ExitCode {
  if (output.stdout !== undefined) writeText(io.stdout, output.stdout);
  if (output.stderr !== undefined) writeText(io.stderr, output.stderr);
  return output.exitCode;
}

/** One write per stream and command; see `CommandOutput`. */
function writeText(stream: NodeJS.WritableStream, text: string): void {
  if (text !== '') stream.write(text);
}
