import { ToolError, type JsonObject, type ToolDefinition, type ToolHandlerResult } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { catalogTool, createHarness, ECHO_TEXT, executeOnce, failureOf } from '../support/executor-harness.js';

describe('ToolExecutor: sessions and execution ids', () => {
  it('opens sessions with a generated or given id, pinned to the catalog version', () => {
    const harness = createHarness();
    const generated = harness.executor.openSession({ mode: 'voice' });
    expect(generated).toMatchObject({ id: 'session_1', mode: 'voice', registryVersion: 'a1b2c3d4e5f60718', retrievalCallsThisTurn: 0 });
    expect(generated.state.snapshot()).toMatchObject({ isActive: true, mode: 'voice' });
    expect(harness.executor.openSession({ id: 'project-x', mode: 'text' }).id).toBe('project-x');
  });

  it('generates an execution id when none is given and keeps a valid one', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    expect((await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' } })).meta.executionId).toBe('exec_2');
    const given = await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' }, executionId: 'call_1:a.b-c' });
    expect(given.meta.executionId).toBe('call_1:a.b-c');
    // Only the given id is looked up: one the executor just made cannot be stored yet.
    expect(harness.store.lookups).toEqual(['call_1:a.b-c']);
  });

  it.each([
    ['empty', ''],
    ['spaces', 'call 1'],
    ['path traversal', '../../etc/passwd'],
    ['129 characters', 'a'.repeat(129)],
    ['newline', 'call\n1'],
    ['unicode', 'appel-é'],
    ['a number', 42],
    ['null', null],
  ])('refuses an execution id with %s, reporting a generated one', async (_label, executionId) => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' }, executionId: executionId as string });
    expect(failureOf(response)).toMatchObject({ type: 'VALIDATION', retryable: false });
    expect(failureOf(response).message).toContain('execution id');
    expect(response.meta.executionId).toMatch(/^exec_\d+$/);
    expect(harness.runs()).toHaveLength(0);
  });
});

describe('ToolExecutor: resolving the tool', () => {
  it('resolves an alias and a different case, reporting the canonical name and the requested one', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'ECHO', args: { text: 'a' } });
    expect(response.ok).toBe(true);
    expect(response.meta).toMatchObject({ tool: 'echo_text', toolVersion: '1.0.0', requestedName: 'ECHO' });
    expect(harness.registry.validations.at(-1)).toEqual({ name: 'echo_text', query: { version: '1.0.0' } });
  });

  it('answers an unknown name with NOT_FOUND and the closest runnable tool', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_serch', args: {} });
    expect(failureOf(response)).toMatchObject({ type: 'NOT_FOUND', message: 'Unknown tool "kb_serch"', suggestion: 'Did you mean kb_search?' });
    expect(failureOf(response).details).toEqual({ available_tools: ['echo_text', 'kb_search', 'vault_open', 'write_note'], did_you_mean: 'kb_search' });
    expect(response.meta).toMatchObject({ tool: 'kb_serch' });
    expect(response.meta).not.toHaveProperty('toolVersion');
    // No validation is run (or counted as failed) just to find the suggestion.
    expect(harness.registry.validations).toEqual([]);
  });

  it('never suggests a tool that has no handler', async () => {
    const harness = createHarness();
    const failure = failureOf(await executeOnce(harness, { name: 'git_stat', args: {} }));
    expect(failure.details).not.toHaveProperty('did_you_mean');
    expect(failure.suggestion).toBe('Available tools: echo_text, kb_search, vault_open, write_note');
  });

  it('answers a registered tool without a catalog entry with NOT_FOUND naming the registry version', async () => {
    const harness = createHarness();
    const failure = failureOf(await executeOnce(harness, { name: 'git_status', args: {} }));
    expect(failure).toMatchObject({ type: 'NOT_FOUND', message: 'Tool git_status has no handler in tool_registry.json a1b2c3d4e5f60718' });
  });

  it.each([
    ['a 1 MB name', 'n'.repeat(1024 * 1024)],
    ['control characters', 'tool\u0000\u001b[31m'],
    ['a number', 7],
    ['an object', { name: 'echo_text' }],
    ['undefined', undefined],
  ])('answers %s with NOT_FOUND, cut and quoted', async (_label, name) => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: name as string, args: {} });
    const failure = failureOf(response);
    expect(failure.type).toBe('NOT_FOUND');
    expect(failure.message.length).toBeLessThan(120);
    expect(failure.message).not.toContain('\u0000');
    expect(response.meta.tool.length).toBeLessThanOrEqual(65);
  });
});

describe('ToolExecutor: argument validation', () => {
  it('answers invalid arguments with VALIDATION, the sanitised errors and the schema hint', async () => {
    const harness = createHarness();
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q', top_k: 'ten' } });
    expect(failureOf(response)).toEqual({
      type: 'VALIDATION',
      message: 'Invalid arguments for kb_search: top_k must be integer',
      retryable: false,
      details: {
        errors: [{ path: '/top_k', code: 'ACODE-TSR-004', message: 'top_k must be integer', expected: 'integer', actual: 'string' }],
        schema_hint: 'kb_search expects: {...}',
      },
    });
    expect(response.intents).toEqual([]);
    expect(harness.runs()).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{"query": "q",', 'ACODE-TSR-002'],
    ['a JSON array', '[1,2]', 'ACODE-TSR-004'],
    ['2 MB of JSON', JSON.stringify({ query: 'q'.repeat(2 * 1024 * 1024) }), 'ACODE-TSR-009'],
    ['10,000-deep JSON text', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'ACODE-TSR-009'],
  ])('refuses arguments that are %s without running', async (_label, args, code) => {
    const harness = createHarness();
    const failure = failureOf(await executeOnce(harness, { name: 'kb_search', args }));
    expect(failure.type).toBe('VALIDATION');
    expect((failure.details?.['errors'] as Array<{ code: string }>)[0]?.code).toBe(code);
    expect(harness.runs()).toHaveLength(0);
  });

  it('survives a 10,000-deep argument object', async () => {
    const harness = createHarness();
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const failure = failureOf(await executeOnce(harness, { name: 'kb_search', args: { query: 'q', extra: deep } }));
    expect(failure.type).toBe('VALIDATION');
  });

  it('refuses validated arguments that nest too deep to key for idempotency, without running', async () => {
    const harness = createHarness();
    // A registry whose depth limit is looser than canonical JSON's (64 levels).
    harness.registry.tryValidateArguments = () => ({ success: true, tool: 'kb_search', version: '1.2.0', arguments: nest(100), correlationId: 'c' });
    const failure = failureOf(await executeOnce(harness, { name: 'kb_search', args: {} }));
    expect(failure).toMatchObject({ type: 'VALIDATION', message: 'Invalid arguments for kb_search: they nest too deeply to be processed' });
    expect(harness.runs()).toHaveLength(0);
  });
});

function nest(depth: number): JsonObject {
  let value: JsonObject = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('ToolExecutor: idempotency by execution id', () => {
  it('replays the stored envelope for the same id, tool and arguments without running again', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    const request = { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' };
    const first = await harness.executor.execute(session, request);
    const second = await harness.executor.execute(session, { ...request, args: '{"text":"a"}', name: 'echo' });
    expect(harness.inProcess.requests).toHaveLength(1);
    expect(second).toEqual({ ...first, meta: { ...first.meta, replayed: true } });
    expect(first.meta).not.toHaveProperty('replayed');
  });

  it('replays failures of runs that reached a runner', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: false, error: { type: 'TRANSIENT', message: 'busy', retryable: true } } });
    const session = harness.executor.openSession({ mode: 'text' });
    const request = { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' };
    const first = await harness.executor.execute(session, request);
    // The first call ran twice: an idempotent tool's TRANSIENT failure is retried once in text mode.
    expect(first.meta.retries).toBe(1);
    expect(harness.inProcess.requests).toHaveLength(2);
    const again = await harness.executor.execute(session, request);
    expect(failureOf(again).message).toBe('busy');
    expect(again.meta.replayed).toBe(true);
    expect(harness.inProcess.requests).toHaveLength(2);
  });

  it('answers the same id with other arguments or another tool with CONFLICT', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'text' });
    await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' });
    const otherArgs = failureOf(await harness.executor.execute(session, { name: 'echo_text', args: { text: 'b' }, executionId: 'call-1' }));
    const otherTool = failureOf(await harness.executor.execute(session, { name: 'kb_search', args: { query: 'a' }, executionId: 'call-1' }));
    for (const failure of [otherArgs, otherTool]) {
      expect(failure).toMatchObject({ type: 'CONFLICT', message: 'Execution id reused with a different tool or different arguments' });
    }
    expect(harness.inProcess.requests).toHaveLength(1);
  });

  it('keys results by session', async () => {
    const harness = createHarness();
    const request = { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' };
    await executeOnce(harness, request);
    const other = await executeOnce(harness, { ...request, args: { text: 'b' } });
    expect(other.ok).toBe(true);
    expect(harness.inProcess.requests).toHaveLength(2);
  });

  it('does not store refusals or validation failures, so the id stays free', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ mode: 'voice' });
    await harness.executor.execute(session, { name: 'write_note', args: { path: 'a' }, executionId: 'call-1' });
    await harness.executor.execute(session, { name: 'echo_text', args: {}, executionId: 'call-1' });
    expect(harness.store.responses(session.id)).toEqual([]);
    expect((await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' })).ok).toBe(true);
  });

  it('keeps the last idempotencyHistory results per session', async () => {
    const harness = createHarness({ policy: { idempotencyHistory: 2 } });
    const session = harness.executor.openSession({ mode: 'text' });
    for (const id of ['c1', 'c2', 'c3']) await harness.executor.execute(session, { name: 'echo_text', args: { text: id }, executionId: id });
    expect(harness.store.responses(session.id).map((response) => response.meta.executionId)).toEqual(['c2', 'c3']);
  });

  it('runs a duplicate sent while the first is still running only once', async () => {
    const harness = createHarness();
    let release: (() => void) | undefined;
    harness.inProcess.behaviour = () =>
      new Promise((resolve) => {
        release = () => resolve({ kind: 'returned', result: { ok: true, data: 'done' } });
      });
    const session = harness.executor.openSession({ mode: 'text' });
    const request = { name: 'echo_text', args: { text: 'a' }, executionId: 'call-1' };
    const first = harness.executor.execute(session, request);
    const second = harness.executor.execute(session, request);
    await new Promise((resolve) => setImmediate(resolve));
    release?.();
    const [a, b] = await Promise.all([first, second]);
    expect(harness.inProcess.requests).toHaveLength(1);
    expect(a.ok && b.ok).toBe(true);
    expect(b.meta.replayed).toBe(true);
  });
});

describe('ToolExecutor: running the handler', () => {
  it('gives the runner the limits and the context facts', async () => {
    const harness = createHarness();
    const session = harness.executor.openSession({ id: 's-1', mode: 'text' });
    const token = failureOf(await harness.executor.execute(session, { name: 'write_note', args: { path: 'a' } })).confirmation_request!.confirmation_token;
    await harness.executor.execute(session, { name: 'write_note', args: { path: 'a' }, confirmationToken: token, executionId: 'call-9' });
    const [request] = harness.child.requests;
    expect(request).toMatchObject({
      args: { path: 'a', content: '' },
      timeoutMs: 2_000,
      maxOutputBytes: 4096,
      context: {
        mode: 'text',
        executionId: 'call-9',
        tool: { name: 'write_note', version: '0.3.0', idempotent: false },
        session: { id: 's-1', registryVersion: 'a1b2c3d4e5f60718', state: session.state.snapshot() },
        deadline: Date.UTC(2024, 0, 1) + 2_000,
        workspaceRoot: '/workspace',
      },
    });
    expect(request?.tool.handlerUrl).toBe('file:///tools/write_note/handler.js');
  });

  it('fills the default limits of 001 when a tool declares none', async () => {
    const harness = createHarness();
    await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } });
    expect(harness.inProcess.requests[0]).toMatchObject({ timeoutMs: 60_000, maxOutputBytes: 10 * 1024 * 1024 });
  });

  it('passes the caller signal through', async () => {
    const harness = createHarness();
    const controller = new AbortController();
    await executeOnce(harness, { name: 'echo_text', args: { text: 'a' }, signal: controller.signal });
    expect(harness.inProcess.requests[0]?.signal).toBe(controller.signal);
  });

  it('returns the handler data and intents in an ok envelope', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: true, data: { hits: [1, 2] } } });
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } });
    expect(response).toMatchObject({ ok: true, data: { hits: [1, 2] }, intents: [] });
    expect(response.meta).toMatchObject({ tool: 'kb_search', toolVersion: '1.2.0', registryVersion: 'a1b2c3d4e5f60718', executionId: 'exec_2', mode: 'text', isolation: 'none', latencyBudgetMs: 800 });
  });

  it('reports truncated output in meta', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: true, data: 'cut' }, outputTruncated: { originalBytes: 9000, limitBytes: 4096 } });
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' } });
    expect(response.meta.outputTruncated).toEqual({ originalBytes: 9000, limitBytes: 4096 });
  });
});

describe('ToolExecutor: run outcomes', () => {
  /** Runs one call whose runner ends with `outcome`, which may be malformed on purpose. */
  const run = async (outcome: unknown, name = 'echo_text', args: object = { text: 'a' }) => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => outcome as never;
    return { harness, response: await executeOnce(harness, { name, args }) };
  };

  it('keeps a returned failure, retryable false by default', async () => {
    const { response } = await run({ kind: 'returned', result: { ok: false, error: { type: 'NOT_FOUND', message: 'No article kb-9', suggestion: 'Search first' } } });
    expect(failureOf(response)).toEqual({ type: 'NOT_FOUND', message: 'No article kb-9', retryable: false, suggestion: 'Search first' });
    expect(response.intents).toEqual([]);
    expect(response.meta.isolation).toBe('none');
  });

  it('keeps a thrown ToolError as given', async () => {
    const error = new ToolError('RATE_LIMIT', 'Slow down', { retryable: true, details: { retry_after_s: 3 } });
    const { response } = await run({ kind: 'tool-error', error: { type: error.type, message: error.message, retryable: error.retryable, details: error.details } });
    expect(failureOf(response)).toEqual({ type: 'RATE_LIMIT', message: 'Slow down', retryable: true, details: { retry_after_s: 3 } });
  });

  it('turns a crash into INTERNAL with partial side effects, logging the detail only', async () => {
    const { response, harness } = await run({ kind: 'crashed', detail: 'TypeError: x is undefined at /srv/handler.js:3' });
    expect(failureOf(response)).toEqual({ type: 'INTERNAL', message: 'Internal error executing echo_text', retryable: false, partialSideEffects: true });
    expect(JSON.stringify(response)).not.toContain('handler.js');
    expect(harness.logger.at('error')[0]?.fields).toMatchObject({ tool: 'echo_text', detail: 'TypeError: x is undefined at /srv/handler.js:3' });
  });

  it('maps a timeout of an idempotent read-only tool to retryable TIMEOUT without side effects', async () => {
    const { response } = await run({ kind: 'timeout' }, 'kb_search', { query: 'q' });
    expect(failureOf(response)).toEqual({
      type: 'TIMEOUT',
      message: 'Tool kb_search did not finish within 60000 ms',
      retryable: true,
      partialSideEffects: false,
      idempotencyRequired: false,
    });
  });

  it('maps a timeout of a writing, non-idempotent tool to non-retryable TIMEOUT with partial side effects', async () => {
    const harness = createHarness();
    harness.child.behaviour = () => ({ kind: 'timeout' });
    const session = harness.executor.openSession({ mode: 'text' });
    const token = failureOf(await harness.executor.execute(session, { name: 'write_note', args: { path: 'a' } })).confirmation_request!.confirmation_token;
    const response = await harness.executor.execute(session, { name: 'write_note', args: { path: 'a' }, confirmationToken: token });
    expect(failureOf(response)).toEqual({
      type: 'TIMEOUT',
      message: 'Tool write_note did not finish within 2000 ms',
      retryable: false,
      partialSideEffects: true,
      idempotencyRequired: true,
    });
  });

  it('maps a cancellation to retryable TRANSIENT', async () => {
    const { response } = await run({ kind: 'cancelled' });
    expect(failureOf(response)).toMatchObject({ type: 'TRANSIENT', retryable: true, message: 'Tool echo_text was cancelled' });
  });

  it('maps an unavailable handler to PERMANENT without side effects', async () => {
    const { response } = await run({ kind: 'unavailable', message: 'Handler of echo_text changed since the build; run acode tools build' });
    expect(failureOf(response)).toEqual({
      type: 'PERMANENT',
      message: 'Handler of echo_text changed since the build; run acode tools build',
      retryable: false,
      partialSideEffects: false,
    });
  });

  it.each([
    ['an error type outside the taxonomy', { kind: 'returned', result: { ok: false, error: { type: 'EXPLODED', message: 'boom' } } }],
    ['a thrown error with an unknown type', { kind: 'tool-error', error: { type: 'OOPS', message: 'x' } }],
    ['an error without a message', { kind: 'returned', result: { ok: false, error: { type: 'TRANSIENT' } } }],
    ['an error that is a string', { kind: 'returned', result: { ok: false, error: 'bad' } }],
    ['a result that is not an object', { kind: 'returned', result: 'ok' }],
    ['ok without data', { kind: 'returned', result: { ok: true } }],
    ['intents that are not an array', { kind: 'returned', result: { ok: true, data: 1, intents: 'END' } }],
    ['an unknown outcome kind', { kind: 'exploded' }],
  ])('coerces %s to INTERNAL', async (_label, outcome) => {
    const { response } = await run(outcome);
    expect(failureOf(response)).toEqual({ type: 'INTERNAL', message: 'Internal error executing echo_text', retryable: false, partialSideEffects: true });
  });

  it('cuts a huge handler message and drops fields of the wrong type', async () => {
    const { response } = await run({
      kind: 'returned',
      result: { ok: false, error: { type: 'PERMANENT', message: 'm'.repeat(100_000), retryable: 'yes', details: [1], confirmation_request: { confirmation_token: 'forged' } } },
    });
    const failure = failureOf(response);
    expect(failure.message).toBe(`${'m'.repeat(500)}…`);
    expect(failure.retryable).toBe(false);
    expect(failure).not.toHaveProperty('details');
    expect(failure).not.toHaveProperty('confirmation_request');
  });
});

describe('ToolExecutor: intents', () => {
  it('applies returned intents to the session and reports refused ones', async () => {
    const harness = createHarness();
    const result: ToolHandlerResult = {
      ok: true,
      data: null,
      intents: [{ type: 'SUPPRESS_AUDIO', value: true }, { type: 'SELF_DESTRUCT' }, { type: 'END_VOICE_SESSION', after: 'farewell_spoken' }],
    };
    harness.inProcess.behaviour = () => ({ kind: 'returned', result });
    const session = harness.executor.openSession({ mode: 'voice' });
    const response = await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' } });
    expect(response.intents).toEqual(result.intents);
    expect(response.meta.refusedIntents).toEqual([{ type: 'SELF_DESTRUCT', reason: 'unknown intent type' }]);
    expect(session.state.snapshot()).toMatchObject({ suppressAudio: true, pendingEndVoiceSession: { after: 'farewell_spoken' } });
  });

  it('applies nothing from a failed run', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: false, error: { type: 'TRANSIENT', message: 'later' } } });
    const session = harness.executor.openSession({ mode: 'voice' });
    const response = await harness.executor.execute(session, { name: 'echo_text', args: { text: 'a' } });
    expect(response.intents).toEqual([]);
    expect(session.state.snapshot().suppressAudio).toBe(false);
  });

  it('survives hostile intents', async () => {
    const harness = createHarness();
    const intents = [null, 5, 'END_VOICE_SESSION', { type: '__proto__' }, { type: 'x'.repeat(1_000_000) }];
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: true, data: 1, intents } as never });
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' } }, 'voice');
    expect(response.ok).toBe(true);
    expect(response.meta.refusedIntents).toHaveLength(5);
    expect(response.meta.refusedIntents?.[4]?.type.length).toBe(65);
  });
});

describe('ToolExecutor: latency budget and logging', () => {
  it('flags and logs a run over its latency budget', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => {
      harness.clock.advance(801);
      return { kind: 'returned', result: { ok: true, data: [] } };
    };
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } });
    expect(response.meta).toMatchObject({ durationMs: 801, latencyBudgetMs: 800, latencyBudgetExceeded: true });
    expect(harness.logger.at('warn')).toEqual([
      { level: 'warn', message: 'tool latency budget exceeded', fields: { tool: 'kb_search', executionId: 'exec_2', durationMs: 801, latencyBudgetMs: 800 } },
    ]);
  });

  it('does not flag a run at its budget', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => {
      harness.clock.advance(800);
      return { kind: 'returned', result: { ok: true, data: [] } };
    };
    const response = await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } });
    expect(response.meta.durationMs).toBe(800);
    expect(response.meta).not.toHaveProperty('latencyBudgetExceeded');
  });

  it('logs one info line per execution, without argument values', async () => {
    const harness = createHarness();
    await executeOnce(harness, { name: 'kb_search', args: { query: 'my-secret-query' } });
    await executeOnce(harness, { name: 'kb_search', args: { query: 7 } });
    const lines = harness.logger.at('info').filter((entry) => entry.message === 'tool executed');
    expect(lines.map((line) => line.fields)).toEqual([
      expect.objectContaining({ tool: 'kb_search', toolVersion: '1.2.0', registryVersion: 'a1b2c3d4e5f60718', executionId: 'exec_2', ok: true, errorType: undefined, durationMs: 0 }),
      expect.objectContaining({ tool: 'kb_search', executionId: 'exec_4', ok: false, errorType: 'VALIDATION' }),
    ]);
    expect(harness.logger.text()).not.toContain('my-secret-query');
  });

  it('writes handler audit events to the log with tool and execution id', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = (request) => {
      request.audit('article.read', { id: 'kb-1' });
      return { kind: 'returned', result: { ok: true, data: 1 } };
    };
    await executeOnce(harness, { name: 'echo_text', args: { text: 'a' }, executionId: 'call-3' });
    expect(harness.logger.at('info')).toContainEqual({
      level: 'info',
      message: 'tool audit',
      fields: { tool: 'echo_text', executionId: 'call-3', event: 'article.read', data: { id: 'kb-1' } },
    });
  });
});

describe('ToolExecutor: failures of its own ports', () => {
  it('answers a store that cannot be read with INTERNAL instead of throwing', async () => {
    const harness = createHarness();
    harness.store.findExecution = () => {
      throw new Error('SQLITE_BUSY: database is locked');
    };
    // An execution id the caller gives is looked up in the store; one the executor makes is not.
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' }, executionId: 'call_7' });
    expect(failureOf(response)).toMatchObject({ type: 'INTERNAL', message: 'Internal error executing echo_text' });
    expect(JSON.stringify(response)).not.toContain('SQLITE');
    expect(harness.runs()).toHaveLength(0);
    expect(harness.logger.at('error')[0]?.fields).toMatchObject({ error: 'Error: SQLITE_BUSY: database is locked' });
  });

  it('still returns the result of a run whose result could not be stored', async () => {
    const harness = createHarness();
    harness.store.saveExecution = () => {
      throw new Error('disk full');
    };
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' } });
    expect(response.ok).toBe(true);
    expect(harness.logger.at('error')[0]?.message).toBe('tool execution result not stored');
  });

  it('answers a runner that rejects with INTERNAL', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => Promise.reject(new Error('worker pool gone'));
    const response = await executeOnce(harness, { name: 'echo_text', args: { text: 'a' } });
    expect(failureOf(response)).toMatchObject({ type: 'INTERNAL', partialSideEffects: true });
  });

  it('uses only tools of its own catalog', async () => {
    const harness = createHarness({ catalog: [catalogTool(ECHO_TEXT)] });
    expect(failureOf(await executeOnce(harness, { name: 'kb_search', args: { query: 'q' } })).message).toContain('has no handler');
  });
});

describe('ToolExecutor: issue 13 item 6 (001 and 003 constraints)', () => {
  it('retries an idempotent retryable TRANSIENT failure once in text mode, and not a cancelled run', async () => {
    const harness = createHarness();
    let calls = 0;
    harness.inProcess.behaviour = (request) =>
      ++calls === 1
        ? { kind: 'returned', result: { ok: false, error: { type: 'TRANSIENT', message: 'busy', retryable: true } } }
        : { kind: 'returned', result: { ok: true, data: { echoed: request.args } } };
    const response = await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'echo_text', args: { text: 'a' } });
    expect(response).toMatchObject({ ok: true, meta: { retries: 1 } });

    const cancelled = createHarness();
    const controller = new AbortController();
    controller.abort();
    cancelled.inProcess.behaviour = () => ({ kind: 'cancelled' });
    const failure = failureOf(
      await cancelled.executor.execute(cancelled.executor.openSession({ mode: 'text' }), { name: 'echo_text', args: { text: 'a' }, signal: controller.signal }),
    );
    expect(failure.type).toBe('TRANSIENT');
    expect(cancelled.inProcess.requests).toHaveLength(1);
  });

  it('does not retry a TRANSIENT failure the handler marks not retryable', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: false, error: { type: 'TRANSIENT', message: 'busy', retryable: false } } });
    await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'echo_text', args: { text: 'a' } });
    expect(harness.inProcess.requests).toHaveLength(1);
  });

  it('validates a result against the outputSchema and answers INTERNAL without the data on a mismatch', async () => {
    const counted: ToolDefinition = {
      ...ECHO_TEXT,
      name: 'count_words',
      aliases: [],
      outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
    };
    const harness = createHarness({ definitions: [counted], catalog: [catalogTool(counted)] });
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: true, data: { secret: 'do-not-leak' }, intents: [{ type: 'SUPPRESS_AUDIO', value: true }] } });
    const session = harness.executor.openSession({ mode: 'text' });
    const response = await harness.executor.execute(session, { name: 'count_words', args: { text: 'a b' } });
    expect(failureOf(response)).toMatchObject({ type: 'INTERNAL', message: 'Tool count_words returned a result that does not match its outputSchema', partialSideEffects: false });
    expect(JSON.stringify(response)).not.toContain('do-not-leak');
    expect(harness.registry.outputValidations).toEqual([{ name: 'count_words', data: { secret: 'do-not-leak' }, query: { version: '1.0.0' } }]);
    // A refused result changes no session state.
    expect(session.state.snapshot()).toEqual(harness.executor.openSession({ mode: 'text' }).state.snapshot());

    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: true, data: { count: 2 } } });
    expect(await harness.executor.execute(session, { name: 'count_words', args: { text: 'a b' } })).toMatchObject({ ok: true, data: { count: 2 } });
  });

  it('keeps a handler-returned SESSION_INACTIVE', async () => {
    const harness = createHarness();
    harness.inProcess.behaviour = () => ({ kind: 'returned', result: { ok: false, error: { type: 'SESSION_INACTIVE', message: 'Session already ended', retryable: false } } });
    const failure = failureOf(await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'echo_text', args: { text: 'a' } }));
    expect(failure).toMatchObject({ type: 'SESSION_INACTIVE', message: 'Session already ended' });
  });
});
