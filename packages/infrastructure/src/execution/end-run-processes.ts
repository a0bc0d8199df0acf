import { readdir, readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The variable a handler process is started with, holding a random token of its run. Every
 * process the handler starts inherits it (unless the handler scrubs it on purpose), whether in
 * the handler's process group, in a group or session of its own (`detached`), or orphaned and
 * adopted by init: that is how the runner finds them all when the run ends.
 */
export const RUN_MARKER_VARIABLE = 'ACODE_TOOL_RUN';

/** Sweeps of `/proc` at most: a process forking while it is killed is caught by the next one. */
const MAX_SWEEPS = 8;
const SWEEP_PAUSE_MS = 10;

/**
 * Ends every process of a run: SIGKILL to the handler's process group (`leaderPid` leads it: the
 * runner forks the handler `detached`), then, on Linux, SIGKILL to every process whose
 * environment holds `RUN_MARKER_VARIABLE=<marker>` (processes of other users cannot be read and
 * are left alone; this process is never signalled), repeated until a sweep finds none. Never throws.
 */
export async function endRunProcesses(leaderPid: number | undefined, marker: string): Promise<void> {
  killGroup(leaderPid);
  if (process.platform !== 'linux') return;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const found = await markedProcesses(marker);
    if (found.length === 0) return;
    for (const pid of found) killQuietly(pid);
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
}

/** {@link endRunProcesses} for a process about to exit (the child entry): synchronous, one pass per sweep. */
export function endRunProcessesSync(marker: string): void {
  if (process.platform !== 'linux') return;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const found = markedProcessesSync(marker);
    if (found.length === 0) return;
    for (const pid of found) killQuietly(pid);
  }
}

/** SIGKILL to a process group; a group already gone (or, on Windows, no groups) is not an error. */
export function killGroup(leaderPid: number | undefined): void {
  if (leaderPid === undefined || process.platform === 'win32') return;
  killQuietly(-leaderPid);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already, or not ours to signal.
  }
}

function needle(marker: string): Buffer {
  return Buffer.from(`${RUN_MARKER_VARIABLE}=${marker}\0`, 'utf8');
}

async function markedProcesses(marker: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return [];
  }
  const wanted = needle(marker);
  const pids = names.filter(isOtherPid).map(Number);
  const marked = await Promise.all(
    pids.map(async (pid) => {
      try {
        // A zombie's environment reads empty: it runs nothing and is not counted.
        return (await readFile(`/proc/${pid}/environ`)).includes(wanted) ? pid : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return marked.filter((pid): pid is number => pid !== undefined);
}

function markedProcessesSync(marker: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const wanted = needle(marker);
  const marked: number[] = [];
  for (const name of names) {
    if (!isOtherPid(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`).includes(wanted)) marked.push(Number(name));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return marked;
}

function isOtherPid(name: string): boolean {
  return /^\d+$/.test(name) && Number(name) !== process.pid;
}
