import type { ILogger, IToolRunner, ToolRunOutcome, ToolRunRequest } from '@acode/application';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MAX_AUDIT_EVENTS_PER_RUN, sanitizeAuditEvent } from './audit-event.js';
import { endRunProcesses, killGroup, RUN_MARKER_VARIABLE } from './end-run-processes.js';
import { CHILD_STOP_GRACE_MS, readChildMessage, type ChildCancelMessage, type ChildRunMessage } from './child-runner-protocol.js';
import { handlerEnvironment } from './handler-environment.js';
import { TYPESCRIPT_HOOKS_ENTRY_URL } from './register-typescript-hooks.js';
import { builtFileUrl } from './built-file-url.js';
import { verifyHandlerFile } from './verify-handler-file.js';

/** Heap limit of a handler process, in MiB: an allocating handler dies of OOM, not the machine. */
export const CHILD_MAX_OLD_SPACE_MB = 256;
/** Bytes of a handler's stdout and of its stderr kept for the debug log; the rest is read and dropped. */
export const MAX_CAPTURED_OUTPUT_BYTES = 64 * 1024;

/** Options of a {@link ChildProcessToolRunner}. */
export interface ChildProcessToolRunnerOptions {
  /** The compiled `child-runner-entry.js`; the one beside this module unless replaced (tests run from source). */
  readonly entryUrl?: string;
  /** Module given to `--import` for `.ts` handlers; {@link TYPESCRIPT_HOOKS_ENTRY_URL} unless replaced. */
  readonly typescriptHooksUrl?: string;
  /** Receives a debug line with what a handler printed, and the exit of crashed processes. */
  readonly logger?: ILogger;
}

/**
 * Runs `standard`-isolation handlers (001 §4.7), each in a fresh Node process forked with a
 * 256 MiB heap, the workspace root as its working directory, the host's environment less its
 * variables outside the allowlist (`handlerEnvironment`), and JSON IPC. The child builds the
 * handler's context itself and relays audit events; the parent checks every message again
 * (the handler could send its own), enforces the deadline and the caller's signal (a `cancel`
 * message, then SIGKILL after a grace of a second),
 * and waits for the process to exit before returning.
 *
 * No run leaves a process behind: the handler is forked `detached`, so it leads a process group
 * of its own, and with {@link RUN_MARKER_VARIABLE} set to a token of the run. When the run ends,
 * whether the handler returned, threw, crashed, passed its time limit or was cancelled, the
 * runner SIGKILLs that group and then (Linux) every process still carrying the token, such as a
 * grandchild started `detached` in a session of its own, before it returns. A handler that
 * scrubs the token from the environment of a process it starts in a session of its own escapes
 * the sweep: that is deliberate evasion, not an accident this guards against.
 *
 * The time limit counts from the fork: process start and module load are part of the run.
 * stdout and stderr are drained as they come (a chatty handler never blocks on a full pipe);
 * the first {@link MAX_CAPTURED_OUTPUT_BYTES} of each go to a debug log line. Node's IPC channel
 * reads a whole message before the size check, so a hostile message is bounded by the child's
 * heap limit rather than by `maxOutputBytes`.
 */
export class ChildProcessToolRunner implements IToolRunner {
  readonly isolation = 'standard' as const;
  readonly #entryPath: string;
  readonly #typescriptHooksUrl: string;
  readonly #logger: ILogger | undefined;

  constructor(options: ChildProcessToolRunnerOptions = {}) {
    this.#entryPath = fileURLToPath(options.entryUrl ?? builtFileUrl('dist/execution/child-runner-entry.js').href);
    this.#typescriptHooksUrl = options.typescriptHooksUrl ?? TYPESCRIPT_HOOKS_ENTRY_URL;
    this.#logger = options.logger;
  }

  /** Runs one handler in a new process; never throws. */
  async run(request: ToolRunRequest): Promise<ToolRunOutcome> {
    if (request.signal?.aborted === true) return { kind: 'cancelled' };
    const unavailable = await verifyHandlerFile(request.tool);
    if (unavailable !== undefined) return { kind: 'unavailable', message: unavailable };
    const execArgv = [`--max-old-space-size=${CHILD_MAX_OLD_SPACE_MB}`, ...(request.tool.handlerLanguage === 'ts' ? ['--import', this.#typescriptHooksUrl] : [])];
    const marker = randomBytes(12).toString('hex');
    let child: ChildProcess;
    try {
      // stdout and stderr are pipes read only for the debug log: nothing the handler prints
      // reaches this process's output (the CLI's --json, the host's log stream).
      child = fork(this.#entryPath, [], {
        cwd: request.context.workspaceRoot,
        env: { ...handlerEnvironment(process.env, request.context.handlerEnv), [RUN_MARKER_VARIABLE]: marker },
        execArgv,
        serialization: 'json',
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        // A group of its own, which the run's end kills whole (Windows has no groups; there it would open a console).
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      return { kind: 'crashed', detail: `the handler process could not start: ${firstLine(error)}` };
    }
    const outcome = await superviseChild(child, request, this.#logger);
    await endRunProcesses(child.pid, marker);
    return outcome;
  }
}

function superviseChild(child: ChildProcess, request: ToolRunRequest, logger: ILogger | undefined): Promise<ToolRunOutcome> {
  return new Promise((resolve) => {
    const stdout = drain(child.stdout);
    const stderr = drain(child.stderr);
    let outcome: ToolRunOutcome | undefined;
    let exited = false;
    let auditEvents = 0;
    let killTimer: NodeJS.Timeout | undefined;

    const settle = (): void => {
      if (outcome === undefined || !exited) return;
      clearTimeout(killTimer);
      child.removeAllListeners();
      child.stdout?.destroy();
      child.stderr?.destroy();
      logOutput(logger, request, outcome, stdout.text(), stderr.text());
      resolve(outcome);
    };
    const finish = (ending: ToolRunOutcome): void => {
      if (outcome !== undefined) return;
      outcome = ending;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
      stop(ending.kind === 'cancelled' || ending.kind === 'timeout');
      // A process that never started emits no exit.
      if (child.pid === undefined) exited = true;
      settle();
    };
    /**
     * Ends the process. A run stopped early first gets a `cancel` message and
     * {@link CHILD_STOP_GRACE_MS} to end what it started (`command_execute` kills its process
     * group on abort; a SIGKILL of the handler's process alone would leave that group running).
     */
    const stop = (graceful: boolean): void => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (graceful && child.connected) {
        try {
          child.send({ type: 'cancel' } satisfies ChildCancelMessage, () => undefined);
          killTimer = setTimeout(() => kill(child), CHILD_STOP_GRACE_MS);
          return;
        } catch {
          // The channel closed meanwhile: nothing to ask, only to kill.
        }
      }
      kill(child);
    };
    const onCallerAbort = (): void => finish({ kind: 'cancelled' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), request.timeoutMs);
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });

    child.on('message', (message: unknown) => {
      if (outcome !== undefined) {
        // A stopped handler that has answered is done ending what it started: no need to wait out the grace.
        if (killTimer !== undefined && (message as { type?: unknown } | null)?.type === 'outcome') kill(child);
        return;
      }
      let reading: ReturnType<typeof readChildMessage>;
      try {
        reading = readChildMessage(message, request.maxOutputBytes);
      } catch (error) {
        // The child is not trusted: whatever it sends must end its run, never this process.
        finish({ kind: 'crashed', detail: `the handler process sent a message that could not be read: ${firstLine(error)}` });
        return;
      }
      if (reading.type === 'outcome') {
        finish(reading.outcome);
        return;
      }
      auditEvents += 1;
      if (auditEvents > MAX_AUDIT_EVENTS_PER_RUN) return;
      const safe = sanitizeAuditEvent(reading.event, reading.data);
      try {
        request.audit(safe.event, safe.data);
      } catch {
        // The sink is the caller's; its failure does not change the run.
      }
    });
    child.on('error', (error) => finish({ kind: 'crashed', detail: `the handler process failed: ${firstLine(error)}` }));
    child.on('exit', (code, signal) => {
      exited = true;
      const crash = (): void => {
        finish({ kind: 'crashed', detail: `the handler process ${signal === null ? `exited with code ${code ?? 'unknown'}` : `was killed by ${signal}`} before returning a result` });
        settle();
      };
      // An outcome sent just before exiting may still be in the channel: read it to its end first.
      if (outcome === undefined && child.connected) child.once('disconnect', crash);
      else crash();
    });

    const run: ChildRunMessage = { type: 'run', handlerUrl: request.tool.handlerUrl, args: request.args, context: request.context, maxOutputBytes: request.maxOutputBytes };
    child.send(run, (error) => {
      if (error !== null) finish({ kind: 'crashed', detail: `the handler process could not be given its run: ${firstLine(error)}` });
    });
  });
}

/** SIGKILL to the handler's process group (it leads one), and to the process itself should that fail. */
function kill(child: ChildProcess): void {
  killGroup(child.pid);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

interface DrainedStream {
  /** What was kept, decoded as UTF-8, with a note of what was dropped. */
  text(): string;
}

/** Reads a stream to its end, keeping at most {@link MAX_CAPTURED_OUTPUT_BYTES}. */
function drain(stream: Readable | null): DrainedStream {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let droppedBytes = 0;
  stream?.on('data', (chunk: Buffer) => {
    const room = MAX_CAPTURED_OUTPUT_BYTES - keptBytes;
    if (room > 0) {
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      kept.push(part);
      keptBytes += part.length;
    }
    droppedBytes += Math.max(0, chunk.length - Math.max(0, room));
  });
  stream?.on('error', () => undefined);
  return {
    text: () => Buffer.concat(kept).toString('utf8') + (droppedBytes > 0 ? `\n[${droppedBytes} more bytes dropped]` : ''),
  };
}

function logOutput(logger: ILogger | undefined, request: ToolRunRequest, outcome: ToolRunOutcome, stdout: string, stderr: string): void {
  if (logger === undefined || (stdout === '' && stderr === '' && outcome.kind !== 'crashed')) return;
  logger.debug('Tool handler process ended', {
    tool: request.tool.definition.name,
    executionId: request.context.executionId,
    outcome: outcome.kind,
    ...(outcome.kind === 'crashed' ? { detail: outcome.detail } : {}),
    stdout,
    stderr,
  });
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
