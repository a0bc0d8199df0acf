import type { CatalogTool } from '@acode/application';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A handler file whose bytes were found to match a build-time hash, and how the file looked then. */
interface Verified {
  readonly sha256: string;
  /** Device, inode, size, and modification and change times in nanoseconds. */
  readonly signature: string;
}

/** Handler files verified so far, by path; the tools of one registry are a few dozen at most. */
const verified = new Map<string, Verified>();
/** Bound on {@link verified}: past it the cache starts over rather than grow. */
const MAX_REMEMBERED_FILES = 1024;

/**
 * Checks that a tool's handler file is the one `tool_registry.json` was built from (003: the
 * content hash pins code as well as schemas). Returns why it cannot run, or `undefined` when its
 * sha256 matches. The file may still change between this check and its import; the check is
 * against drift (an edit without a rebuild), not against an attacker who can write the tools folder.
 *
 * The bytes are hashed once; later runs `stat` the file and hash again only when its inode, size,
 * modification or change time moved (any write moves the change time, which no user-space call
 * can set back). Reading and hashing on every run cost more than the executor's own steps.
 */
export async function verifyHandlerFile(tool: CatalogTool): Promise<string | undefined> {
  const name = tool.definition.name;
  const file = fileURLToPath(tool.handlerUrl);
  const missing = `The handler of ${name} is missing; run acode tools build`;
  let signature: string;
  try {
    // Synchronous on purpose: one stat syscall takes microseconds, while the promise form's trip
    // through the thread pool took most of a trivial run's time.
    const info = statSync(file, { bigint: true });
    signature = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return missing;
  }
  const known = verified.get(file);
  if (known !== undefined && known.signature === signature && known.sha256 === tool.handlerSha256) return undefined;

  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return missing;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== tool.handlerSha256) {
    verified.delete(file);
    return `The handler of ${name} changed since tool_registry.json was built; run acode tools build`;
  }
  if (verified.size >= MAX_REMEMBERED_FILES) verified.clear();
  verified.set(file, { sha256, signature });
  return undefined;
}
