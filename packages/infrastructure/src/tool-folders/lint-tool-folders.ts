import { ERROR_CODES, type BuiltTool } from '@acode/domain';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkHandlers, HANDLER_LOAD_TIMEOUT_MS, type HandlerCheck } from './check-handlers.js';
import { findDuplicates } from './find-duplicates.js';
import { folderError, folderWarning, isBuildError, sortProblems, TOOLS_DIR_FOLDER } from './folder-problem.js';
import { readToolFolder, type ToolFolderRead } from './read-tool-folder.js';
import type { ToolFolderProblem, ToolFoldersOptions, ToolFoldersReport } from './tool-folders-api.js';

/**
 * Checks every tool folder under `toolsDir` and reports every problem at once (003's lint):
 * missing or unreadable files, schema fields, the registry's verdict on each definition,
 * summaries, doc sections, handlers (imported in a child process), and duplicate names. Never
 * throws for anything found on disk; a missing tools directory is a problem too.
 */
export async function lintToolFolders(options: ToolFoldersOptions): Promise<ToolFoldersReport> {
  const toolsDir = resolve(options.toolsDir);
  const listed = await listToolFolders(toolsDir);
  if (!listed.ok) return { toolsDir, tools: [], problems: [listed.problem] };
  const problems: ToolFolderProblem[] = [...listed.problems];
  if (listed.folders.length === 0 && listed.problems.length === 0) {
    problems.push(folderWarning(ERROR_CODES.TOOL_FOLDER_FILE_MISSING, { folder: TOOLS_DIR_FOLDER }, `${toolsDir} holds no tool folders; the registry will have no tools`));
  }

  const reads: ToolFolderRead[] = [];
  for (const folder of listed.folders) reads.push(await readToolFolder(toolsDir, listed.realDir, folder, options.registryOptions));
  for (const read of reads) problems.push(...read.problems);

  const withHandler = reads.filter((read) => read.handler !== undefined);
  const checks = await checkHandlers(
    withHandler.map((read) => pathToFileURL(read.handler!.absolutePath).href),
    options.typescriptHooksUrl !== undefined ? { typescriptHooksUrl: options.typescriptHooksUrl } : {},
  );
  withHandler.forEach((read, index) => {
    const message = describeHandlerCheck(read.handler!.file, checks[index]!);
    if (message !== undefined) problems.push(folderError(ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID, { folder: read.folder, file: read.handler!.file }, message));
  });

  problems.push(
    ...findDuplicates(
      reads.flatMap(({ folder, schema }) =>
        schema === undefined ? [] : [{ folder, aliases: schema.aliases, declaresExtends: schema.declaresExtends, ...(schema.toolId !== undefined ? { toolId: schema.toolId } : {}) }],
      ),
    ),
  );

  const failed = new Set(problems.filter(isBuildError).map((problem) => problem.folder));
  const artifactDir = resolve(options.artifactDir);
  const tools = reads
    .filter((read) => !failed.has(read.folder))
    .map((read) => toBuiltTool(read, toolsDir, artifactDir))
    .filter((tool): tool is BuiltTool => tool !== undefined)
    .sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));
  return { toolsDir, tools, problems: sortProblems(problems) };
}

type ListedFolders =
  | { readonly ok: true; readonly realDir: string; readonly folders: readonly string[]; readonly problems: readonly ToolFolderProblem[] }
  | { readonly ok: false; readonly problem: ToolFolderProblem };

/**
 * The tool folders, sorted: directories not starting with `.` or `_` (`tools/_data/` holds
 * shared data). Plain files are not tools. A symbolic link is refused, not followed: it could
 * point anywhere, and the artifact must describe only what lives under `toolsDir`.
 */
async function listToolFolders(toolsDir: string): Promise<ListedFolders> {
  const whole = (message: string): ListedFolders => ({ ok: false, problem: folderError(ERROR_CODES.TOOL_FOLDER_FILE_MISSING, { folder: TOOLS_DIR_FOLDER }, message) });
  let realDir: string;
  try {
    realDir = await realpath(toolsDir);
    if (!(await stat(realDir)).isDirectory()) return whole(`tools directory ${toolsDir} is not a directory`);
  } catch {
    return whole(`tools directory ${toolsDir} does not exist; pass --tools-dir with the folder holding one folder per tool`);
  }
  const entries = await readdir(realDir, { withFileTypes: true });
  const folders: string[] = [];
  const problems: ToolFolderProblem[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    if (entry.isDirectory()) folders.push(entry.name);
    else if (entry.isSymbolicLink() && (await isDirectoryLink(join(realDir, entry.name)))) {
      problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, { folder: entry.name }, `${entry.name} is a symbolic link; tool folders must be real directories inside the tools directory`));
    }
  }
  return { ok: true, realDir, folders: folders.sort(), problems };
}

async function isDirectoryLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink() && (await stat(path)).isDirectory();
  } catch {
    return false; // a dangling link is not a folder
  }
}

function describeHandlerCheck(file: string, check: HandlerCheck): string | undefined {
  switch (check.status) {
    case 'ok':
      return undefined;
    case 'no-execute':
      return `${file} does not export an execute function (its execute is ${check.exportType}); export async function execute({ args, context })`;
    case 'failed':
      return `${file} does not load: ${check.detail}`;
    case 'timeout':
      return `${file} did not load within ${HANDLER_LOAD_TIMEOUT_MS / 1000} s; top-level code must not wait on anything`;
    case 'exited':
      return `${file} ended the process while loading; top-level code must not call process.exit`;
  }
}

function toBuiltTool(read: ToolFolderRead, toolsDir: string, artifactDir: string): BuiltTool | undefined {
  const { schema, handler, summary, documentation } = read;
  const definition = schema?.definition;
  if (definition === undefined || handler === undefined || summary === undefined || documentation === undefined) return undefined;
  return {
    toolId: definition.name,
    version: definition.version,
    definition,
    summary,
    documentation,
    handler: { path: portablePath(relative(artifactDir, handler.absolutePath)), sha256: handler.sha256, language: handler.language },
    folder: portablePath(relative(artifactDir, join(toolsDir, read.folder))),
    ...(schema?.extends !== undefined ? { extends: schema.extends } : {}),
    ...(schema?.modeClamps !== undefined ? { modeClamps: schema.modeClamps } : {}),
  };
}

/** `/` separators whatever the platform, so the artifact (and its hash) is the same everywhere. */
function portablePath(path: string): string {
  return path.split(sep).join('/');
}
