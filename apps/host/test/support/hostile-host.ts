import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A real host (`node apps/host/dist/main.js`) and a hostile model server (hostile-upstream.mjs),
// each its own process, so what is measured is the host's own memory, event loop and health
// route under attack, for the tests that attack it.

export const MAIN = resolve(fileURLToPath(import.meta.url), '../../../dist/main.js');
export const UPSTREAM = resolve(fileURLToPath(import.meta.url), '../hostile-upstream.mjs');
export const MiB = 1024 * 1024;

/** What {@link startUpstream} and {@link startHost} started, for {@link stopAll}. */
const started: Child[] = [];
const projects: string[] = [];

/** Stops every process started here and removes the hosts' project folders: a test file's `afterAll`. */
export async function stopAll(): Promise<void> {
  await Promise.all(started.splice(0).map((child) => child.stop()));
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface Child {
  readonly child: ChildProcess;
  readonly output: () => string;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

export function run(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Child {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, HOME: options.cwd, ACODE_HOST_PORT: '', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const waiters: Array<() => void> = [];
  const collect = (chunk: Buffer): void => {
    text = (text + chunk.toString('utf8')).slice(-200_000);
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    output: () => text,
    waitFor(pattern) {
      return new Promise((found, fail) => {
        const check = (): void => {
          const match = pattern.exec(text);
          if (match) return found(match);
          waiters.push(check);
        };
        void exited.then(() => fail(new Error(`exited before ${pattern}:\n${text}`)));
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      await exited;
    },
  };
}

export async function startUpstream(bytes: number): Promise<{ port: number; process: Child }> {
  const upstream = run([UPSTREAM], { cwd: tmpdir(), env: { HOSTILE_STREAM_BYTES: String(bytes) } });
  started.push(upstream);
  const port = Number((await upstream.waitFor(/listening (\d+)/))[1]);
  return { port, process: upstream };
}

export async function startHost(upstreamPort: number, gateway: Record<string, number>, heapMiB?: number): Promise<{ port: number; process: Child; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'acode-memory-'));
  mkdirSync(join(dir, '.agent'));
  writeFileSync(
    join(dir, '.agent', 'config.yml'),
    ['gateway:', '  upstream:', `    base_url: http://127.0.0.1:${upstreamPort}/v1`, '    type: openai-compatible', ...Object.entries(gateway).map(([key, value]) => `  ${key}: ${value}`), ''].join('\n'),
  );
  projects.push(dir);
  const host = run([...(heapMiB === undefined ? [] : [`--max-old-space-size=${heapMiB}`]), MAIN, '--port', '0'], { cwd: dir });
  started.push(host);
  const port = Number((await host.waitFor(/Acode host listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
  return { port, process: host, dir };
}

export function chatBody(model: string): string {
  return JSON.stringify({
    model,
    stream: true,
    messages: [{ role: 'user', content: 'Tell me about the weather in Paris.' }],
    tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
  });
}

/** A streamed chat request; `read: false` leaves the answer unread (a client that stalls). */
export function stream(port: number, model: string, read: boolean): { done: Promise<{ status: number; tail: string }>; destroy(): void } {
  let response: IncomingMessage | undefined;
  const body = chatBody(model);
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/chat/completions', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const done = new Promise<{ status: number; tail: string }>((finish) => {
    req.on('response', (res) => {
      response = res;
      let tail = '';
      if (!read) res.pause();
      res.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString('utf8')).slice(-4096);
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, tail }));
      res.on('error', () => finish({ status: res.statusCode ?? 0, tail }));
      res.on('close', () => finish({ status: res.statusCode ?? 0, tail }));
    });
    req.on('error', (error) => finish({ status: 0, tail: String(error) }));
  });
  req.end(body);
  return {
    done,
    destroy() {
      response?.destroy();
      req.destroy();
    },
  };
}

/** Asks `/healthz` over and over (one at a time) until stopped; resolves with every latency seen. */
export function probeHealth(port: number): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  // One kept-alive connection, as a load balancer's health checks use: its latency is the host's.
  const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await new Promise<void>((answered) => {
        const req = request({ host: '127.0.0.1', port, path: '/healthz', agent: probeAgent }, (res) => {
          res.resume();
          res.on('end', () => answered());
        });
        req.on('error', () => answered());
        req.end();
      });
      latencies.push(performance.now() - started);
      await new Promise((wait) => setTimeout(wait, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      probeAgent.destroy();
      return latencies;
    },
  };
}

export async function upstreamStats(port: number): Promise<{ written: number; open: number }> {
  return (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as { written: number; open: number };
}

/** The host's peak resident memory (VmHWM), in MiB. */
export function peakResidentMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}
