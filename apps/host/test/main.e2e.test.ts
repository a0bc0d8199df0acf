import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = resolve(fileURLToPath(import.meta.url), '../../dist/main.js');
const LISTENING = /Acode host listening on http:\/\/127\.0\.0\.1:(\d+)/;

/** A spawned host with its standard error collected. */
interface Spawned {
  readonly child: ChildProcess;
  stderr(): string;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

let dir: string;
beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`Build the host first: cd apps/host && npx tsc -p tsconfig.build.json (missing ${MAIN})`);
  // An empty project and home directory: no configuration but the defaults.
  dir = mkdtempSync(join(tmpdir(), 'acode-host-e2e-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function spawnHost(args: readonly string[]): Spawned {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: dir, env: { ...process.env, HOME: dir, ACODE_HOST_PORT: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const waiters: Array<() => void> = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of waiters.splice(0)) waiter();
  });
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return {
    child,
    stderr: () => text,
    exited,
    waitFor(pattern) {
      return new Promise((resolveMatch, reject) => {
        const check = (): void => {
          const match = pattern.exec(text);
          if (match) return resolveMatch(match);
          waiters.push(check);
        };
        void exited.then((code) => reject(new Error(`host exited with ${code} before ${pattern}:\n${text}`)));
        check();
      });
    },
  };
}

describe('acode-host (spawned)', () => {
  it('logs scenario 1, serves, and drains an in-flight request on SIGTERM', async () => {
    const host = spawnHost(['--port', '0']);
    const port = Number((await host.waitFor(LISTENING))[1]);
    const log = host.stderr();

    const lines = log.split('\n');
    const index = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const starting = index(/^\[\d\d:\d\d:\d\d INF\] Starting Tool Schema Registry initialization\.\.\.$/);
    const registered = ['file_read', 'file_write', 'directory_list', 'command_execute'].map((name) =>
      index(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d INF\\] Registering tool '${name}' v1\\.0\\.0 \\(hash: [0-9a-f]{12}\\)$`)),
    );
    const initialized = index(/^\[\d\d:\d\d:\d\d INF\] Tool Schema Registry initialized with \d+ tools in \d+ms$/);
    const listening = index(LISTENING);
    expect(starting).toBeGreaterThanOrEqual(0);
    for (const line of registered) {
      expect(line).toBeGreaterThan(starting);
      expect(line).toBeLessThan(initialized);
    }
    expect(initialized).toBeLessThan(listening);
    expect(log).not.toMatch(/ ERR\]|Skipping tool/);

    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } })).json();
    expect(health).toMatchObject({ status: 'ok', tools: expect.any(Number) });

    // An in-flight request: the head and half the body are sent, the rest only after SIGTERM.
    const body = '{"path":"README.md"}';
    let finishBody!: () => void;
    const response = new Promise<{ status: number; text: string }>((resolveResponse, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/tools/read_file/validate',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 8));
      finishBody = () => req.end(body.slice(8));
    });
    // A request served after the first was sent means the host has accepted and parsed the first.
    await (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } })).text();

    host.child.kill('SIGTERM');
    await host.waitFor(/Acode host stopping \(SIGTERM\); draining 1 in-flight request\(s\)/);
    finishBody();

    const completed = await response;
    expect(completed.status).toBe(200);
    expect(JSON.parse(completed.text)).toMatchObject({ success: true, tool: 'file_read', requested_name: 'read_file', arguments: { path: 'README.md' } });
    expect(await host.exited).toBe(0);
    expect(host.stderr()).toMatch(/Acode host stopped/);
    expect(host.stderr()).not.toMatch(/\n\s+at /); // no stack trace anywhere
  });

  it('exits 1 with one coded line when the port is taken', async () => {
    const first = spawnHost(['--port', '0']);
    const port = Number((await first.waitFor(LISTENING))[1]);
    const second = spawnHost(['--port', String(port)]);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`[ACODE-HST-002] Cannot listen on 127.0.0.1:${port}: the port is already in use\n`);
    expect(second.stderr()).not.toMatch(/\n\s+at /);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  });

  it('exits 2 with the configuration code for a bad configuration file', async () => {
    const config = join(dir, 'bad.yml');
    writeFileSync(config, 'tool_registry: [unclosed\n');
    const host = spawnHost(['--port', '0', '--config', config]);
    expect(await host.exited).toBe(2);
    expect(host.stderr()).toMatch(/^\[ACODE-CFG-00\d\] .+/m);
    expect(host.stderr()).not.toMatch(/\n\s+at /);
    expect(host.stderr()).not.toMatch(LISTENING);
  });

  it('exits 2 with a usage line for a bad flag', async () => {
    const host = spawnHost(['--port', 'eighty']);
    expect(await host.exited).toBe(2);
    expect(host.stderr()).toBe("[ACODE-CLI-001] --port must be an integer from 0 to 65535, got 'eighty'\n");
  });
});
