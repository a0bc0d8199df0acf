import { buildToolRegistry } from '@acode/infrastructure/tool-folders';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../src/start-host.js';
import { send, type RawResponse } from './support/raw-http.js';
import { waitFor } from './support/wait-for.js';

/**
 * The host's execution routes over real HTTP on 127.0.0.1: a project with the repository's shipped
 * tools built into its `tool_registry.json`, the real container, executor and SQLite store.
 */

const REPO_TOOLS = resolve(fileURLToPath(new URL('../../../tools', import.meta.url)));
const STACK_TRACE = /\n\s+at |\.ts:\d+|\.js:\d+/;

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'acode-host-execution-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Project {
  readonly dir: string;
  readonly host: RunningHost;
  readonly version: string | undefined;
  logs(): string;
}

async function startProject(name: string, options: { build: boolean }): Promise<Project> {
  const dir = join(root, name);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), 'tool_registry: {}\n');
  writeFileSync(join(dir, 'notes.txt'), 'inside the workspace\n');
  let version: string | undefined;
  if (options.build) {
    const built = await buildToolRegistry({ toolsDir: REPO_TOOLS, outFile: join(dir, 'tool_registry.json'), gitCommit: () => null });
    if (!built.ok) throw new Error(`the shipped tools did not build: ${JSON.stringify(built.problems)}`);
    version = built.registry.version;
  }
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));
  const host = await startHost({ cwd: dir, homeDir: dir, port: 0, address: '127.0.0.1', logLevel: 'info', logFormat: 'json', logStream });
  return { dir, host, version, logs: () => logText };
}

function post(project: Project, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return send(project.host.address.port, {
    method: 'POST',
    path,
    headers: { ...(text === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(text === undefined ? {} : { body: text }),
  });
}

async function openSession(project: Project, mode: 'text' | 'voice'): Promise<string> {
  const response = await post(project, '/v1/sessions', { mode });
  expect(response.status).toBe(201);
  return response.json().session.id as string;
}

async function execute(project: Project, session: string, tool: string, body: unknown): Promise<RawResponse> {
  return post(project, `/v1/sessions/${session}/tools/${tool}/execute`, body);
}

describe('host execution routes', () => {
  let project: Project;
  beforeAll(async () => {
    project = await startProject('built', { build: true });
  });
  afterAll(async () => {
    await project.host.stop('test over');
    expect(project.logs()).not.toMatch(/"level":"error"/);
  });

  it('reports the built registry in /healthz and logs it at startup', async () => {
    const health = await send(project.host.address.port, { method: 'GET', path: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', tool_registry: { version: project.version, git_commit: null, tools: 6 } });
    expect(project.logs()).toContain(`Loaded tool registry v${project.version} (commit none) with 6 tools`);
  });

  it('opens a session pinned to the registry version, and shows it', async () => {
    const opened = await post(project, '/v1/sessions', { mode: 'voice' });
    expect(opened.status).toBe(201);
    const { session } = opened.json();
    expect(session).toMatchObject({ mode: 'voice', registry_version: project.version, retrieval_calls_this_turn: 0, state: { isActive: true, mode: 'voice' } });
    expect(opened.headers['location']).toBe(`/v1/sessions/${session.id}`);
    const shown = await send(project.host.address.port, { method: 'GET', path: `/v1/sessions/${session.id}` });
    expect(shown.json()).toEqual({ session });
    expect(project.logs()).toContain(`Session ${session.id} opened (voice mode, registry v${project.version})`);
  });

  it('opens a text session when the body is empty', async () => {
    const opened = await post(project, '/v1/sessions');
    expect(opened.status).toBe(201);
    expect(opened.json().session.mode).toBe('text');
  });

  it('runs kb_search in voice with top_k clamped to 3, and enforces the retrieval budget per turn', async () => {
    const session = await openSession(project, 'voice');
    const first = await execute(project, session, 'kb_search', { args: { query: 'onboarding', top_k: 10 } });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, meta: { tool: 'kb_search', registryVersion: project.version, mode: 'voice', clampedArguments: [{ argument: 'top_k', requested: 10, applied: 3 }] } });
    expect((await execute(project, session, 'kb_search', { args: { query: 'render' } })).json().ok).toBe(true);
    const third = await execute(project, session, 'kb_search', { args: { query: 'farm' } });
    expect(third.status).toBe(200);
    expect(third.json()).toMatchObject({ ok: false, error: { type: 'POLICY_DENIED' } });

    const turn = await post(project, `/v1/sessions/${session}/turns`);
    expect(turn.status).toBe(200);
    expect(turn.json().session.retrieval_calls_this_turn).toBe(0);
    expect((await execute(project, session, 'kb_search', { args: { query: 'farm' } })).json().ok).toBe(true);
  });

  it('answers refusals and failures as envelopes with 200: a text-only tool in voice, a path outside the workspace', async () => {
    const voice = await openSession(project, 'voice');
    const denied = await execute(project, voice, 'command_execute', { args: { command: 'ls' } });
    expect(denied.status).toBe(200);
    expect(denied.json()).toMatchObject({ ok: false, error: { type: 'POLICY_DENIED' } });

    const text = await openSession(project, 'text');
    const inside = await execute(project, text, 'read_file', { args: { path: 'notes.txt' } });
    expect(inside.json()).toMatchObject({ ok: true, data: { content: 'inside the workspace\n' }, meta: { tool: 'file_read', requestedName: 'read_file' } });
    const outside = await execute(project, text, 'file_read', { args: { path: '../../etc/passwd' } });
    expect(outside.json()).toMatchObject({ ok: false, error: { type: 'POLICY_DENIED' } });
    expect(outside.text).not.toContain('root:');
  });

  it('runs command_execute only with its confirmation token, once', async () => {
    const session = await openSession(project, 'text');
    const args = { command: 'echo made > made-by-host.txt' };
    const asked = (await execute(project, session, 'command_execute', { args })).json();
    expect(asked).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED', confirmation_request: { tool: 'command_execute' } } });
    expect(existsSync(join(project.dir, 'made-by-host.txt'))).toBe(false);
    const token = asked.error.confirmation_request.confirmation_token as string;

    const other = await execute(project, session, 'command_execute', { args: { command: 'echo other > other.txt' }, confirmation_token: token });
    expect(other.json()).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED' } });
    expect(existsSync(join(project.dir, 'other.txt'))).toBe(false);

    const confirmed = await execute(project, session, 'command_execute', { args, confirmation_token: token });
    expect(confirmed.json()).toMatchObject({ ok: true, data: { exit_code: 0 }, meta: { isolation: 'standard' } });
    expect(readFileSync(join(project.dir, 'made-by-host.txt'), 'utf8')).toBe('made\n');
    const again = await execute(project, session, 'command_execute', { args, confirmation_token: token });
    expect(again.json()).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED', details: { reason: 'used' } } });
  });

  it('cancels a run whose client hangs up: the confirmed command is stopped, its process group too', async () => {
    const session = await openSession(project, 'text');
    const args = { command: 'echo $$ > hung-up.pid; sleep 30', timeout_seconds: 60 };
    const asked = (await execute(project, session, 'command_execute', { args })).json();
    const token = asked.error.confirmation_request.confirmation_token as string;
    const body = JSON.stringify({ args, confirmation_token: token });
    const request = httpRequest({
      host: '127.0.0.1',
      port: project.host.address.port,
      method: 'POST',
      path: `/v1/sessions/${session}/tools/command_execute/execute`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
    });
    request.on('error', () => undefined);
    request.end(body);
    const pidFile = join(project.dir, 'hung-up.pid');
    // The shell's redirect creates the file before `$$` is written into it: wait for the number.
    await waitFor(() => existsSync(pidFile) && /^\d+\n$/.test(readFileSync(pidFile, 'utf8')));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    request.destroy();
    // Bounded wait for the cancellation to reach the shell (the runner's grace is one second); throws if it never does.
    await waitFor(() => !alive(pid));
    // The host still serves, and the token was spent on the cancelled run.
    const again = (await execute(project, session, 'command_execute', { args, confirmation_token: token })).json();
    expect(again).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED', details: { reason: 'used' } } });
  });

  it('replays a repeated execution id and refuses it with other arguments', async () => {
    const session = await openSession(project, 'text');
    const first = (await execute(project, session, 'kb_get', { args: { ids: ['process:onboarding'] }, execution_id: 'exec-1' })).json();
    expect(first).toMatchObject({ ok: true, meta: { executionId: 'exec-1' } });
    const replay = (await execute(project, session, 'kb_get', { args: { ids: ['process:onboarding'] }, execution_id: 'exec-1' })).json();
    expect(replay).toMatchObject({ ok: true, data: first.data, meta: { executionId: 'exec-1', replayed: true } });
    const conflict = (await execute(project, session, 'kb_get', { args: { ids: ['person:mira_okafor'] }, execution_id: 'exec-1' })).json();
    expect(conflict).toMatchObject({ ok: false, error: { type: 'CONFLICT' } });
  });

  describe('hostile and malformed requests', () => {
    let session: string;
    beforeAll(async () => {
      session = await openSession(project, 'text');
    });

    it.each([
      ['not JSON', '{"args": {', 400, 'ACODE-HST-001', 'The body is not valid JSON'],
      ['an array', '[1, 2]', 400, 'ACODE-HST-001', 'The body must be a JSON object'],
      ['args an array', '{"args": [1]}', 400, 'ACODE-HST-001', 'args must be a JSON object'],
      ['args missing', '{}', 400, 'ACODE-HST-001', 'args must be a JSON object'],
      ['an unknown field', '{"args": {}, "sudo": true}', 400, 'ACODE-HST-001', 'Unknown field "sudo"'],
      ['a numeric execution id', '{"args": {}, "execution_id": 7}', 400, 'ACODE-HST-001', 'execution_id must be a string'],
      ['an empty body', '', 400, 'ACODE-HST-001', 'The body is empty'],
    ])('refuses %s with a status and a code', async (_label, body, status, code, message) => {
      const response = await send(project.host.address.port, {
        method: 'POST',
        path: `/v1/sessions/${session}/tools/kb_search/execute`,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
        body,
      });
      expect(response.status).toBe(status);
      expect(response.json().error).toMatchObject({ code });
      expect(response.json().error.message).toContain(message);
      expect(response.text).not.toMatch(STACK_TRACE);
    });

    it('refuses bytes that are not UTF-8, and another media type', async () => {
      const latin = await send(project.host.address.port, {
        method: 'POST',
        path: `/v1/sessions/${session}/tools/kb_search/execute`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      });
      expect(latin.status).toBe(400);
      expect(latin.json().error.message).toBe('The body is not valid UTF-8 text');
      const form = await post(project, `/v1/sessions/${session}/tools/kb_search/execute`, 'args=1', { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(form.status).toBe(415);
    });

    it('refuses a body past the argument limit with 413 without running anything', async () => {
      const huge = JSON.stringify({ args: { query: 'x'.repeat(1_100_000) } });
      const response = await post(project, `/v1/sessions/${session}/tools/kb_search/execute`, huge);
      expect(response.status).toBe(413);
      expect(response.json().error.code).toBe('ACODE-TSR-009');
    });

    it('answers arguments nested 100,000 deep with a VALIDATION envelope, never a crash', async () => {
      const deep = `{"args": {"query": "q", "filters": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
      const response = await post(project, `/v1/sessions/${session}/tools/kb_search/execute`, deep);
      expect(response.status).toBe(200);
      const envelope = response.json();
      expect(envelope).toMatchObject({ ok: false, error: { type: 'VALIDATION' } });
      expect(JSON.stringify(envelope)).toContain('ACODE-TSR-009');
      // Still serving.
      expect((await send(project.host.address.port, { method: 'GET', path: '/healthz' })).status).toBe(200);
    });

    it('answers an unknown tool and an unknown session distinctly', async () => {
      const unknownTool = await execute(project, session, 'rm_rf', { args: {} });
      expect(unknownTool.status).toBe(200);
      expect(unknownTool.json()).toMatchObject({ ok: false, error: { type: 'NOT_FOUND' } });
      const longId = 'z'.repeat(1000);
      const unknownSession = await execute(project, longId, 'kb_search', { args: { query: 'q' } });
      expect(unknownSession.status).toBe(404);
      expect(unknownSession.json().error.code).toBe('ACODE-HST-004');
      expect(unknownSession.text.length).toBeLessThan(600);
      expect((await post(project, `/v1/sessions/${longId}/turns`)).status).toBe(404);
      expect((await send(project.host.address.port, { method: 'GET', path: '/v1/sessions/nope' })).json().error.code).toBe('ACODE-HST-004');
    });

    it.each([
      [{ mode: 'shout' }, 'mode must be one of: text, voice'],
      [{ mode: ['voice'] }, 'mode must be one of: text, voice'],
      [{ mode: 'voice', admin: true }, 'Unknown field "admin"'],
      ['"voice"', 'The body must be a JSON object'],
    ])('refuses the session body %j', async (body, message) => {
      const response = await post(project, '/v1/sessions', body);
      expect(response.status).toBe(400);
      expect(response.json().error.message).toContain(message);
    });

    it('refuses a session body past 1 KiB with 413', async () => {
      const response = await post(project, '/v1/sessions', { mode: 'text', pad: 'x'.repeat(2000) });
      expect(response.status).toBe(413);
    });
  });
});

describe('a host without tool_registry.json', () => {
  it('serves the registry routes, answers the session routes with 503 (ACODE-TBD-010) and opens no database', async () => {
    const project = await startProject('unbuilt', { build: false });
    try {
      const health = await send(project.host.address.port, { method: 'GET', path: '/healthz' });
      expect(health.json()).toMatchObject({ status: 'ok', tool_registry: null });
      const tools = await send(project.host.address.port, { method: 'GET', path: '/v1/tools' });
      expect(tools.status).toBe(200);
      const opened = await post(project, '/v1/sessions', { mode: 'text' });
      expect(opened.status).toBe(503);
      expect(opened.json().error).toMatchObject({ code: 'ACODE-TBD-010' });
      expect(opened.json().error.message).toContain('build:tools');
      expect((await execute(project, 'any', 'file_read', { args: { path: 'notes.txt' } })).status).toBe(503);
      expect(existsSync(join(project.dir, '.agent', 'acode.db'))).toBe(false);
    } finally {
      await project.host.stop('test over');
    }
  });
});

/**
 * Whether `pid` still runs; a zombie (a killed process nobody reaped yet) runs nothing. The same
 * as `packages/infrastructure/test/support/process-state.ts`, which this package's `rootDir` keeps
 * out of reach.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
