// @ts-check
// command_execute: runs `/bin/sh -c command` in the workspace with a time limit and capped output.
// The executor runs this handler in a child process (isolation `standard`) and only after the
// user confirmed the exact command. At run time this module imports nothing from @acode/*.
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/** @typedef {import('@acode/domain').ToolErrorType} ToolErrorType */

/** Most bytes kept of stdout, and of stderr; the rest is read and dropped, and `truncated` says so. */
export const MAX_STREAM_BYTES = 256 * 1024;
/** How long streams may stay open after the shell exited, held by a process that escaped the group. */
const DRAIN_GRACE_MS = 500;

/**
 * Runs the command in its own process group (`detached`), so that on timeout, on abort and after
 * the shell exits the whole group is killed: background jobs (`sleep 30 &`) never outlive the run.
 * The time limit is the smaller of `timeout_seconds` and the time left to `context.deadline`.
 * A command that runs and fails is a success of this tool: its `exit_code` says how it went.
 *
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args, context }) {
  const command = String(args['command']);
  const captureStderr = args['capture_stderr'] !== false;
  const timeoutSeconds = typeof args['timeout_seconds'] === 'number' ? args['timeout_seconds'] : 60;
  if (command.trim() === '') return failure('VALIDATION', 'The command is empty');

  let cwd;
  try {
    cwd = await context.workspace.resolve(typeof args['working_directory'] === 'string' ? args['working_directory'] : '.', 'read');
  } catch (error) {
    return refusal(error);
  }
  const shownCwd = relative(context.workspace.root, cwd).split(sep).join('/') || '.';
  try {
    if (!(await stat(cwd)).isDirectory()) return failure('VALIDATION', `working_directory ${shownCwd} is not a directory`);
  } catch {
    return failure('NOT_FOUND', `working_directory ${shownCwd} does not exist`);
  }
  if (context.signal.aborted) return stopped();

  const timeoutMs = Math.max(0, Math.min(timeoutSeconds * 1000, context.deadline - Date.now()));
  const run = await runInGroup(command, cwd, commandEnvironment(context), timeoutMs, captureStderr, context.signal);
  if (run.spawnError !== undefined) return failure('PERMANENT', `The shell could not be started (${run.spawnError})`);
  if (run.aborted) return stopped();
  context.audit.log('command_executed', { exit_code: run.exitCode, timed_out: run.timedOut, truncated: run.truncated });
  /** @type {JsonObject} */
  const data = { exit_code: run.exitCode, signal: run.signal, stdout: run.stdout, timed_out: run.timedOut, truncated: run.truncated };
  if (captureStderr) data['stderr'] = run.stderr;
  return { ok: true, data };
}

/**
 * @typedef {{ exitCode: number | null, signal: string | null, stdout: string, stderr: string,
 *   timedOut: boolean, aborted: boolean, truncated: boolean, spawnError?: string }} GroupRun
 */

/** What the shell gets when the host gives no environment: the same base allowlist the host uses. */
const BASE_ENV = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];

/**
 * The shell's environment: the allowlist the host built for this run (`context.environment`:
 * `PATH`, `HOME`, `LANG`, `TZ`, `TMPDIR` and the names `execution.handler_env` adds), never the
 * process's own, which in-process (`none` isolation) would be the host's with all its secrets.
 * @param {ToolHandlerContext} context
 * @returns {Record<string, string>}
 */
function commandEnvironment(context) {
  if (context.environment !== undefined) return { ...context.environment };
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of BASE_ENV) {
    const value = process.env[name];
    if (typeof value === 'string') env[name] = value;
  }
  return env;
}

/**
 * @param {string} command
 * @param {string} cwd
 * @param {Record<string, string>} env
 * @param {number} timeoutMs
 * @param {boolean} captureStderr
 * @param {AbortSignal} signal
 * @returns {Promise<GroupRun>}
 */
function runInGroup(command, cwd, env, timeoutMs, captureStderr, signal) {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', captureStderr ? 'pipe' : 'ignore'] });
    const stdout = capped(child.stdout);
    const stderr = capped(child.stderr);
    let timedOut = false;
    let aborted = false;
    /** @type {number | null} */
    let exitCode = null;
    /** @type {string | null} */
    let exitSignal = null;
    let settled = false;

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const finish = (/** @type {string | undefined} */ spawnError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      signal.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        exitCode,
        signal: exitSignal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        timedOut,
        aborted,
        truncated: stdout.truncated() || stderr.truncated(),
        ...(spawnError === undefined ? {} : { spawnError }),
      });
    };
    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    /** @type {NodeJS.Timeout | undefined} */
    let grace;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });

    child.once('error', (error) => finish(/** @type {NodeJS.ErrnoException} */ (error).code ?? 'spawn failed'));
    child.once('exit', (code, killedBy) => {
      exitCode = code;
      exitSignal = killedBy;
      // Leftover background jobs hold the pipes open; they go with the group.
      killGroup();
      grace = setTimeout(() => finish(undefined), DRAIN_GRACE_MS);
    });
    child.once('close', () => finish(undefined));
  });
}

/**
 * Collects a stream up to {@link MAX_STREAM_BYTES}, reading (and dropping) the rest so the
 * process never blocks on a full pipe.
 * @param {import('node:stream').Readable | null} stream
 */
function capped(stream) {
  /** @type {Buffer[]} */
  const chunks = [];
  let kept = 0;
  let dropped = false;
  stream?.on('data', (/** @type {Buffer} */ chunk) => {
    const room = MAX_STREAM_BYTES - kept;
    if (chunk.length > room) dropped = true;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(part);
    kept += part.length;
  });
  return { text: () => Buffer.concat(chunks).toString('utf8'), truncated: () => dropped };
}

/** @returns {ToolHandlerResult} */
function stopped() {
  return { ok: false, error: { type: 'TIMEOUT', message: 'The command was stopped: the run was cancelled or passed its time limit', retryable: false, partialSideEffects: true } };
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
 * @param {ToolErrorType} type
 * @param {string} message
 * @param {string} [suggestion]
 * @returns {ToolHandlerResult}
 */
function failure(type, message, suggestion) {
  return { ok: false, error: { type, message, retryable: false, ...(suggestion === undefined ? {} : { suggestion }) } };
}
