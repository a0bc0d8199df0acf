import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import type { ToolResponse } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { confirmCommandLine } from '../src/commands/tools-exec.js';
import { formatMilliseconds } from '../src/render/tool-response.js';
import { runCli } from '../src/main.js';
import type { CliRuntime, RuntimeOptions } from '../src/runtime.js';
import { captureIo } from './support/capture.js';
import { fakeCatalog, fakeExecution, fakeExecutor, meta, unavailable } from './support/fake-execution.js';
import { fakeRuntime } from './support/fake-runtime.js';

const NO_STACK = /\n\s+at /;

async function run(argv: string[], runtime: CliRuntime, ioOptions: Parameters<typeof captureIo>[0] = {}) {
  const captured = captureIo({ cwd: '/home/u/project', ...ioOptions });
  const opened: RuntimeOptions[] = [];
  const code = await runCli(argv, captured.io, { openRuntime: async (options) => (opened.push(options), runtime) });
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text, opened };
}

const OK: ToolResponse = { ok: true, data: { content: '# Readme\n', lines: 1 }, intents: [], meta: meta() };

const CONFIRMATION: ToolResponse = {
  ok: false,
  error: {
    type: 'CONFIRMATION_REQUIRED',
    message: 'command_execute runs a shell command: confirm it first.',
    retryable: true,
    confirmation_request: {
      tool: 'command_execute',
      args: { command: "echo 'hi' && ls", timeout_ms: 5000 },
      preview: "Run: echo 'hi' && ls",
      confirmation_token: 'ctok_abc123',
      expires_at: '2026-11-22T08:05:00.000Z',
    },
  },
  intents: [],
  meta: meta({ tool: 'command_execute', isolation: undefined }),
};

function execRuntime(response: ToolResponse | ((request: unknown) => ToolResponse), maxArgumentSizeBytes?: number) {
  const executor = fakeExecutor(typeof response === 'function' ? response : () => response);
  const execution = fakeExecution({ catalog: fakeCatalog([]), executor });
  return { runtime: fakeRuntime({ execution, ...(maxArgumentSizeBytes !== undefined ? { maxArgumentSizeBytes } : {}) }), executor, execution };
}

describe('tools exec', () => {
  it('runs the call in a session of the mode and passes the ids and the token through', async () => {
    const { runtime, executor } = execRuntime(OK);
    const { code } = await run(['tools', 'exec', 'read_file', '{"path":"README.md"}', '--mode', 'voice', '--execution-id', 'e-7', '--confirm', 'tok', '--session', 's1'], runtime);
    expect(code).toBe(0);
    expect(executor.calls.sessions).toEqual([{ id: 's1', mode: 'voice' }]);
    expect(executor.calls.requests).toEqual([{ name: 'read_file', args: '{"path":"README.md"}', executionId: 'e-7', confirmationToken: 'tok' }]);
  });

  it('prints the envelope exactly with --json, exit 0 when ok and 1 otherwise', async () => {
    const ok = await run(['tools', 'exec', 'file_read', '{}', '--json'], execRuntime(OK).runtime);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(OK);
    const refused = await run(['tools', 'exec', 'command_execute', '{}', '--json'], execRuntime(CONFIRMATION).runtime);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual(CONFIRMATION);
    expect(refused.stderr).toBe('');
  });

  it('prints a ✓ header, the meta facts and the data for a person', async () => {
    const response: ToolResponse = {
      ...OK,
      meta: meta({
        tool: 'kb_search',
        mode: 'voice',
        latencyBudgetMs: 500,
        latencyBudgetExceeded: true,
        durationMs: 812.4375,
        clampedArguments: [{ argument: 'top_k', requested: 10, applied: 3 }],
        outputTruncated: { originalBytes: 2_000_000, limitBytes: 1_048_576 },
        replayed: true,
        requestedName: 'KB_SEARCH',
      }),
    };
    const { stdout } = await run(['tools', 'exec', 'KB_SEARCH', '{}'], execRuntime(response).runtime);
    expect(stdout.split('\n')[0]).toBe('✓ kb_search 1.0.0');
    expect(stdout).toMatch(/^ {2}Registry: +0123456789abcdef$/m);
    expect(stdout).toMatch(/^ {2}Execution: +exec-1$/m);
    expect(stdout).toMatch(/^ {2}Duration: +812 ms \(over the latency budget of 500 ms\)$/m);
    expect(stdout).toMatch(/^ {2}Isolation: +none$/m);
    expect(stdout).toMatch(/^ {2}Clamped: +top_k 10 → 3 \(voice mode maximum\)$/m);
    expect(stdout).toMatch(/^ {2}Truncated: +output of 2000000 bytes cut to the limit of 1048576 bytes$/m);
    expect(stdout).toMatch(/^ {2}Replayed: /m);
    expect(stdout).toMatch(/^ {2}Requested: +KB_SEARCH$/m);
    expect(stdout).toContain('Data:\n{\n  "content": "# Readme\\n",\n  "lines": 1\n}\n');
  });

  it('prints ✗ with the type, and says an INTERNAL failure may have had side effects', async () => {
    const internal: ToolResponse = {
      ok: false,
      error: { type: 'INTERNAL', message: 'The tool failed unexpectedly.', retryable: false, partialSideEffects: true },
      intents: [],
      meta: meta({ tool: 'flaky' }),
    };
    const { code, stdout } = await run(['tools', 'exec', 'flaky', '{}'], execRuntime(internal).runtime);
    expect(code).toBe(1);
    expect(stdout.split('\n')[0]).toBe('✗ flaky: [INTERNAL] The tool failed unexpectedly.');
    expect(stdout).toMatch(/^ {2}Side effects: the tool may have changed something before it failed$/m);
    expect(stdout).not.toContain('Data:');
  });

  it('shows what to confirm and a command line that runs the same call with the token', async () => {
    const { code, stdout } = await run(['tools', 'exec', 'command_execute', '{"command":"x"}', '--mode', 'voice', '--session', 'other'], execRuntime(CONFIRMATION).runtime);
    expect(code).toBe(1);
    expect(stdout.split('\n')[0]).toBe('✗ command_execute: [CONFIRMATION_REQUIRED] command_execute runs a shell command: confirm it first.');
    expect(stdout).toMatch(/^ {2}Preview: +Run: echo 'hi' && ls$/m);
    const confirm = stdout.split('\n').find((line) => line.startsWith('  Confirm:'));
    expect(confirm?.replace(/^ {2}Confirm: +/, '')).toBe(`acode tools exec command_execute '{"command":"echo '\\''hi'\\'' && ls","timeout_ms":5000}' --confirm ctok_abc123 --mode voice --session other`);
    expect(stdout).toMatch(/^ {2}Expires: +2026-11-22T08:05:00\.000Z/m);
  });

  it('shows durations to a tenth of a millisecond under 10 ms and whole milliseconds above', () => {
    expect(formatMilliseconds(5.8965480000000525)).toBe('5.9');
    expect(formatMilliseconds(4)).toBe('4');
    expect(formatMilliseconds(0.04)).toBe('0');
    expect(formatMilliseconds(1014.176755)).toBe('1014');
  });

  it('quotes the confirmation command line so a shell gives the tool back exactly its arguments', () => {
    const request = CONFIRMATION.ok ? undefined : CONFIRMATION.error.confirmation_request;
    if (request === undefined) throw new Error('fixture has no confirmation request');
    const line = confirmCommandLine({ ...request, args: { command: "it's $(rm -rf /) `x` \"q\"\\" } }, { mode: 'text', session: 'cli', registry: "my dir/reg's.json" });
    // `printf '%s\n'` stands in for acode: the shell's word splitting is what is under test.
    const printed = spawnSync('sh', ['-c', `set -- ${line.replace(/^acode /, '')}; for a in "$@"; do printf '%s\\n' "$a"; done`], { encoding: 'utf8' });
    expect(printed.stdout.split('\n').slice(0, -1)).toEqual([
      'tools',
      'exec',
      'command_execute',
      '{"command":"it\'s $(rm -rf /) `x` \\"q\\"\\\\"}',
      '--confirm',
      'ctok_abc123',
      '--registry',
      "my dir/reg's.json",
    ]);
  });

  it('escapes control characters of the data and the message for the terminal', async () => {
    const hostile: ToolResponse = {
      ok: false,
      error: { type: 'PERMANENT', message: 'bad \u001b[2J\u009b31m thing', retryable: false, details: { note: 'x\u009by\u2028' } },
      intents: [],
      meta: meta(),
    };
    const { stdout } = await run(['tools', 'exec', 'file_read', '{}'], execRuntime(hostile).runtime);
    expect(stdout).not.toMatch(/[\u001b\u009b\u2028]/);
    expect(stdout).toContain('bad \\u001b[2J\\u009b31m thing');
    expect(stdout).toContain('"note": "x\\u009by\\u2028"');
    const json = await run(['tools', 'exec', 'file_read', '{}', '--json'], execRuntime(hostile).runtime);
    expect(json.stdout).not.toMatch(/[\u001b\u009b\u2028]/);
    expect(JSON.parse(json.stdout)).toEqual(hostile);
  });

  it('reads ARGS_JSON from standard input, and refuses more than the argument limit without running', async () => {
    const { runtime, executor } = execRuntime(OK, 64);
    const piped = await run(['tools', 'exec', 'file_read', '-'], runtime, { stdin: ['{"path":', '"a"}'] });
    expect(piped.code).toBe(0);
    expect(executor.calls.requests[0]?.args).toBe('{"path":"a"}');

    const big = await run(['tools', 'exec', 'file_read'], runtime, { stdin: 'x'.repeat(65) });
    expect(big.code).toBe(1);
    expect(big.stderr).toBe('[ACODE-TSR-009] Arguments exceed the maximum size of 64 bytes.\n');
    expect(executor.calls.requests).toHaveLength(1);
  });

  it('stops reading an endless standard input at the limit', async () => {
    const { runtime } = execRuntime(OK, 1024);
    const endless = new Readable({ read() { this.push(Buffer.alloc(256, 0x20)); } });
    const { code, stderr } = await run(['tools', 'exec', 'file_read'], runtime, { stdin: endless });
    expect(code).toBe(1);
    expect(stderr).toContain('[ACODE-TSR-009]');
  });

  it('is a usage error to wait for arguments on a terminal', async () => {
    const { code, stderr } = await run(['tools', 'exec', 'file_read'], execRuntime(OK).runtime, { stdinIsTty: true });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^\[ACODE-CLI-001\] Missing ARGS_JSON/);
  });

  it('exits 2 with ACODE-TBD-010 when there is no built registry, before reading input or opening the store', async () => {
    const execution = fakeExecution({ catalog: unavailable('ACODE-TBD-010', "No built tool registry at /p/tool_registry.json. Run 'pnpm run build:tools' to create it."), executor: fakeExecutor(() => OK) });
    const { code, stdout, stderr } = await run(['tools', 'exec', 'file_read', '{}'], fakeRuntime({ execution }));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("[ACODE-TBD-010] No built tool registry at /p/tool_registry.json. Run 'pnpm run build:tools' to create it.\n");
    expect(execution.executorResolutions).toBe(0);
  });

  it('exits 2 with ACODE-TEX-001 when the execution store cannot be opened', async () => {
    const execution = fakeExecution({ catalog: fakeCatalog([]), executor: unavailable('ACODE-TEX-001', 'Cannot open /p/.agent/acode.db: read-only file system') });
    const { code, stderr } = await run(['tools', 'exec', 'file_read', '{}'], fakeRuntime({ execution }));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^\[ACODE-TEX-001\] Cannot open/);
    expect(stderr).not.toMatch(NO_STACK);
  });

  it('resolves --registry and --db against the working directory for the runtime', async () => {
    const { opened } = await run(['tools', 'exec', 'file_read', '{}', '--registry', 'build/reg.json', '--db', 'state.db'], execRuntime(OK).runtime);
    expect(opened[0]).toMatchObject({ toolRegistryPath: '/home/u/project/build/reg.json', telemetryPath: '/home/u/project/state.db' });
  });
});
