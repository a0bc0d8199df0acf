/**
 * The README followed as a new user follows it, commands run as written.
 *
 * A fresh clone of this repository (with the working tree's uncommitted changes applied, so a run
 * before a commit judges what the commit will hold; in CI there are none), Quick start line 1 run
 * there verbatim (install, build, host) and stopped as Ctrl-C stops it, then the commands of
 * "Your first hour", one by one, against a scripted model server on 127.0.0.1 standing in for
 * Ollama. The server answers with the broken call the README shows; the README's own words say
 * what changes for another server (its URL) and port (`ACODE_HOST_PORT`), and only those are
 * substituted. Each step's output is checked: the repaired call reaches the client with the
 * headers the README shows, and the statistics count it.
 *
 * Needs git, bash and curl, and pnpm's store warm (the suite runs after the repository's own
 * install, so the clone's install only links). The clone's build reads turbo's cache of this
 * repository, read-only: `pnpm test` has just built the same sources here, so the clone's build
 * restores those outputs in seconds instead of compiling for two minutes more (the build itself
 * is proven by the repository's own). `ACODE_WALKTHROUGH_COLD=1` builds the clone from nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;
/** The model server's address as the README writes it; the test's scripted server replaces it. */
const README_UPSTREAM = 'http://127.0.0.1:11434';
/** The host's address as the README writes it; the port the host really took replaces it. */
const README_HOST = '127.0.0.1:7420';

// Made in `beforeAll`: importing the file (to list or filter its tests) creates nothing.
let work = '';
let clone = '';
let home = '';
const started: ChildProcess[] = [];

let upstream: Server;
let upstreamUrl = '';
let upstreamRequests: { path: string; body: string }[] = [];
/** What the scripted model writes: the broken call the README shows. */
let modelText = '';

describe('the README, followed from a fresh clone', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'acode-readme-walk-'));
    clone = join(work, 'clone');
    home = join(work, 'home');
    mkdirSync(home);
    git(['clone', '--quiet', '--no-hardlinks', root, clone], work);
    applyWorkingTreeChanges(clone);
    upstream = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        upstreamRequests.push({ path: request.url ?? '', body });
        if (request.method !== 'POST' || request.url !== '/api/chat') {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
          return;
        }
        // An Ollama /api/chat answer whose model wrote its call in text, broken.
        const model = (JSON.parse(body) as { model?: string }).model ?? 'unknown';
        const answer = { model, created_at: new Date().toISOString(), message: { role: 'assistant', content: modelText }, done: true, done_reason: 'stop', prompt_eval_count: 12, eval_count: 9 };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  }, 2 * MINUTE);

  afterAll(async () => {
    for (const child of started) stopGroup(child, 'SIGKILL');
    await new Promise<void>((done) => (upstream ? upstream.close(() => done()) : done()));
    if (work !== '') rmSync(work, { recursive: true, force: true });
  }, MINUTE);

  it(
    'Quick start line 1 installs, builds and starts the host, which Ctrl-C stops cleanly',
    async () => {
      const line1 = quickStartLines(readme())[0]!;
      expect(line1).toMatch(/node apps\/host\/dist\/main\.js$/);
      const host = startInBackground(line1);
      const url = await listeningUrl(host, 6 * MINUTE);
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe('ok');
      // Ctrl-C: SIGINT to the whole foreground group.
      stopGroup(host, 'SIGINT');
      expect(await exitCode(host, 30_000)).toBe(0);
    },
    7 * MINUTE,
  );

  it(
    '"Your first hour" runs step by step: the broken call comes back repaired, and the statistics count it',
    async () => {
      const text = readme();
      const section = sectionOf(text, '## Your first hour');
      const commands = shellCommands(section);
      // The README's own words for what to change: the model server's URL and the host's port.
      expect(commands.join('\n')).toContain(README_UPSTREAM);
      expect(commands.join('\n')).toContain(README_HOST);
      expect(section).toMatch(/ACODE_HOST_PORT|--port/);
      modelText = /`(<tool_call>.*?<\/tool_call>)`/.exec(section)?.[1] ?? '';
      expect(modelText).not.toBe('');
      upstreamRequests = [];

      let hostAddress = README_HOST;
      const seen = { configSet: 0, host: 0, request: 0, stats: 0 };
      for (const written of commands) {
        const command = written.replaceAll(README_UPSTREAM, upstreamUrl).replaceAll(README_HOST, hostAddress);
        if (/&\s*$/.test(command)) {
          // A command the README sends to the background: the host. Its port is read from its first lines.
          expect(command).toMatch(/node apps\/host\/dist\/main\.js/);
          const host = startInBackground(command.replace(/&\s*$/, ''));
          hostAddress = new URL(await listeningUrl(host, MINUTE)).host;
          seen.host++;
          continue;
        }
        if (/\bproviders stats gateway\b/.test(command)) {
          // Telemetry rows are written in batches, within a second of the answer.
          const output = await eventually(() => run(command), (out) => /Auto-Repaired:\s+1\b/.test(out), 15_000);
          expect(output).toMatch(/Total Tool Calls:\s+1\b/);
          expect(output).toMatch(/Single quotes:\s+1\b/);
          expect(output).toMatch(/Trailing comma:\s+1\b/);
          expect(output).toContain(`qwen3:8b via ${upstreamUrl}`);
          seen.stats++;
          continue;
        }
        const output = await run(command);
        if (/\bconfig set gateway\.upstream\./.test(command)) {
          expect(output).toMatch(/^Set gateway\.upstream\.(base_url|type) = /m);
          seen.configSet++;
        } else if (/^curl\b/.test(command)) {
          checkRepairedAnswer(output, section);
          seen.request++;
        }
      }
      expect(seen).toEqual({ configSet: 2, host: 1, request: 1, stats: 1 });
      // The call went to the model server the README's first command named, once: a repair, not a retry.
      expect(upstreamRequests.filter((request) => request.path === '/api/chat')).toHaveLength(1);
      expect(readFileSync(join(clone, '.agent', 'config.yml'), 'utf8')).toContain(upstreamUrl);
    },
    3 * MINUTE,
  );
});

/** The clone's README: what a new user reads. */
function readme(): string {
  return readFileSync(join(clone, 'README.md'), 'utf8');
}

/** The two lines of the Quick start's sh block. */
function quickStartLines(text: string): string[] {
  const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  return block.split('\n').filter((line) => line.trim() !== '');
}

/** From `heading` to the next heading of the same level. */
function sectionOf(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `the README has no "${heading}" section`).toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n## ', start + heading.length + 2);
  return text.slice(start, next === -1 ? undefined : next);
}

/**
 * The commands of a section's first ```sh block: comment lines left out, a command continued
 * over lines while a single-quoted string is open or a line ends with `\`.
 */
function shellCommands(section: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block, 'the section has no ```sh block').toBeDefined();
  const commands: string[] = [];
  let pending = '';
  for (const line of block!.split('\n')) {
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    pending = pending === '' ? line : `${pending}\n${line}`;
    const openQuote = (pending.match(/'/g)?.length ?? 0) % 2 === 1;
    if (!openQuote && !pending.endsWith('\\')) {
      commands.push(pending);
      pending = '';
    }
  }
  expect(pending).toBe('');
  return commands;
}

/**
 * The curl step's output: headers, a blank line, the body. The call must come back clean, and
 * every `x-acode-…` line the README shows must be among the headers.
 */
function checkRepairedAnswer(output: string, section: string): void {
  const split = output.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const head = output.slice(0, split).toLowerCase();
  expect(head).toMatch(/^http\/1\.1 200 /);
  const shown = [...section.matchAll(/^\s*(x-acode-[a-z-]+: .+)$/gm)].map((match) => match[1]!.trim().toLowerCase());
  expect(shown.length).toBeGreaterThan(0);
  for (const line of shown) expect(head).toContain(`\r\n${line}\r\n`);
  const body = JSON.parse(output.slice(split + 4)) as { choices: { message: { tool_calls?: { function: { name: string; arguments: string } }[] }; finish_reason: string }[] };
  expect(body.choices[0]!.finish_reason).toBe('tool_calls');
  expect(body.choices[0]!.message.tool_calls?.map((call) => call.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
}

/**
 * The environment a user's shell would give: this process's, without what vitest and a pnpm
 * script run leave in it (INIT_CWD would make the CLI write into this repository), with an
 * empty home (no user-level configuration) and the host's port chosen by the system.
 */
function userEnv(): NodeJS.ProcessEnv {
  const keep = /^npm_config_(registry|cache|store_dir|cafile|ca|proxy|https_proxy|http_proxy|noproxy|strict_ssl|userconfig|globalconfig|fetch_.*|@.*:registry)$/i;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => {
      if (/^npm_/i.test(key)) return keep.test(key);
      return !/^(pnpm_|PNPM_|INIT_CWD$|NODE_PATH$|NODE_OPTIONS$|VITEST|TEST$|TURBO_(?!TELEMETRY))/.test(key);
    }),
  );
  // The pnpm store and npx's cache stay where this machine keeps them, so the clone's install links instead of downloading.
  const realHome = process.env['HOME'];
  return {
    ...env,
    HOME: home,
    USERPROFILE: home,
    XDG_DATA_HOME: process.env['XDG_DATA_HOME'] ?? (realHome ? join(realHome, '.local', 'share') : undefined),
    XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'] ?? (realHome ? join(realHome, '.cache') : undefined),
    npm_config_cache: process.env['npm_config_cache'] ?? process.env['NPM_CONFIG_CACHE'] ?? (realHome ? join(realHome, '.npm') : undefined),
    TURBO_TELEMETRY_DISABLED: '1',
    ...(process.env['ACODE_WALKTHROUGH_COLD'] === '1' ? {} : { TURBO_CACHE_DIR: join(root, '.turbo', 'cache'), TURBO_CACHE: 'local:r' }),
    ACODE_HOST_PORT: '0',
  };
}

/**
 * Runs one command with bash in the clone; a non-zero exit fails with its output. Asynchronous:
 * the scripted model server lives in this process and must answer while the command runs.
 */
async function run(command: string): Promise<string> {
  const child = startInBackground(command);
  const code = await exitCode(child, MINUTE);
  if (code !== 0) throw new Error(`\`${command}\` exited ${code ?? child.signalCode}\n${child.output()}`);
  return child.output();
}

/** Starts a command with bash in the clone, in a process group of its own (so it can be stopped as Ctrl-C stops it). */
function startInBackground(command: string): ChildProcess & { output: () => string } {
  const child = spawn('bash', ['-c', command], { cwd: clone, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

/** The URL of the host's `Acode host listening on http://…` line, once it appears. */
async function listeningUrl(host: ChildProcess & { output: () => string }, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /Acode host listening on (http:\/\/[^\s]+)/.exec(host.output())?.[1];
    if (url !== undefined) return url;
    if (host.exitCode !== null || host.signalCode !== null) throw new Error(`exited ${host.exitCode ?? host.signalCode} before listening:\n${host.output().slice(-6000)}`);
    if (Date.now() > deadline) throw new Error(`not listening after ${timeoutMs} ms:\n${host.output().slice(-6000)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * Sends `signal` to the child's whole process group (bash and what it started). Sent even when
 * bash itself has exited: what it started may still be running in the group.
 */
function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    // ESRCH: the whole group is gone already.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The child's exit code once it has exited and its output is read, or a failure after `timeoutMs`. */
function exitCode(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`still running after ${timeoutMs} ms`)), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      done(code);
    });
  });
}

/** Runs `attempt` until `accept` takes its result or `timeoutMs` passes; the last result is returned either way. */
async function eventually(attempt: () => Promise<string>, accept: (result: string) => boolean, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (accept(result) || Date.now() > deadline) return result;
    await new Promise((done) => setTimeout(done, 300));
  }
}

/** Runs git; a failure throws with its output. */
function git(args: readonly string[], cwd: string, input?: Buffer): Buffer {
  const result = spawnSync('git', args, { cwd, input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} exited ${result.status ?? result.signal}: ${result.stderr.toString()}`);
  return result.stdout;
}

/**
 * Brings the repository's uncommitted state into the clone: the diff of tracked files against
 * HEAD, and the files not yet tracked (ignored ones left out, as a commit would leave them).
 */
function applyWorkingTreeChanges(target: string): void {
  const diff = git(['diff', 'HEAD', '--binary'], root);
  if (diff.length > 0) git(['apply', '--binary', '--whitespace=nowarn', '-'], target, diff);
  const untracked = git(['ls-files', '--others', '--exclude-standard', '-z'], root).toString('utf8').split('\0').filter(Boolean);
  for (const file of untracked) {
    const source = join(root, file);
    if (!existsSync(source)) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(source, join(target, file));
  }
}
