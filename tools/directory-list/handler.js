// @ts-check
// directory_list: lists a directory inside the workspace, optionally recursively and filtered by a
// glob. Every path goes through context.workspace; symlinks are listed, never followed.
// At run time this module imports nothing from @acode/*: everything comes through `context`.
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/** @typedef {import('@acode/domain').ToolErrorType} ToolErrorType */

/** Most entries returned; a listing past it says `truncated: true`. */
export const MAX_ENTRIES = 1000;

/**
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args, context }) {
  const given = String(args['path']);
  const pattern = typeof args['pattern'] === 'string' ? args['pattern'] : '*';
  const recursive = args['recursive'] === true;
  const includeHidden = args['include_hidden'] === true;
  const maxDepth = recursive ? (typeof args['max_depth'] === 'number' ? args['max_depth'] : 5) : 1;
  if (pattern.length > MAX_PATTERN_LENGTH) return failure('VALIDATION', `pattern must be at most ${MAX_PATTERN_LENGTH} characters`);
  const matches = globMatcher(pattern);

  let real;
  try {
    real = await context.workspace.resolve(given, 'read');
  } catch (error) {
    return refusal(error);
  }
  const shown = toShown(context.workspace.root, real);
  try {
    const info = await lstat(real);
    if (!info.isDirectory()) return failure('VALIDATION', `${shown} is not a directory`, 'Use file_read to read a file.');
  } catch (error) {
    return fileSystemFailure(error, shown);
  }

  /** @type {JsonObject[]} */
  const entries = [];
  let truncated = false;
  // Breadth-first, each directory's names sorted, so the listing is the same on every run.
  /** @type {{ dir: string, depth: number }[]} */
  const queue = [{ dir: real, depth: 1 }];
  while (queue.length > 0 && !truncated) {
    if (context.signal.aborted) return failure('TIMEOUT', 'The listing was stopped before it finished');
    const { dir, depth } = /** @type {{ dir: string, depth: number }} */ (queue.shift());
    let names;
    try {
      names = (await readdir(dir)).sort();
    } catch (error) {
      if (dir === real) return fileSystemFailure(error, shown);
      continue; // A subdirectory that vanished or is unreadable does not spoil the rest.
    }
    for (const name of names) {
      if (!includeHidden && name.startsWith('.')) continue;
      const full = join(dir, name);
      let info;
      try {
        info = await lstat(full);
      } catch {
        continue;
      }
      const type = info.isSymbolicLink() ? 'symlink' : info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'other';
      if (matches(name)) {
        if (entries.length >= MAX_ENTRIES) {
          truncated = true;
          break;
        }
        entries.push({ path: toShown(context.workspace.root, full), name, type, ...(type === 'file' ? { size_bytes: info.size } : {}) });
      }
      if (type === 'directory' && depth < maxDepth && (await readable(context, full))) queue.push({ dir: full, depth: depth + 1 });
    }
  }
  return { ok: true, data: { path: shown, entries, count: entries.length, truncated } };
}

/**
 * Whether a directory may be listed: the workspace refuses reads of `.agent/` (acode's
 * configuration and telemetry database), so a recursive listing does not descend into it.
 * @param {ToolHandlerContext} context
 * @param {string} dir
 */
async function readable(context, dir) {
  try {
    await context.workspace.resolve(dir, 'read');
    return true;
  } catch {
    return false;
  }
}

/** Longest glob accepted, and most `{a,b}` alternatives it may expand to. */
export const MAX_PATTERN_LENGTH = 256;
const MAX_ALTERNATIVES = 64;

/**
 * A matcher for a glob on one name: `*` any run of characters, `?` one character, `[abc]`,
 * `[a-z]` and `[!a]` a class, `{a,b}` alternatives (not nested); everything else literal.
 * Matched without regular expressions, in time proportional to name times pattern, so no pattern
 * can make a listing hang (a regex from `*a*a*a*a*b` backtracks exponentially).
 * @param {string} glob
 * @returns {(name: string) => boolean}
 */
export function globMatcher(glob) {
  const alternatives = expandBraces(glob).map(tokenize);
  return (name) => alternatives.some((tokens) => matchTokens(tokens, [...name]));
}

/**
 * @param {string} glob
 * @returns {string[]}
 */
function expandBraces(glob) {
  const open = glob.indexOf('{');
  const close = open < 0 ? -1 : glob.indexOf('}', open);
  if (close < 0) return [glob];
  const head = glob.slice(0, open);
  const rests = expandBraces(glob.slice(close + 1));
  const out = [];
  for (const option of glob.slice(open + 1, close).split(',')) {
    for (const rest of rests) {
      if (out.length >= MAX_ALTERNATIVES) return out;
      out.push(head + option + rest);
    }
  }
  return out;
}

/** @typedef {{ kind: 'star' } | { kind: 'one', test: (char: string) => boolean }} GlobToken */

/**
 * @param {string} glob
 * @returns {GlobToken[]}
 */
function tokenize(glob) {
  const chars = [...glob];
  /** @type {GlobToken[]} */
  const tokens = [];
  for (let index = 0; index < chars.length; index++) {
    const char = /** @type {string} */ (chars[index]);
    if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'one', test: () => true });
    else if (char === '[' && chars.indexOf(']', index + 2) > 0) {
      const end = chars.indexOf(']', index + 2);
      const body = chars.slice(index + 1, end);
      const negated = body[0] === '!' || body[0] === '^';
      const set = negated ? body.slice(1) : body;
      tokens.push({ kind: 'one', test: (candidate) => inClass(set, candidate) !== negated });
      index = end;
    } else tokens.push({ kind: 'one', test: (candidate) => candidate === char });
  }
  return tokens;
}

/**
 * @param {string[]} set
 * @param {string} char
 */
function inClass(set, char) {
  for (let index = 0; index < set.length; index++) {
    const from = /** @type {string} */ (set[index]);
    if (set[index + 1] === '-' && index + 2 < set.length) {
      if (char >= from && char <= /** @type {string} */ (set[index + 2])) return true;
      index += 2;
    } else if (char === from) return true;
  }
  return false;
}

/**
 * Wildcard matching with one backtrack point (the last star), the classic linear scheme.
 * @param {GlobToken[]} tokens
 * @param {string[]} name
 */
function matchTokens(tokens, name) {
  let t = 0;
  let n = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (n < name.length) {
    const token = tokens[t];
    if (token?.kind === 'one' && token.test(/** @type {string} */ (name[n]))) {
      t++;
      n++;
    } else if (token?.kind === 'star') {
      starAt = t++;
      resumeAt = n;
    } else if (starAt >= 0) {
      t = starAt + 1;
      n = ++resumeAt;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/**
 * @param {string} root
 * @param {string} path
 */
function toShown(root, path) {
  return relative(root, path).split(sep).join('/') || '.';
}

/**
 * @param {unknown} error
 * @returns {ToolHandlerResult}
 */
function refusal(error) {
  const candidate = /** @type {{ name?: unknown, type?: unknown, message?: unknown, suggestion?: unknown }} */ (error);
  if (candidate?.name !== 'ToolError' || typeof candidate.type !== 'string' || typeof candidate.message !== 'string') throw error;
  return failure(/** @type {ToolErrorType} */ (candidate.type), candidate.message, typeof candidate.suggestion === 'string' ? candidate.suggestion : undefined);
}

/**
 * @param {unknown} error
 * @param {string} shown
 * @returns {ToolHandlerResult}
 */
function fileSystemFailure(error, shown) {
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return failure('NOT_FOUND', `${shown} does not exist`);
  if (code === 'EACCES' || code === 'EPERM') return failure('PERMANENT', `${shown} cannot be listed: permission denied`);
  throw error;
}

/**
 * @param {ToolErrorType} type
 * @param {string} message
 * @param {string} [suggestion]
 * @returns {ToolHandlerResult}
 */
function failure(type, message, suggestion) {
  return { ok: false, error: { type, message, retryable: false, ...(suggestion === undefined ? {} : { suggestion }) } };
}
