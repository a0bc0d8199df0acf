import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync, fchmodSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Mode of a configuration file created from nothing: readable by all, writable by its owner. */
export const NEW_CONFIG_FILE_MODE = 0o644;

/**
 * Replaces `file` with `text` so that a reader (or a crash) sees the old file or the new one,
 * never half of either: the text goes to a temporary file beside it (same directory, hence same
 * filesystem), is flushed to disk, takes the old file's permissions (`mode`), and is renamed over
 * `file`. On any failure the temporary file is removed and the original is untouched. The
 * directory is flushed too where the platform allows, so the rename itself survives a crash.
 */
export function writeFileAtomic(file: string, text: string, mode: number = NEW_CONFIG_FILE_MODE): void {
  const directory = dirname(file);
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
