import { describe, expect, it } from 'vitest';
import { InProcessToolRunner } from '../../src/execution/in-process-tool-runner.js';
import { catalogTool as fixtureTool, distUrl, makeTempDir, runRequest } from './runner-fixture.js';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogTool } from '@acode/application';

const runner = new InProcessToolRunner();

/** A fixture handler shipped as a core tool: only those run in process. */
function catalogTool(file: string, overrides: Parameters<typeof fixtureTool>[1] = {}): CatalogTool {
  const tool = fixtureTool(file, overrides);
  return { ...tool, extends: `core:${tool.definition.name}` };
}

describe('InProcessToolRunner', () => {
  it('provides isolation none', () => {
    expect(runner.isolation).toBe('none');
  });

  describe('core tools only (issue 13)', () => {
    it('refuses a tool that is not a core tool, without loading or running its handler', async () => {
      const { request, audits } = runRequest(fixtureTool('busy-loop.js'), { timeoutMs: 100, args: { ms: 300 } });
      expect(await runner.run(request)).toEqual({
        kind: 'unavailable',
        message: 'Tool busy_loop asks for isolation none, which only core tools get (a handler in the host\'s process could stop it); set constraints.requiredIsolation to "standard" in its schema.json and run acode tools build',
      });
      expect(audits).toEqual([]);
    });

    it('refuses a tool that claims another core tool, or a name that is not one', async () => {
      const tool = fixtureTool('returns-ok.js');
      for (const claim of ['core:file_read', 'returns_ok', 'core:']) {
        expect(await runner.run(runRequest({ ...tool, extends: claim }).request)).toMatchObject({ kind: 'unavailable' });
      }
    });
  });

  it('runs a handler with its arguments and context, and returns its result', async () => {
    const { request } = runRequest(catalogTool('returns-ok.js'), { args: { query: 'refunds', top_k: 3 } });
    const outcome = await runner.run(request);
    expect(outcome).toEqual({
      kind: 'returned',
      result: {
        ok: true,
        data: { args: { query: 'refunds', top_k: 3 }, mode: 'text', executionId: 'exec_test', stateFrozen: true, pid: process.pid },
        intents: [{ type: 'SUPPRESS_AUDIO', value: true }],
      },
    });
  });

  it('returns an expected failure as returned', async () => {
    const outcome = await runner.run(runRequest(catalogTool('returns-not-ok.js')).request);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: false, error: { type: 'NOT_FOUND', message: 'No document with that id', suggestion: 'Search first' } } });
  });

  it('keeps a thrown ToolError-shaped object with its type', async () => {
    const outcome = await runner.run(runRequest(catalogTool('throws-tool-error.js')).request);
    expect(outcome).toEqual({
      kind: 'tool-error',
      error: { type: 'RATE_LIMIT', message: 'Too many searches', retryable: true, partialSideEffects: false, details: { retryAfterMs: 1000 } },
    });
  });

  it('turns a thrown Error into a crash without its stack', async () => {
    const outcome = await runner.run(runRequest(catalogTool('throws-error.js')).request);
    expect(outcome).toEqual({ kind: 'crashed', detail: 'the handler threw "database handle is gone"' });
  });

  it('aborts a cooperative handler at its time limit', async () => {
    const outcome = await runner.run(runRequest(catalogTool('sleeps.js'), { timeoutMs: 200 }).request);
    expect(outcome).toEqual({ kind: 'timeout' });
  });

  it('returns timeout for a handler that blocks the event loop past its limit (it cannot be stopped, only outwaited)', async () => {
    const outcome = await runner.run(runRequest(catalogTool('busy-loop.js'), { timeoutMs: 100, args: { ms: 400 } }).request);
    expect(outcome).toEqual({ kind: 'timeout' });
  });

  it('returns cancelled when the caller aborts, and at once when already aborted', async () => {
    const controller = new AbortController();
    const running = runner.run(runRequest(catalogTool('sleeps.js'), { signal: controller.signal }).request);
    setTimeout(() => controller.abort(), 50);
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(await runner.run(runRequest(catalogTool('returns-ok.js'), { signal: AbortSignal.abort() }).request)).toEqual({ kind: 'cancelled' });
  });

  it('cuts 2 MB of output to the limit and says so', async () => {
    const outcome = await runner.run(runRequest(catalogTool('big-output.js'), { args: { shape: 'string' }, maxOutputBytes: 1000 }).request);
    expect(outcome).toMatchObject({ kind: 'returned', outputTruncated: { originalBytes: 2_000_002, limitBytes: 1000 } });
    expect(outcome.kind === 'returned' && outcome.result.ok && outcome.result.data).toBe('é'.repeat(499));
  });

  it.each([
    ['function', 'a function at /value'],
    ['cycle', 'a circular reference at /value/self'],
    ['bigint', 'a bigint at /value'],
  ])('reports data holding a %s as a crash', async (kind, where) => {
    const outcome = await runner.run(runRequest(catalogTool('returns-non-json.js'), { args: { kind } }).request);
    expect(outcome).toEqual({ kind: 'crashed', detail: `the handler returned a malformed result: \`data\` is not JSON: ${where}` });
  });

  it('relays audit events, made safe and bounded', async () => {
    const { request, audits } = runRequest(catalogTool('audits.js'));
    expect(await runner.run(request)).toMatchObject({ kind: 'returned' });
    expect(audits).toHaveLength(100);
    expect(audits.slice(0, 4)).toEqual([
      { event: 'kb.search', data: { query: 'refund policy', hits: 3 } },
      { event: 'audit.invalid_event', data: { note: 'event name must be 1 to 64 characters of [a-z0-9_.-]' } },
      { event: 'kb.big', data: { note: 'audit data dropped: 10011 bytes, more than 4096' } },
      { event: 'kb.fn', data: { note: 'audit data dropped: not JSON (a function at /f)' } },
    ]);
  });

  it('turns a workspace refusal thrown by the handler into a POLICY_DENIED tool error', async () => {
    const root = makeTempDir();
    const { request } = runRequest(catalogTool('resolves-path.js'), { args: { path: '../../etc/passwd' } });
    const outcome = await runner.run({ ...request, context: { ...request.context, workspaceRoot: root } });
    expect(outcome).toMatchObject({ kind: 'tool-error', error: { type: 'POLICY_DENIED', message: "Path '../../etc/passwd' is outside the workspace root" } });
  });

  it('refuses a handler whose file changed since the build, without running it', async () => {
    const outcome = await runner.run(runRequest(catalogTool('returns-ok.js', { sha256: '0'.repeat(64) })).request);
    expect(outcome).toEqual({ kind: 'unavailable', message: 'The handler of returns_ok changed since tool_registry.json was built; run acode tools build' });
  });

  it('refuses a missing handler file', async () => {
    const path = join(makeTempDir(), 'gone.js');
    writeFileSync(path, 'export const execute = () => ({ ok: true, data: 1 });');
    const tool = catalogTool('gone.js', { path });
    rmSync(path);
    expect(await runner.run(runRequest(tool).request)).toEqual({ kind: 'unavailable', message: 'The handler of gone is missing; run acode tools build' });
  });

  it('reports a module without an execute function, and one that does not load', async () => {
    expect(await runner.run(runRequest(catalogTool('no-execute.js')).request)).toEqual({ kind: 'crashed', detail: 'the handler module does not export an execute function' });
    const path = join(makeTempDir(), 'broken.js');
    writeFileSync(path, 'export function execute( {');
    expect(await runner.run(runRequest(catalogTool('broken.js', { path })).request)).toMatchObject({ kind: 'crashed', detail: expect.stringMatching(/^the handler module could not be loaded: /) });
  });

  it('imports a module once and reuses it', async () => {
    const path = join(makeTempDir(), 'counter.js');
    writeFileSync(path, 'let runs = 0;\nexport function execute() { runs += 1; return { ok: true, data: runs }; }\n');
    const tool = catalogTool('counter.js', { path });
    const local = new InProcessToolRunner();
    await local.run(runRequest(tool).request);
    expect(await local.run(runRequest(tool).request)).toEqual({ kind: 'returned', result: { ok: true, data: 2 } });
  });

  it('runs a .ts handler with a relative import once the TypeScript hooks are registered', async () => {
    const hooks = (await import(distUrl('execution/index.js'))) as { registerTypeScriptHooks: () => void };
    let registered = 0;
    const local = new InProcessToolRunner({
      registerTypeScriptHooks: () => {
        registered += 1;
        hooks.registerTypeScriptHooks();
      },
    });
    const outcome = await local.run(runRequest(catalogTool('typed-handler.ts'), { args: { word: 'hello' } }).request);
    expect(outcome).toEqual({ kind: 'returned', result: { ok: true, data: 'HELLO!' } });
    expect(registered).toBe(1);
  });

  it('does not hand the handler the caller\'s arguments object', async () => {
    const path = join(makeTempDir(), 'mutates.js');
    writeFileSync(path, 'export function execute({ args }) { args.query = "changed"; return { ok: true, data: null }; }\n');
    const args = { query: 'original' };
    await runner.run(runRequest(catalogTool('mutates.js', { path }), { args }).request);
    expect(args.query).toBe('original');
  });
});
