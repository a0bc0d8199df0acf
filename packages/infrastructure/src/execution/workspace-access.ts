import { ToolError, type WorkspaceAccess, type WorkspaceAccessKind } from '@acode/domain';
import { lstat, realpath } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';

/** Longest path `resolve` accepts, in characters. */
export const MAX_WORKSPACE_PATH_LENGTH = 4096;
/** Longest part of a refused path quoted back in a message. */
const MAX_QUOTED_PATH_LENGTH = 200;

const OUTSIDE_SUGGESTION = 'Use a path inside the workspace, relative to its root, without .. segments or symlinks that lead out of it.';

/** Workspace-relative paths no tool may read: acode's configuration and telemetry database live there. */
export const READ_PROTECTED_PATHS: readonly string[] = Object.freeze(['.agent']);

/**
 * Workspace-relative paths no tool may write, besides {@link READ_PROTECTED_PATHS}: the controls
 * of the tool system (tool folders, whose handlers the next `tools build` bakes in, the built
 * registry) and the repository's own metadata (hooks run code). `execution.protected_paths` adds more.
 */
export const WRITE_PROTECTED_PATHS: readonly string[] = Object.freeze(['.agent', 'tools', 'tool_registry.json', '.git']);

/** Options of {@link createWorkspaceAccess}. */
export interface WorkspaceAccessOptions {
  /** More workspace-relative paths refused for writing (`execution.protected_paths`). */
  readonly protectedPaths?: readonly string[];
}

/**
 * The workspace capability of a handler context: file tools resolve every path through it.
 *
 * `resolve` takes the path from the root (when relative), normalises it, resolves the real path
 * of its longest existing prefix (so a symlink anywhere along it is followed, and for a file not
 * created yet its nearest existing parent is what is checked), and requires the result to be the
 * root or inside it, compared by `path.relative` rather than by string prefix (`/ws-evil` is not
 * inside `/ws`). It returns the real path the handler must then use: the check holds for that
 * path, not for the text it was given. A symlink swapped in between the check and the use is not
 * caught (no `openat`-style API in Node), which is why write tools also run in `standard`
 * isolation when they are not trusted.
 *
 * Refusals throw a `ToolError` (handlers let it propagate, the executor keeps its type):
 * `VALIDATION` for a malformed path, `POLICY_DENIED` for a path outside the root, a symlink loop
 * or a dangling symlink. Messages quote only the path given, never the host's absolute paths.
 */
export function createWorkspaceAccess(root: string, options: WorkspaceAccessOptions = {}): WorkspaceAccess {
  const realRoot = realRootOf(root);
  const writeProtected = [...WRITE_PROTECTED_PATHS, ...(options.protectedPaths ?? [])];
  return Object.freeze({
    root: realRoot ?? resolvePath(root),
    resolve: async (path: string, access: WorkspaceAccessKind = 'write') => {
      const real = await resolveInside(realRoot, path);
      // realRoot is defined here: resolveInside refuses every path without one.
      await refuseProtected(realRoot as string, real, path, access === 'read' ? READ_PROTECTED_PATHS : writeProtected, access === 'read' ? 'read' : 'written');
      return real;
    },
  });
}

/**
 * Refuses `real` when it is, or is inside, one of `protectedPaths` (workspace-relative). Compared
 * segment by segment after Unicode (NFC) and case folding, so `.AGENT/config.yml` or `Tools/x`
 * cannot slip past on a case-insensitive file system (on a case-sensitive one they are refused
 * too, which costs nothing real). `real` is already a real path; each protected path is compared
 * both as written and through its own real path, so a protected directory reached through a
 * symlink, or one that is itself a symlink elsewhere in the workspace, is still refused.
 */
async function refuseProtected(realRoot: string, real: string, given: string, protectedPaths: readonly string[], verb: 'read' | 'written'): Promise<void> {
  const target = foldedSegments(relative(realRoot, real));
  for (const entry of protectedPaths) {
    const lexical = resolvePath(realRoot, entry);
    const places = [lexical];
    try {
      const resolved = await realpath(lexical);
      if (resolved !== lexical) places.push(resolved);
    } catch {
      // Not there (yet): only where it would be is protected.
    }
    for (const place of places) {
      if (!isInside(realRoot, place)) continue;
      const protectedSegments = foldedSegments(relative(realRoot, place));
      if (protectedSegments.length === 0) continue;
      if (protectedSegments.every((segment, index) => target[index] === segment)) {
        throw new ToolError('POLICY_DENIED', `Path ${quote(given)} is protected: ${quote(entry)} cannot be ${verb} by tools`, {
          suggestion: verb === 'read' ? PROTECTED_READ_SUGGESTION : PROTECTED_WRITE_SUGGESTION,
        });
      }
    }
  }
}

const PROTECTED_READ_SUGGESTION = "acode's configuration and telemetry database (.agent/) are not readable by tools; work with files elsewhere in the workspace.";
const PROTECTED_WRITE_SUGGESTION =
  'Tool folders, the built registry, .agent/, .git/ and the paths in execution.protected_paths are changed by people, not by tools; write somewhere else in the workspace.';

function foldedSegments(rel: string): string[] {
  return rel === '' ? [] : rel.split(sep).filter((segment) => segment !== '' && segment !== '.').map((segment) => segment.normalize('NFC').toLowerCase());
}


function realRootOf(root: string): string | undefined {
  try {
    return realpathSync.native(resolvePath(root));
  } catch {
    return undefined;
  }
}

async function resolveInside(realRoot: string | undefined, path: unknown): Promise<string> {
  const given = checkPathText(path);
  // Without a root there is nothing to be inside of.
  if (realRoot === undefined) throw denied(given, 'cannot be used: the workspace root does not exist');
  let existing = resolvePath(realRoot, given);
  // Lexically outside is outside whatever the disk holds; refusing before any file system call
  // also keeps a model from probing what exists outside the workspace.
  if (!isInside(realRoot, existing)) throw outside(given);
  const missing: string[] = [];
  for (;;) {
    try {
      const real = await realpath(existing);
      const candidate = missing.length === 0 ? real : join(real, ...missing.reverse());
      if (!isInside(realRoot, candidate)) throw outside(given);
      return candidate;
    } catch (error) {
      if (error instanceof ToolError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw denied(given, 'leads through a symlink loop');
      if (code === 'ENAMETOOLONG') throw new ToolError('VALIDATION', `Path ${quote(given)} has a name longer than the file system allows`);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new ToolError('PERMANENT', `Path ${quote(given)} cannot be resolved (${code ?? 'unknown error'})`);
      // realpath fails on a dangling symlink too: the entry exists but where it points does not.
      if (await exists(existing)) throw denied(given, 'is a symlink whose target does not exist');
      const parent = dirname(existing);
      if (parent === existing) throw outside(given);
      missing.push(basename(existing));
      existing = parent;
    }
  }
}

function checkPathText(path: unknown): string {
  if (typeof path !== 'string') throw new ToolError('VALIDATION', 'A path must be a string');
  if (path === '') throw new ToolError('VALIDATION', 'A path must not be empty');
  if (path.length > MAX_WORKSPACE_PATH_LENGTH) throw new ToolError('VALIDATION', `A path must be at most ${MAX_WORKSPACE_PATH_LENGTH} characters`);
  if (path.includes('\0')) throw new ToolError('VALIDATION', 'A path must not contain NUL characters');
  return path;
}

function isInside(realRoot: string, candidate: string): boolean {
  const rel = relative(realRoot, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

function outside(given: string): ToolError {
  return new ToolError('POLICY_DENIED', `Path ${quote(given)} is outside the workspace root`, { suggestion: OUTSIDE_SUGGESTION });
}

function denied(given: string, why: string): ToolError {
  return new ToolError('POLICY_DENIED', `Path ${quote(given)} ${why}`, { suggestion: OUTSIDE_SUGGESTION });
}

function quote(given: string): string {
  const short = given.length > MAX_QUOTED_PATH_LENGTH ? `${given.slice(0, MAX_QUOTED_PATH_LENGTH)}…` : given;
  // Control characters would let a path forge lines in a log or a terminal.
  return `'${short.replace(/[\u0000-\u001f\u007f]/g, '?')}'`;
}
