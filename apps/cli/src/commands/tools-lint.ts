import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { countOf, problemSummary, renderProblem, renderToolLine, toolSummaryJson } from '../render/tool-folder-problems.js';
import { joinLines } from '../render/text.js';
import type { ToolFolderServices } from '../tool-folder-services.js';
import type { ToolFolderPaths } from './tool-folder-paths.js';
import type { OutputView } from './view.js';

/**
 * `acode tools lint`: every check of `tools build`, nothing written. The clean tools go to
 * stdout, every problem to stderr as `<folder>/<file>: <field>: [CODE] message`; exit 1 when
 * any is an error, 0 with warnings only.
 */
export async function toolsLint(services: Pick<ToolFolderServices, 'lint'>, paths: ToolFolderPaths, options: { readonly json: boolean }, view: OutputView): Promise<CommandOutput> {
  const report = await services.lint({ toolsDir: paths.toolsDir, artifactDir: paths.artifactDir, registryOptions: paths.registryOptions });
  const failed = report.problems.some((problem) => problem.severity === 'error');
  const exitCode = failed ? EXIT_CODES.VALIDATION_FAILED : EXIT_CODES.OK;
  if (options.json) {
    const json = { ok: !failed, toolsDir: report.toolsDir, tools: report.tools.map(toolSummaryJson), problems: report.problems };
    return { exitCode, stdout: JSON.stringify(json, null, 2) + '\n' };
  }

  const stdout = report.tools.map((tool) => renderToolLine(tool, view.style));
  const stderr = report.problems.map((problem) => renderProblem(problem, view.style));
  if (failed) {
    stderr.push(view.style.failure(`Lint failed: ${problemSummary(report.problems)}.`));
  } else {
    const warnings = report.problems.length === 0 ? '' : ` (${countOf(report.problems.length, 'warning')})`;
    stdout.push(`Lint passed: ${countOf(report.tools.length, 'tool')}, no errors${warnings}.`);
  }
  return { exitCode, stdout: joinLines(stdout), stderr: joinLines(stderr) };
}
