import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, renameSync, rmSync, writeSync, fchmodSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Mode of a configuration file created from nothing: readable by all, writable by its owner. */
export const NEW_CONFIG_FILE_MODE = 0o644;

/**
 * Age past which a temporary file of this naming is removed even when its pid is alive: pids are
 * reused, and no write takes a minute.
 */
export const STALE_TEMPORARY_AGE_MS = 10 * 60 * 1000;

/**
 * Replaces `file` with `text` so that a reader (or a crash) sees the old file or the new one,
 * never half of either: the text goes to a temporary file beside it (same directory, hence same
 * filesystem), is flushed to disk, takes the old file's permissions (`mode`), and is renamed over
 * `file`. On any failure the temporary file is removed and the original is untouched. The
 * directory is flushed too where the platform allows, so the rename itself survives a crash.
 *
 * A write killed outright (SIGKILL, power loss) cannot remove its temporary file, so every write
 * first removes those of earlier ones ({@link removeStaleTemporaries}): nothing accumulates.
 */
export function writeFileAtomic(file: string, text: string, mode: number = NEW_CONFIG_FILE_MODE): void {
  const directory = dirname(file);
  removeStaleTemporaries(file);
  // Hidden, unique and recognisable, should anything ever leave one behind.
  const temporary = join(directory, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', mode);
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      // The umask applied at creation may have narrowed the mode; the old file's mode wins.
      fchmodSync(fd, mode);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectory(directory);
}

/**
 * Removes the temporary files interrupted writes of `file` left beside it:
 * `.<name>.<pid>.<12 hex>.tmp` whose pid is not running, or that are older than
 * {@link STALE_TEMPORARY_AGE_MS}. A live writer's recent file stays (it is about to be renamed).
 * Only regular files of exactly that pattern are touched; failures are ignored (a write never
 * fails for want of cleaning). Returns how many were removed.
 */
export function removeStaleTemporaries(file: string, now: number = Date.now()): number {
  const directory = dirname(file);
  const prefix = `.${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d{1,10})\.[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length));
    if (match === null) continue;
    const path = join(directory, name);
    try {
      const info = lstatSync(path);
      if (!info.isFile()) continue;
      if (isAlive(Number(match[1])) && now - info.mtimeMs < STALE_TEMPORARY_AGE_MS) continue;
      rmSync(path, { force: true });
      removed += 1;
    } catch {
      // Gone meanwhile (its writer renamed it), or not ours to remove.
    }
  }
  return removed;
}

/** Whether a process with this pid exists (EPERM: it does, owned by another user). */
function isAlive(pid: number): boolean {
  if (pid <= 0 || !Number.isSafeInteger(pid)) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open or flush a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
