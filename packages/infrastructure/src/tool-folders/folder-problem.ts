import type { ErrorCode } from '@acode/domain';
import type { ToolFolderProblem } from './tool-folders-api.js';

/** Folder name used for problems of the tools directory as a whole (missing, empty). */
export const TOOLS_DIR_FOLDER = '.';

/** Where a problem sits: the folder, and optionally the file and the field inside it. */
export interface ProblemLocation {
  readonly folder: string;
  readonly file?: string;
  readonly field?: string;
}

/** An error that fails the build. */
export function folderError(code: ErrorCode, where: ProblemLocation, message: string): ToolFolderProblem {
  return withoutUndefined({ code, severity: 'error', ...where, message });
}

/** A warning: printed, but the build still succeeds. */
export function folderWarning(code: ErrorCode, where: ProblemLocation, message: string): ToolFolderProblem {
  return withoutUndefined({ code, severity: 'warning', ...where, message });
}

/** True when a problem fails the build. */
export function isBuildError(problem: ToolFolderProblem): boolean {
  return problem.severity === 'error';
}

/** Problems in report order: folder, then file, then field, then code (a stable total order). */
export function sortProblems(problems: readonly ToolFolderProblem[]): ToolFolderProblem[] {
  return [...problems].sort(
    (a, b) =>
      compareText(a.folder, b.folder) ||
      compareText(a.file ?? '', b.file ?? '') ||
      compareText(a.field ?? '', b.field ?? '') ||
      compareText(a.code, b.code) ||
      compareText(a.message, b.message),
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function withoutUndefined(problem: ToolFolderProblem): ToolFolderProblem {
  return Object.fromEntries(Object.entries(problem).filter(([, value]) => value !== undefined)) as unknown as ToolFolderProblem;
}
