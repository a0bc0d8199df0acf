import type { ToolFolderProblem } from '@acode/infrastructure/tool-folders';
import type { BuiltTool } from '@acode/domain';
import type { Style } from './style.js';
import { displayMessage } from './text.js';

/** `<folder>/<file>: <field>`, with the parts a problem does not have left out. */
export function problemLocation(problem: ToolFolderProblem): string {
  const path = problem.file === undefined ? problem.folder : `${problem.folder}/${problem.file}`;
  return problem.field === undefined || problem.field === '' ? path : `${path}: ${problem.field}`;
}

/** `<folder>/<file>: <field>: [ACODE-TBD-00N] message`; warnings start with `warning: `. */
export function renderProblem(problem: ToolFolderProblem, style: Style): string {
  const line = `${displayMessage(problemLocation(problem))}: ${style.code(`[${problem.code}]`)} ${displayMessage(problem.message)}`;
  return problem.severity === 'warning' ? `warning: ${line}` : line;
}

/** One line per tool that passed: `✓ kb_search 1.0.0  (tools/kb-search)`. */
export function renderToolLine(tool: BuiltTool, style: Style): string {
  return `${style.success('✓')} ${tool.toolId} ${tool.version}  ${style.dim(`(${displayMessage(tool.folder)})`)}`;
}

/** `3 errors`, `1 warning`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What the problems amount to: `5 errors in 3 tool folders`, plus the warnings when there are any. */
export function problemSummary(problems: readonly ToolFolderProblem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.length - errors.length;
  const folders = new Set(errors.map((problem) => problem.folder)).size;
  const errorPart = `${countOf(errors.length, 'error')} in ${countOf(folders, 'tool folder')}`;
  return warnings === 0 ? errorPart : `${errorPart}, ${countOf(warnings, 'warning')}`;
}

/** A tool as the `--json` outputs list it: what identifies it, not its whole definition and docs. */
export function toolSummaryJson(tool: BuiltTool): { toolId: string; version: string; folder: string } {
  return { toolId: tool.toolId, version: tool.version, folder: tool.folder };
}
