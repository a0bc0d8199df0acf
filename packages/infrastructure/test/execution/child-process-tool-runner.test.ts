import type { ILogger, LogFields } from '@acode/application';
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ChildProcessToolRunner } from '../../src/execution/child-process-tool-runner.js';
import { isRunning, stopsRunning } from '../support/process-state.js';
import { catalogTool, distUrl, makeTempDir, runRequest } from './runner-fixture.js';

// The child runs compiled JavaScript: the entry and the `.ts` hooks come from dist.
function makeRunner(logger?: ILogger): ChildProcessToolRunner {
  return new ChildProcessToolRunner({
    entryUrl: distUrl('execution/child-runner-entry.js'),
    typescriptHooksUrl: distUrl('execution/typescript-hooks-entry.js'),
    ...(logger === undefined ? {} : { logger }),
  });
}

function recordingLogger(): ILogger & { lines: Array<{ message: string; fields?: LogFields }> } {
  const lines: Array<{ message: string; fields?: LogFields }> = [];
  const log = (message: string, fields?: LogFields): void => {
    lines.push(fields === undefined ? { message } : { message, fields });
  };
  return { lines, debug: log, info: log, warn: log, error: log };
}

const runner = makeRunner();

describe('ChildProcessToolRunner', () => {
  it('provides isolation standard', () => {
    expect(runner.isolation).toBe('standard');
  });

  it('runs a handler in another process with the workspace root as its working directory', async () => {
    const root = makeTempDir();
    const { request } = runRequest(catalogTool('resolves-path.js'), { args: { path: 'notes/new.md' } });
    const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: root } });
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: { resolved: `${root}/notes/new.md`, root, cwd: root } } });
  });

  it("starts the handler with an allowlisted environment, not the host's (issue 13)", async () => {
    // Names a denylist by pattern misses: none of them says KEY, TOKEN or PASSWORD in full.
    const hostOnly = { DATABASE_URL: 'postgres://u:pw@db/x', GH_PAT: 'ghp_x', OPENAI_KEY: 'sk-x', NPM_CONFIG__AUTH: 'dXNlcjpwYXNz', ACODE_TEST_API_KEY: 'sk-not-for-handlers' };
    Object.assign(process.env, hostOnly, { ACODE_TEST_GIVEN: 'given by name' });
    try {
      const names = [...Object.keys(hostOnly), 'ACODE_TEST_GIVEN', 'PATH'];
      const { request } = runRequest(catalogTool('reads-environment.js'), { args: { names } });
      const plain = await runner.run(request);
      expect(plain).toEqual({ kind: 'returned', result: { ok: true, data: { ...nulls(hostOnly), ACODE_TEST_GIVEN: null, PATH: process.env['PATH'] ?? null } } });
      // `execution.handler_env` names a variable: that one, and only that one, gets through.
      const named = await runner.run({ ...request, context: { ...request.context, handlerEnv: ['ACODE_TEST_GIVEN'] } });
      expect(named).toEqual({ kind: 'returned', result: { ok: true, data: { ...nulls(hostOnly), ACODE_TEST_GIVEN: 'given by name', PATH: process.env['PATH'] ?? null } } });
    } finally {
      for (const name of [...Object.keys(hostOnly), 'ACODE_TEST_GIVEN']) delete process.env[name];
    }
  });

  describe('stopping a handler that owns a process group', () => {
    async function pidWritten(file: string): Promise<number> {
      for (let attempt = 0; attempt < 200 && !existsSync(file); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
      return Number(readFileSync(file, 'utf8'));
    }

    it('lets a cancelled handler end its process group before the process is killed', async () => {
      const root = makeTempDir();
      const controller = new AbortController();
      const { request } = runRequest(catalogTool('owns-process-group.js'), { args: { pid_file: 'group.pid' }, signal: controller.signal });
      const running$ = runner.run({ ...request, context: { ...request.context, workspaceRoot: root } });
      const pid = await pidWritten(join(root, 'group.pid'));
      expect(isRunning(pid)).toBe(true);
      controller.abort();
      expect(await running$).toEqual({ kind: 'cancelled' });
      // The handler killed the group before answering, and the runner waited for its process.
      expect(isRunning(pid)).toBe(false);
    });

    it.each([['the parent goes away', 'disconnect'], ['the process gets SIGINT (Ctrl-C in a terminal)', 'SIGINT'], ['the process gets SIGTERM', 'SIGTERM']] as const)('stops the handler when %s, so the group does not outlive it', async (_when, how) => {
      const root = makeTempDir();
      const { request } = runRequest(catalogTool('owns-process-group.js'), { args: { pid_file: 'group.pid' } });
      // The entry as the runner forks it, with this test as the parent that then disconnects.
      const child = fork(fileURLToPath(distUrl('execution/child-runner-entry.js')), [], { cwd: root, serialization: 'json', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'run', handlerUrl: request.tool.handlerUrl, args: request.args, context: { ...request.context, workspaceRoot: root }, maxOutputBytes: 1024 });
      const pid = await pidWritten(join(root, 'group.pid'));
      expect(isRunning(pid)).toBe(true);
      if (how === 'disconnect') child.disconnect();
      else child.kill(how);
      await exited;
      // The SIGKILL of the group lands asynchronously: wait for it (bounded) rather than race it.
      expect(await stopsRunning(pid)).toBe(true);
    });

    it('does the same at the time limit', async () => {
      const root = makeTempDir();
      const { request } = runRequest(catalogTool('owns-process-group.js'), { args: { pid_file: 'group.pid' }, timeoutMs: 1_500 });
      // The context's deadline is later, so the runner's limit is what stops the run here.
      const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: root, deadline: Date.now() + 30_000 } });
      expect(outcome).toEqual({ kind: 'timeout' });
      expect(isRunning(Number(readFileSync(join(root, 'group.pid'), 'utf8')))).toBe(false);
    });
  });

  describe('ending what a handler started when the run ends (issue 13)', () => {
    /** Runs leaves-grandchild.js; `then` is what the handler does after starting its detached `sleep 30`. */
    async function grandchildOf(then: 'return' | 'spin' | 'exit', timeoutMs: number): Promise<{ outcome: unknown; pid: number }> {
      const root = makeTempDir();
      const { request } = runRequest(catalogTool('leaves-grandchild.js'), { args: { pid_file: 'sleeper.pid', then }, timeoutMs });
      const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: root, deadline: Date.now() + 30_000 } });
      return { outcome, pid: Number(readFileSync(join(root, 'sleeper.pid'), 'utf8')) };
    }

    it('kills a detached grandchild (a session of its own) after the handler returns normally', async () => {
      const { outcome, pid } = await grandchildOf('return', 10_000);
      expect(outcome).toMatchObject({ kind: 'returned', result: { ok: true } });
      expect(pid).toBeGreaterThan(0);
      expect(await stopsRunning(pid)).toBe(true);
    });

    it('kills a detached grandchild after a time limit', async () => {
      const { outcome, pid } = await grandchildOf('spin', 1_500);
      expect(outcome).toEqual({ kind: 'timeout' });
      expect(await stopsRunning(pid)).toBe(true);
    });

    it('kills a detached grandchild when the handler process exits by itself', async () => {
      const { outcome, pid } = await grandchildOf('exit', 10_000);
      expect(outcome).toMatchObject({ kind: 'crashed' });
      expect(await stopsRunning(pid)).toBe(true);
    });

    it("kills a grandchild in the handler's process group, even one started without the run's marker, after a normal return", async () => {
      const root = makeTempDir();
      const { request } = runRequest(catalogTool('leaves-grandchild.js'), { args: { pid_file: 'sleeper.pid', in_group: true } });
      const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: root } });
      expect(outcome).toMatchObject({ kind: 'returned', result: { ok: true } });
      expect(await stopsRunning(Number(readFileSync(join(root, 'sleeper.pid'), 'utf8')))).toBe(true);
    });
  });

  it('returns the result, the intents and a frozen state built in the child', async () => {
    const outcome = await runner.run(runRequest(catalogTool('returns-ok.js'), { args: { query: 'q' } }).request);
    expect(outcome).toMatchObject({
      kind: 'returned',
      result: { ok: true, data: { args: { query: 'q' }, mode: 'text', executionId: 'exec_test', stateFrozen: true }, intents: [{ type: 'SUPPRESS_AUDIO', value: true }] },
    });
    expect(outcome.kind === 'returned' && outcome.result.ok && (outcome.result.data as { pid: number }).pid).not.toBe(process.pid);
  });

  it('keeps expected failures and thrown ToolErrors, and turns a thrown Error into a crash', async () => {
    expect(await runner.run(runRequest(catalogTool('returns-not-ok.js')).request)).toMatchObject({ kind: 'returned', result: { ok: false, error: { type: 'NOT_FOUND' } } });
    expect(await runner.run(runRequest(catalogTool('throws-tool-error.js')).request)).toEqual({
      kind: 'tool-error',
      error: { type: 'RATE_LIMIT', message: 'Too many searches', retryable: true, partialSideEffects: false, details: { retryAfterMs: 1000 } },
    });
    expect(await runner.run(runRequest(catalogTool('throws-error.js')).request)).toEqual({ kind: 'crashed', detail: 'the handler threw "database handle is gone"' });
  });

  it('kills a handler that ignores its signal at the time limit, and leaves no process behind', async () => {
    const { request, audits } = runRequest(catalogTool('busy-loop.js'), { args: { forever: true }, timeoutMs: 1000 });
    expect(await runner.run(request)).toEqual({ kind: 'timeout' });
    const pid = audits.find((entry) => entry.event === 'spin.start')?.data['pid'];
    expect(typeof pid).toBe('number');
    expect(pid).not.toBe(process.pid);
    // The runner returns only once the process has exited.
    expect(isRunning(pid as number)).toBe(false);
  });

  it('cancels a run when the caller aborts', async () => {
    const controller = new AbortController();
    const running = runner.run(runRequest(catalogTool('sleeps.js'), { signal: controller.signal }).request);
    setTimeout(() => controller.abort(), 300);
    expect(await running).toEqual({ kind: 'cancelled' });
  });

  it('reports a handler that calls process.exit as a crash with its exit code', async () => {
    expect(await runner.run(runRequest(catalogTool('exits.js')).request)).toEqual({ kind: 'crashed', detail: 'the handler process exited with code 3 before returning a result' });
  });

  it('keeps reading a handler that writes 5 MB to stdout, and logs only the first 64 KiB', async () => {
    const logger = recordingLogger();
    const outcome = await makeRunner(logger).run(runRequest(catalogTool('chatty.js'), { timeoutMs: 20_000 }).request);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: 'said a lot' } });
    const line = logger.lines.find((entry) => entry.message === 'Tool handler process ended');
    const stdout = line?.fields?.['stdout'] as string;
    expect(stdout.startsWith('yyyy')).toBe(true);
    expect(stdout).toMatch(/\n\[\d+ more bytes dropped\]$/);
    expect(stdout.length).toBeLessThan(64 * 1024 + 100);
    expect(line?.fields?.['stderr']).toBe('a warning\n');
  });

  it('cuts 2 MB of output in the child and reports the truncation', async () => {
    const outcome = await runner.run(runRequest(catalogTool('big-output.js'), { args: { shape: 'array' }, maxOutputBytes: 4096 }).request);
    expect(outcome).toMatchObject({ kind: 'returned', outputTruncated: { limitBytes: 4096 } });
    if (outcome.kind !== 'returned' || !outcome.result.ok) throw new Error('expected a result');
    expect(typeof outcome.result.data).toBe('string');
    expect(Buffer.byteLength(JSON.stringify(outcome.result.data))).toBeLessThanOrEqual(4096);
    expect(outcome.outputTruncated?.originalBytes).toBeGreaterThan(2_000_000);
  });

  it.each([['function'], ['cycle'], ['bigint']])('reports data holding a %s as a crash', async (kind) => {
    expect(await runner.run(runRequest(catalogTool('returns-non-json.js'), { args: { kind } }).request)).toMatchObject({
      kind: 'crashed',
      detail: expect.stringMatching(/^the handler returned a malformed result: `data` is not JSON: /),
    });
  });

  it('relays audit events and checks them again in the parent', async () => {
    const { request, audits } = runRequest(catalogTool('audits.js'));
    expect(await runner.run(request)).toMatchObject({ kind: 'returned' });
    expect(audits).toHaveLength(100);
    expect(audits[0]).toEqual({ event: 'kb.search', data: { query: 'refund policy', hits: 3 } });
    expect(audits[2]).toEqual({ event: 'kb.big', data: { note: 'audit data dropped: 10011 bytes, more than 4096' } });
  });

  it('does not believe a malformed outcome the handler sends itself', async () => {
    const outcome = await runner.run(runRequest(catalogTool('forges-message.js')).request);
    expect(outcome).toEqual({ kind: 'crashed', detail: 'the handler returned a malformed result: `ok` is missing or not a boolean' });
  });

  it('runs a .ts handler with a relative import through the hooks given to --import', async () => {
    const outcome = await runner.run(runRequest(catalogTool('typed-handler.ts'), { args: { word: 'child' }, timeoutMs: 20_000 }).request);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: 'CHILD!' } });
  });

  it('refuses a changed handler without starting a process', async () => {
    const outcome = await runner.run(runRequest(catalogTool('returns-ok.js', { sha256: 'f'.repeat(64) })).request);
    expect(outcome).toEqual({ kind: 'unavailable', message: 'The handler of returns_ok changed since tool_registry.json was built; run acode tools build' });
  });

  it('reports a workspace root that does not exist as a crash (the process cannot start there)', async () => {
    const { request } = runRequest(catalogTool('returns-ok.js'));
    const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: `${makeTempDir()}/missing` } });
    expect(outcome).toMatchObject({ kind: 'crashed', detail: expect.stringMatching(/^the handler process (could not start|failed)/) });
  });

  it('ends a handler that allocates past the heap limit as a crash', async () => {
    const outcome = await runner.run(runRequest(catalogTool('allocates.js'), { timeoutMs: 25_000 }).request);
    expect(outcome).toMatchObject({ kind: 'crashed', detail: expect.stringMatching(/^the handler process (exited with code \d+|was killed by SIG\w+) before returning a result$/) });
  }, 30_000);
});

function nulls(names: Record<string, string>): Record<string, null> {
  return Object.fromEntries(Object.keys(names).map((name) => [name, null]));
}
