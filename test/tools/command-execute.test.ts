import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as commandExecute from '../../tools/command-execute/handler.js';
import { isRunning, stopsRunning } from '../../packages/infrastructure/test/support/process-state.js';
import { dataOf, errorOf, handlerFixture, type HandlerModule } from './handler-context.js';
import type { ToolHandlerContext } from '../../packages/domain/src/index.js';

const fixture = handlerFixture();
afterAll(() => fixture.dispose());
const { execute } = commandExecute as HandlerModule;
const run = (args: Record<string, unknown>, overrides: Partial<ToolHandlerContext> = {}) => execute({ args: args as never, context: fixture.context(overrides) });

/** The pids a command printed, one per line. */
const pidsIn = (stdout: unknown) => String(stdout).trim().split('\n').map(Number).filter((pid) => pid > 0);

describe('command_execute', () => {
  it('runs in the workspace and reports exit code, stdout and stderr', async () => {
    const data = dataOf(await run({ command: 'pwd; echo oops >&2; exit 3' }));
    expect(data).toEqual({ exit_code: 3, signal: null, stdout: `${fixture.root}\n`, stderr: 'oops\n', timed_out: false, truncated: false });
  });

  it('leaves stderr out when capture_stderr is false, and closes stdin', async () => {
    const data = dataOf(await run({ command: 'cat; echo done; echo hidden >&2', capture_stderr: false }));
    expect(data).toEqual({ exit_code: 0, signal: null, stdout: 'done\n', timed_out: false, truncated: false });
  });

  it('kills the whole process group at the timeout: a background child does not survive', async () => {
    const data = dataOf(await run({ command: 'sleep 30 & echo $!; sleep 30', timeout_seconds: 1 }));
    expect(data).toMatchObject({ timed_out: true, exit_code: null, signal: 'SIGKILL' });
    const [background] = pidsIn(data['stdout']);
    expect(background).toBeGreaterThan(0);
    expect(await stopsRunning(background as number)).toBe(true);
  });

  it('takes the time left to the deadline when it is shorter than timeout_seconds', async () => {
    const data = dataOf(await run({ command: 'sleep 30', timeout_seconds: 300 }, { deadline: Date.now() + 300 }));
    expect(data['timed_out']).toBe(true);
  });

  it('kills leftover background jobs when the shell exits normally', async () => {
    const data = dataOf(await run({ command: 'sleep 30 & echo $!' }));
    expect(data).toMatchObject({ exit_code: 0, timed_out: false });
    const [background] = pidsIn(data['stdout']);
    expect(await stopsRunning(background as number)).toBe(true);
  });

  it('stops on abort with TIMEOUT and partial side effects, killing the group', async () => {
    const controller = new AbortController();
    const pending = run({ command: 'sleep 30 & echo $! > bg.pid; sleep 30' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const error = errorOf(await pending);
    expect(error).toMatchObject({ type: 'TIMEOUT', partialSideEffects: true });
    const [background] = pidsIn(readFileSync(`${fixture.root}/bg.pid`, 'utf8'));
    expect(await stopsRunning(background as number)).toBe(true);
  });

  it('caps each stream at 256 KiB and flags the cut', async () => {
    const data = dataOf(await run({ command: "head -c 400000 /dev/zero | tr '\\0' a; head -c 300000 /dev/zero | tr '\\0' b >&2" }));
    expect(String(data['stdout'])).toHaveLength(256 * 1024);
    expect(String(data['stderr'])).toHaveLength(256 * 1024);
    expect(data['truncated']).toBe(true);
  });

  it.each([
    [{ command: 'ls', working_directory: '../..' }, 'POLICY_DENIED'],
    [{ command: 'ls', working_directory: 'missing-dir' }, 'NOT_FOUND'],
    [{ command: '   ' }, 'VALIDATION'],
  ])('%j fails with %s', async (args, type) => {
    expect(errorOf(await run(args)).type).toBe(type);
  });
});
