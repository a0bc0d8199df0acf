import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';

// The built host, spawned in a project directory: its start-up lines, and SIGHUP re-reading
// .agent/config.yml.

const MAIN = resolve(fileURLToPath(import.meta.url), '../../../dist/main.js');
const LISTENING = /Acode host listening on (http:\/\/127\.0\.0\.1:\d+)\n/;

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`Build the host first: cd apps/host && npx -y pnpm@10.34.9 run build (missing ${MAIN})`);
});

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

interface Spawned {
  readonly child: ChildProcess;
  stderr(): string;
  /** The first match of `pattern` in what was logged from `from` (a character offset) on. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<RegExpExecArray>;
}

function project(config?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'acode-host-settings-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (config !== undefined) {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), config);
  }
  return dir;
}

function spawnHost(dir: string): Spawned {
  const child = spawn(process.execPath, [MAIN, '--port', '0'], { cwd: dir, env: { ...process.env, HOME: dir, ACODE_HOST_PORT: '', ACODE_HOST_ADDRESS: '' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  let text = '';
  const waiters = new Set<() => void>();
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of [...waiters]) waiter();
  });
  return {
    child,
    stderr: () => text,
    waitFor(pattern, from = 0, timeoutMs = 15_000) {
      return new Promise((resolveMatch, reject) => {
        const check = (): void => {
          const match = pattern.exec(text.slice(from));
          if (match === null) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolveMatch(match);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; the host logged:\n${text}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

async function upstream(name: string): Promise<ScriptedModelServer> {
  const server = await startScriptedModelServer({ script: () => ({ kind: 'text', content: `from ${name}` }) });
  cleanups.push(() => server.close());
  return server;
}

const configFor = (server: ScriptedModelServer): string => `gateway:\n  upstream:\n    base_url: ${server.url}/v1\n    type: openai-compatible\n`;

async function chat(url: string): Promise<string> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Who are you?' }] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content;
}

describe('acode-host start-up lines', () => {
  it('name the project and its file, the upstream, the gateway routes and the page', async () => {
    const a = await upstream('A');
    const dir = project(configFor(a));
    const host = spawnHost(dir);
    const url = (await host.waitFor(LISTENING))[1]!;
    await host.waitFor(/Host page: /);
    const after = host.stderr().slice(host.stderr().indexOf('Acode host listening on'));
    const lines = after.split('\n').map((line) => line.replace(/^\[\d\d:\d\d:\d\d INF\] /, ''));
    expect(lines.slice(1, 5)).toEqual([
      `Project directory ${dir}: reads ${join(dir, '.agent', 'config.yml')}`,
      `Gateway upstream: openai-compatible at ${a.url}/v1 (set gateway.upstream to change it)`,
      `Gateway routes at ${url}: POST /v1/chat/completions (OpenAI Chat Completions), /api/chat (Ollama), /v1/messages (Anthropic Messages), /v1/responses (OpenAI Responses)`,
      `Host page: ${url}/`,
    ]);
    // The page is where the line says.
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('say when the project has no configuration file and the defaults apply', async () => {
    const dir = project();
    const host = spawnHost(dir);
    await host.waitFor(/Host page: /);
    expect(host.stderr()).toContain(`Project directory ${dir}: no .agent/config.yml there, defaults apply ('acode config set KEY VALUE' creates one)\n`);
    expect(host.stderr()).toContain('Gateway upstream: ollama at http://127.0.0.1:11434 (set gateway.upstream to change it)\n');
  });
});

describe.skipIf(process.platform === 'win32')('acode-host on SIGHUP', () => {
  it('re-reads the configuration: says so when nothing changed, applies a changed upstream', async () => {
    const a = await upstream('A');
    const b = await upstream('B');
    const dir = project(configFor(a));
    const host = spawnHost(dir);
    const url = (await host.waitFor(LISTENING))[1]!;
    await host.waitFor(/Host page: /);
    expect(await chat(url)).toBe('from A');

    let from = host.stderr().length;
    host.child.kill('SIGHUP');
    await host.waitFor(/INF\] Configuration re-read \(SIGHUP\): no setting changed\n/, from);

    from = host.stderr().length;
    writeFileSync(join(dir, '.agent', 'config.yml'), configFor(b));
    host.child.kill('SIGHUP');
    // The watch may see the change first; either way one line says what was applied.
    const line = await host.waitFor(/INF\] Configuration reloaded from .* \((SIGHUP|file changed)\): applied gateway\.upstream\.base_url \(upstream now openai-compatible at (.+)\)\n/, from);
    expect(line[2]).toBe(`${b.url}/v1`);
    expect(await chat(url)).toBe('from B');
    // The host is still running, and stops cleanly.
    host.child.kill('SIGTERM');
    await host.waitFor(/Acode host stopped/, from);
  });

  it('survives a SIGHUP while starting and answers it once started, and one while stopping', async () => {
    const a = await upstream('A');
    const dir = project(configFor(a));
    const host = spawnHost(dir);
    // The first line logged is the startup's registration, before the host listens.
    await host.waitFor(/\S/);
    expect(host.stderr()).not.toMatch(LISTENING);
    host.child.kill('SIGHUP');
    const url = (await host.waitFor(LISTENING))[1]!;
    await host.waitFor(/INF\] Configuration re-read \(SIGHUP\): no setting changed\n/);
    expect(await chat(url)).toBe('from A');

    const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) => host.child.once('exit', (code, signal) => done([code, signal])));
    host.child.kill('SIGTERM');
    host.child.kill('SIGHUP');
    expect(await exited).toEqual([0, null]);
    expect(host.stderr()).toContain('Acode host stopped');
  });
});
