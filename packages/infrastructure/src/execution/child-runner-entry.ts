// The entry of a `standard`-isolation child process (ChildProcessToolRunner): receives one run
// message, builds the handler's context here, runs the handler, checks and cuts its result, and
// sends one outcome message. The parent kills this process after the outcome, and at the deadline
// or on cancellation once the handler had its grace to stop (a `cancel` message aborts its signal).
import type { JsonObject } from '@acode/domain';
import { readFileSync } from 'node:fs';
import { CHILD_STOP_GRACE_MS, isCancelMessage, readRunMessage, type ChildAuditMessage, type ChildOutcomeMessage, type ChildRunMessage } from './child-runner-protocol.js';
import { endRunProcessesSync, RUN_MARKER_VARIABLE } from './end-run-processes.js';
import { createHandlerContext } from './create-handler-context.js';
import { outcomeOfReturn, outcomeOfThrow } from './handler-outcome.js';
import { loadHandler } from './load-handler.js';

/** The run's abort controller, once the run started: a cancel message or a lost parent aborts it. */
let controller: AbortController | undefined;
/** The run, once started; settles when the handler has returned or thrown. */
let running: Promise<void> | undefined;

// Without a parent there is no one to answer, and an orphan must not linger; but the handler may
// own processes (a command's process group) that only it can end, so it is stopped first and given
// the same grace the parent gives.
// A terminal's Ctrl-C (SIGINT to the whole foreground group) or a SIGTERM gets the same treatment.
function stopAndExit(): void {
  controller?.abort(new Error('The tool run was cancelled'));
  if (running === undefined) exitWithRun();
  setTimeout(exitWithRun, CHILD_STOP_GRACE_MS).unref();
  void running?.finally(exitWithRun);
}

/**
 * Exits taking along every process the handler started: those carrying the run's marker, then
 * this process's group (the parent forked it `detached`, so the group is the run's, and this
 * process is in it: the SIGKILL is its exit). Without a parent, no one else would.
 */
function exitWithRun(): void {
  const marker = process.env[RUN_MARKER_VARIABLE];
  if (marker !== undefined && marker !== '') endRunProcessesSync(marker);
  if (process.platform !== 'win32' && process.pid === processGroupLeader()) {
    try {
      process.kill(0, 'SIGKILL');
    } catch {
      // Fall through to a plain exit.
    }
  }
  process.exit(0);
}

/** This process's group id, read from /proc (Node has no getpgrp); `undefined` where unknown. */
function processGroupLeader(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // "pid (comm) state ppid pgrp ...": fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return undefined;
  }
}
process.once('disconnect', stopAndExit);
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);
// `on`, not `once`: the listener keeps the IPC channel, and so this process, alive until the
// parent has read the outcome and killed it.
process.on('message', (message: unknown) => {
  if (running !== undefined) {
    if (isCancelMessage(message)) controller?.abort(new Error('The tool run was cancelled'));
    return;
  }
  const run = readRunMessage(message);
  if (run === undefined) {
    running = Promise.resolve();
    send({ type: 'outcome', outcome: { kind: 'crashed', detail: 'the handler process received a malformed run message' } });
    return;
  }
  running = execute(run).then((outcome) => send(outcome));
});

async function execute(run: ChildRunMessage): Promise<ChildOutcomeMessage> {
  const aborter = new AbortController();
  controller = aborter;
  // Cooperative handlers stop at the deadline; the parent's SIGKILL covers the others.
  setTimeout(() => aborter.abort(new Error('The tool run passed its time limit')), Math.max(0, run.context.deadline - Date.now())).unref();
  try {
    const loading = await loadHandler(run.handlerUrl);
    if (!loading.loaded) return { type: 'outcome', outcome: { kind: 'crashed', detail: loading.problem } };
    const audit = (event: string, data: JsonObject): void => send({ type: 'audit', event, data } satisfies ChildAuditMessage);
    const context = createHandlerContext(run.context, { signal: aborter.signal, audit });
    const value: unknown = await loading.execute({ args: run.args, context });
    return { type: 'outcome', outcome: outcomeOfReturn(value, run.maxOutputBytes) };
  } catch (error) {
    return { type: 'outcome', outcome: outcomeOfThrow(error) };
  }
}

function send(message: ChildAuditMessage | ChildOutcomeMessage): void {
  if (process.connected) process.send?.(message);
}
