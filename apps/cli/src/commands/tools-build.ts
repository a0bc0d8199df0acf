import { relative } from 'node:path';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { problemSummary, renderProblem, renderToolLine, toolSummaryJson, countOf } from '../render/tool-folder-problems.js';
import { displayMessage, joinLines } from '../render/text.js';
import type { ToolFolderServices } from '../tool-folder-services.js';
import type { ToolFolderPaths } from './tool-folder-paths.js';
import type { OutputView } from './view.js';

/** Characters of the commit shown in the summary line, as `git log --oneline` shows it. */
const SHORT_COMMIT_LENGTH = 7;

/**
 * `acode tools build`: lints the tool folders and writes `tool_registry.json`. Prints one line
 * per tool and `Tool registry <version> (<n> tools, commit <short>) written to <path>`;
 * warnings on stderr. On any error, every problem goes to stderr with a count and nothing is
 * written (exit 1).
 */
export async function toolsBuild(services: Pick<ToolFolderServices, 'build'>, paths: ToolFolderPaths, options: { readonly json: boolean }, view: OutputView): Promise<CommandOutput> {
  const result = await services.build({ toolsDir: paths.toolsDir, outFile: paths.outFile, registryOptions: paths.registryOptions });
  if (!result.ok) {
    if (options.json) return { exitCode: EXIT_CODES.VALIDATION_FAILED, stdout: JSON.stringify({ ok: false, problems: result.problems }, null, 2) + '\n' };
    const lines = result.problems.map((problem) => renderProblem(problem, view.style));
    lines.push(view.style.failure(`Build failed: ${problemSummary(result.problems)}; nothing written.`));
    return { exitCode: EXIT_CODES.VALIDATION_FAILED, stderr: joinLines(lines) };
  }

  const { registry } = result;
  if (options.json) {
    const json = {
      ok: true,
      version: registry.version,
      contentHash: registry.contentHash,
      gitCommit: registry.gitCommit,
      builtAt: registry.builtAt,
      outFile: result.outFile,
      tools: registry.tools.map(toolSummaryJson),
      problems: result.warnings,
    };
    return { exitCode: EXIT_CODES.OK, stdout: JSON.stringify(json, null, 2) + '\n' };
  }
  const commit = registry.gitCommit === null ? 'no git commit' : `commit ${registry.gitCommit.slice(0, SHORT_COMMIT_LENGTH)}`;
  const shownPath = relative(paths.cwd, result.outFile) || result.outFile;
  const stdout = [
    ...registry.tools.map((tool) => renderToolLine(tool, view.style)),
    `Tool registry ${registry.version} (${countOf(registry.tools.length, 'tool')}, ${commit}) written to ${displayMessage(shownPath)}`,
  ];
  return { exitCode: EXIT_CODES.OK, stdout: joinLines(stdout), stderr: joinLines(result.warnings.map((warning) => renderProblem(warning, view.style))) };
}
