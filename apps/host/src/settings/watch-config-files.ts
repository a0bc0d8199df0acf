import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** A watch on configuration files; `close` stops it. */
export interface ConfigFilesWatch {
  close(): void;
}

/** Time a burst of events (an editor's write, rename and chmod) has to settle before one change is reported. */
export const CONFIG_WATCH_SETTLE_MS = 200;

/**
 * Calls `onChange` once a burst of changes to any of `files` has settled. The directories are
 * watched, not the files: an editor that saves by writing a new file and renaming it over the
 * old one replaces the file (a watch on it would go deaf), and a file not there yet (a project
 * without `.agent/config.yml`) can still appear. A directory not there yet is waited for from its
 * parent. The watches are set again after every change, so a directory created or replaced
 * since is followed. Watching is best effort (some file systems cannot): `SIGHUP` always works.
 */
export function watchConfigFiles(files: readonly string[], onChange: () => void, settleMs = CONFIG_WATCH_SETTLE_MS): ConfigFilesWatch {
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const settle = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (closed) return;
      arm();
      onChange();
    }, settleMs);
    timer.unref();
  };

  function arm(): void {
    for (const watcher of watchers) watcher.close();
    watchers = [];
    // One watch per directory, whichever files it holds: each event names the entry that changed.
    const names = new Map<string, Set<string>>();
    for (const file of files) {
      const directory = dirname(file);
      const [watched, name] = existsSync(directory) ? [directory, basename(file)] : [dirname(directory), basename(directory)];
      if (!existsSync(watched)) continue;
      names.set(watched, (names.get(watched) ?? new Set<string>()).add(name));
    }
    for (const [directory, wanted] of names) {
      try {
        const watcher = watch(directory, { persistent: false }, (_event, name) => {
          // Some platforms give no name: then any change in the directory may be ours.
          if (name === null || wanted.has(name.toString())) settle();
        });
        // The directory went away (or the watch broke): look again once things settle.
        watcher.on('error', settle);
        watchers.push(watcher);
      } catch {
        // Cannot be watched (too many watches, a file system without events): SIGHUP still reloads.
      }
    }
  }

  arm();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      watchers = [];
    },
  };
}
