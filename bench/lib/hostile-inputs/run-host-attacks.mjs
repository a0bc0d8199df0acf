// @ts-check
/**
 * The "Hostile inputs: the host under attack" rows of the bench: attacks on the real host process
 * (`node --max-old-space-size=512 apps/host/dist/main.js --port 0`, started with the bench-only
 * preload `host-probe-preload.mjs`, which measures its heap and event loop from inside), its
 * upstream the hostile model server of the host's tests (`apps/host/test/support/hostile-upstream.mjs`)
 * as a process of its own. This process only plays the clients and probes `/healthz`.
 *
 * - `streamed-memory` mirrors the last test of `apps/host/test/gateway/memory-bounds.test.ts`: 256
 *   slots, 256 streamed chat requests whose upstream answers are 50 MB each, opened 16 at a time
 *   20 ms apart: 252 of model `held` (the text opens a call and never closes it, so the gateway must
 *   hold it back until a memory limit cuts it) and 4 of model `forward` whose clients never read.
 * - `slowloris`: default slots (32), `gateway.body_timeout_ms: 2000`, 80 raw TCP clients sending a
 *   chat POST head then trickling its 1,000-byte body a byte every 200 ms; meanwhile ordinary
 *   non-streamed chat requests (model `ok`) are sent one after another and timed.
 *
 * During each attack `/healthz` is asked every 20 ms on ONE kept-alive connection (a new connection
 * per probe would measure the kernel's TCP memory pressure on loopback, not the host). Each attack
 * stops by itself within about 30 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoPath } from '../repo-paths.mjs';

const MiB = 1024 * 1024;

/** `/healthz` worst latency goal during an attack (the issue's). */
export const HEALTH_GOAL_MS = 100;

/** Longest the host's event loop may be held during an attack (the issue's). */
export const HOST_HOLD_GOAL_MS = 50;

/** The host's heap limit in both attacks. */
export const HOST_HEAP_MIB = 512;

const MAIN = 'apps/host/dist/main.js';
const UPSTREAM = 'apps/host/test/support/hostile-upstream.mjs';
const PRELOAD = repoPath('bench/lib/hostile-inputs/host-probe-preload.mjs');

/**
 * @typedef {object} HostAttackRow
 * @property {string} id `streamed-memory` or `slowloris`.
 * @property {string} label
 * @property {number} clients Attacking clients.
 * @property {number} seconds How long the attack ran (from the first client to the last answer).
 * @property {number} [peakHeapMiB] The host's highest `heapUsed` during the attack; absent when its probe wrote nothing.
 * @property {number} [holdMs] Longest the host's event loop was held during the attack.
 * @property {number} [holdGapMs] The host's longest gap between two ticks of its 10 ms sampling timer, less 10 ms (a cross-check of `holdMs`).
 * @property {number} [holdGapCpuMs] CPU time its process (all threads) used over that gap: near
 *   `holdGapMs`, the host was busy; far below, it was waiting for a core.
 * @property {number} peakRssMiB The host's peak resident memory over its life (VmHWM).
 * @property {number} healthWorstMs
 * @property {number} healthMedianMs
 * @property {number} healthProbes `/healthz` answers timed.
 * @property {number} healthGoalMs
 * @property {number} holdGoalMs
 * @property {string} outcome What the clients got.
 * @property {string} [problem] Set when the host did not hold: it died, a client got an answer it should not have, or a figure is missing.
 */

/**
 * @typedef {object} HostAttackResult
 * @property {HostAttackRow[]} rows
 * @property {string[]} notes Why an attack was not measured.
 */

/**
 * @typedef {object} Child
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output The last 200,000 characters of its stdout and stderr.
 * @property {(pattern: RegExp, timeoutMs: number) => Promise<RegExpExecArray>} waitFor
 * @property {() => boolean} running
 * @property {(graceMs?: number) => Promise<void>} stop SIGTERM, then SIGKILL after `graceMs` (5 s).
 */

/**
 * @param {readonly string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Child}
 */
function run(args, cwd, env = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, HOME: cwd, ACODE_HOST_PORT: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  /** @type {Array<() => void>} */
  const waiters = [];
  const collect = (/** @type {Buffer} */ chunk) => {
    text = (text + chunk.toString('utf8')).slice(-200_000);
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise((done) => child.once('exit', () => done(undefined)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => text,
    running,
    waitFor(pattern, timeoutMs) {
      return new Promise((found, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${pattern} within ${timeoutMs} ms: ${text.slice(-500)}`)), timeoutMs);
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            clearTimeout(timer);
            return found(match);
          }
          waiters.push(check);
        };
        void exited.then(() => {
          clearTimeout(timer);
          fail(new Error(`exited before ${pattern}: ${text.slice(-500)}`));
        });
        check();
      });
    },
    async stop(graceMs = 5000) {
      if (running()) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(killer);
      }
      await exited;
    },
  };
}

/**
 * The port a process listens on, from /proc (the host logs it only at info level, and the bench
 * runs it at warn so that request lines do not measure the logger).
 *
 * @param {Child} host
 * @returns {Promise<number>}
 */
async function listeningPort(host) {
  const pid = host.child.pid;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (!host.running() || pid === undefined) throw new Error(`the host exited: ${host.output().slice(-500)}`);
    try {
      const inodes = new Set();
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]);
      }
      for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // State 0A is LISTEN.
        if (fields[3] === '0A' && inodes.has(fields[9])) return parseInt(fields[1]?.split(':')[1] ?? '0', 16);
      }
    } catch {
      // The process is still starting.
    }
    await sleep(50);
  }
  throw new Error(`the host did not listen: ${host.output().slice(-500)}`);
}

/**
 * @param {number} pid
 * @returns {number} Peak resident memory (VmHWM), MiB; 0 when unreadable.
 */
function peakResidentMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * @typedef {object} HostUnderAttack
 * @property {Child} process
 * @property {number} port
 * @property {string} dir
 * @property {string} probeFile Where the preload writes its summary.
 */

/**
 * @param {number} upstreamPort
 * @param {Record<string, number>} gateway Settings under `gateway:` besides the upstream.
 * @returns {Promise<HostUnderAttack>}
 */
async function startHost(upstreamPort, gateway) {
  const dir = mkdtempSync(join(tmpdir(), 'acode-host-attack-'));
  mkdirSync(join(dir, '.agent'));
  writeFileSync(
    join(dir, '.agent', 'config.yml'),
    ['gateway:', '  upstream:', `    base_url: http://127.0.0.1:${upstreamPort}/v1`, '    type: openai-compatible', ...Object.entries(gateway).map(([key, value]) => `  ${key}: ${value}`), ''].join('\n'),
  );
  const probeFile = join(dir, 'host-probe.json');
  const host = run([`--max-old-space-size=${HOST_HEAP_MIB}`, '--import', PRELOAD, repoPath(MAIN), '--port', '0', '--log-level', 'warn'], dir, { ACODE_BENCH_HOST_PROBE: probeFile });
  try {
    return { process: host, port: await listeningPort(host), dir, probeFile };
  } catch (error) {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Stops the host (SIGTERM: it drains, then exits) and reads what its preload measured.
 *
 * @param {HostUnderAttack} host
 * @returns {Promise<import('./host-probe-preload.mjs').HostProbeSummary | undefined>}
 */
async function stopHost(host) {
  await host.process.stop(10_000);
  try {
    return JSON.parse(readFileSync(host.probeFile, 'utf8'));
  } catch {
    return undefined;
  } finally {
    rmSync(host.dir, { recursive: true, force: true });
  }
}

/**
 * Starts a new measuring window in the host's preload (so its start-up does not count).
 *
 * @param {HostUnderAttack} host
 */
async function openWindow(host) {
  host.process.child.kill('SIGUSR2');
  await sleep(100);
}

/**
 * Asks `/healthz` every 20 ms (one at a time) on one kept-alive connection until stopped.
 *
 * @param {number} port
 * @returns {{ stop(): Promise<{ latencies: number[], failures: number }> }}
 */
function probeHealth(port) {
  /** @type {number[]} */
  const latencies = [];
  let failures = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await new Promise((answered) => {
        const req = request({ host: '127.0.0.1', port, path: '/healthz', agent, timeout: 5000 }, (res) => {
          res.resume();
          res.on('end', () => answered(res.statusCode === 200));
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', () => answered(false));
        req.end();
      });
      if (ok) latencies.push(performance.now() - started);
      else failures++;
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return { latencies, failures };
    },
  };
}

/**
 * @param {string} model
 * @param {boolean} stream
 * @returns {string}
 */
function chatBody(model, stream) {
  return JSON.stringify({
    model,
    stream,
    messages: [{ role: 'user', content: 'Tell me about the weather in Paris.' }],
    tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
  });
}

/**
 * A chat request on a connection of its own; `read: false` leaves a streamed answer unread.
 *
 * @param {number} port
 * @param {string} model
 * @param {{ stream: boolean, read: boolean }} options
 * @returns {{ done: Promise<{ status: number, tail: string, ms: number }>, destroy(): void }}
 */
function chat(port, model, { stream, read }) {
  /** @type {import('node:http').IncomingMessage | undefined} */
  let response;
  const body = chatBody(model, stream);
  const started = performance.now();
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/chat/completions', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const done = new Promise((finish) => {
    req.on('response', (res) => {
      response = res;
      let tail = '';
      if (!read) res.pause();
      res.on('data', (/** @type {Buffer} */ chunk) => {
        tail = (tail + chunk.toString('utf8')).slice(-4096);
      });
      const end = () => finish({ status: res.statusCode ?? 0, tail, ms: performance.now() - started });
      res.on('end', end);
      res.on('error', end);
      res.on('close', end);
    });
    req.on('error', (error) => finish({ status: 0, tail: String(error), ms: performance.now() - started }));
  });
  req.end(body);
  return {
    done: /** @type {Promise<{ status: number, tail: string, ms: number }>} */ (done),
    destroy() {
      response?.destroy();
      req.destroy();
    },
  };
}

/**
 * @param {number} port
 * @returns {Promise<{ written: number, open: number }>}
 */
async function upstreamStats(port) {
  return /** @type {{ written: number, open: number }} */ (await (await fetch(`http://127.0.0.1:${port}/stats`)).json());
}

/**
 * @param {string} label
 * @param {number} clients
 * @param {number} seconds
 * @param {HostUnderAttack} host
 * @param {{ latencies: number[], failures: number }} health
 * @param {import('./host-probe-preload.mjs').HostProbeSummary | undefined} probe
 * @param {number} peakRssMiB
 * @param {string} outcome
 * @param {string[]} problems
 * @returns {Omit<HostAttackRow, 'id'>}
 */
function attackRow(label, clients, seconds, host, health, probe, peakRssMiB, outcome, problems) {
  if (probe === undefined) problems.push(`the host's probe wrote no summary (${host.process.output().slice(-200).trim() || 'no output'})`);
  if (health.latencies.length === 0) problems.push('no /healthz answer during the attack');
  if (health.failures > 0) problems.push(`${health.failures} /healthz probe(s) failed`);
  return {
    label,
    clients,
    seconds,
    ...(probe === undefined ? {} : { peakHeapMiB: probe.window.peakHeapUsedBytes / MiB, holdMs: probe.window.holdMs, holdGapMs: probe.window.worstDriftMs, holdGapCpuMs: probe.window.worstDriftCpuMs }),
    peakRssMiB,
    healthWorstMs: health.latencies.length > 0 ? Math.max(...health.latencies) : 0,
    healthMedianMs: median(health.latencies),
    healthProbes: health.latencies.length,
    healthGoalMs: HEALTH_GOAL_MS,
    holdGoalMs: HOST_HOLD_GOAL_MS,
    outcome,
    ...(problems.length === 0 ? {} : { problem: problems.join('; ') }),
  };
}

/**
 * 256 concurrent 50 MB streams against a host with 256 slots (the last test of memory-bounds.test.ts).
 *
 * @param {number} upstreamPort
 * @returns {Promise<HostAttackRow>}
 */
async function streamedMemory(upstreamPort) {
  const host = await startHost(upstreamPort, { max_concurrent_upstream: 256 });
  /** @type {Array<ReturnType<typeof chat>>} */
  const held = [];
  /** @type {Array<ReturnType<typeof chat>>} */
  const stalled = [];
  try {
    await openWindow(host);
    const before = (await upstreamStats(upstreamPort)).written;
    const health = probeHealth(host.port);
    const started = performance.now();
    // 16 at a time, 20 ms apart: all 256 stream at once within a third of a second (256
    // connections in the same millisecond cost Node's HTTP parsing ~100 ms once, whatever the
    // upstream does). One in 16 of the first of each four batches is a `forward` stream whose
    // client never reads: each fills the kernel's socket buffers, so more would measure those.
    for (let batch = 0; batch < 16; batch++) {
      for (let index = 0; index < 16; index++) {
        if (batch % 4 === 0 && index === 0) stalled.push(chat(host.port, 'forward', { stream: true, read: false }));
        else held.push(chat(host.port, 'held', { stream: true, read: true }));
      }
      await sleep(20);
    }
    const cap = sleep(25_000).then(() => undefined);
    const answered = await Promise.race([Promise.all(held.map((one) => one.done)), cap]);
    const seconds = (performance.now() - started) / 1000;
    // The stalled clients keep their streams open a while longer: the upstream is held back.
    await sleep(1000);
    const latencies = await health.stop();
    const wrote = (await upstreamStats(upstreamPort)).written - before;
    const alive = host.process.running();
    const peakRss = host.process.child.pid === undefined ? 0 : peakResidentMiB(host.process.child.pid);
    for (const one of [...held, ...stalled]) one.destroy();
    const probe = await stopHost(host);

    /** @type {string[]} */
    const problems = [];
    if (!alive) problems.push(`the host died: ${host.process.output().slice(-300).trim()}`);
    let outcome;
    if (answered === undefined) {
      problems.push('the held streams were not all answered within 25 s');
      outcome = 'not all answered within 25 s';
    } else {
      const cut = answered.filter((result) => (result.status === 502 || result.status === 200) && result.tail.includes('ACODE-GTW-006'));
      const asStatus = cut.filter((result) => result.status === 502).length;
      const other = answered.length - cut.length;
      if (other > 0) problems.push(`${other} held stream(s) not cut with ACODE-GTW-006 (first: ${answered.find((result) => !cut.includes(result))?.status ?? '?'})`);
      outcome = `${cut.length} cut with ACODE-GTW-006 (${asStatus} as 502, ${cut.length - asStatus} as error events), ${stalled.length} unread held back; upstream wrote ${(wrote / MiB).toFixed(0)} MiB of ${((256 * 50 * MiB) / 1024 / MiB).toFixed(1)} GiB`;
    }
    return { id: 'streamed-memory', ...attackRow('256 streamed 50 MB answers (252 held, 4 unread), 256 slots', 256, seconds, host, latencies, probe, peakRss, outcome, problems) };
  } finally {
    for (const one of [...held, ...stalled]) one.destroy();
    if (host.process.running()) await stopHost(host);
  }
}

/**
 * @typedef {object} Trickle
 * @property {Promise<{ status: number, code: string, ms: number }>} done Status 0 when the connection closed without an answer.
 * @property {() => void} destroy
 */

/**
 * A client that sends a chat POST head, then its 1,000-byte body one byte every 200 ms.
 *
 * @param {number} port
 * @returns {Trickle}
 */
function trickle(port) {
  const socket = connect({ host: '127.0.0.1', port });
  const started = performance.now();
  let received = '';
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const done = new Promise((finish) => {
    const end = () => {
      clearInterval(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const code = /"code":"([A-Z-]+\d+)"/.exec(received)?.[1] ?? '';
      finish({ status, code, ms: performance.now() - started });
      socket.destroy();
    };
    socket.on('connect', () => {
      socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(' ');
      }, 200);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      // The whole answer is small: once its body is in, the client is done.
      if (/\r\n\r\n[\s\S]*(\}\s*|\r\n0\r\n\r\n)$/.test(received)) end();
    });
    socket.on('error', end);
    socket.on('close', end);
  });
  return {
    done: /** @type {Promise<{ status: number, code: string, ms: number }>} */ (done),
    destroy: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/**
 * 80 clients trickling their bodies against a host with default slots and a 2 s body timeout,
 * ordinary requests served meanwhile.
 *
 * @param {number} upstreamPort
 * @returns {Promise<HostAttackRow>}
 */
async function slowloris(upstreamPort) {
  const bodyTimeoutMs = 2000;
  const clients = 80;
  const host = await startHost(upstreamPort, { body_timeout_ms: bodyTimeoutMs });
  /** @type {Trickle[]} */
  const tricklers = [];
  try {
    await openWindow(host);
    const health = probeHealth(host.port);
    const started = performance.now();
    for (let batch = 0; batch < clients / 16; batch++) {
      for (let index = 0; index < 16; index++) tricklers.push(trickle(host.port));
      await sleep(20);
    }
    let answeredAll = false;
    const trickled = Promise.all(tricklers.map((one) => one.done)).then((results) => {
      answeredAll = true;
      return results;
    });
    // Ordinary requests, one after another, while the trickling clients hold their connections.
    /** @type {Array<{ status: number, ms: number }>} */
    const normal = [];
    await sleep(300);
    while (!answeredAll && performance.now() - started < bodyTimeoutMs + 8000) {
      const { status, ms } = await chat(host.port, 'ok', { stream: false, read: true }).done;
      normal.push({ status, ms });
      await sleep(250);
    }
    const cap = sleep(Math.max(0, bodyTimeoutMs + 20_000 - (performance.now() - started))).then(() => undefined);
    const results = await Promise.race([trickled, cap]);
    const seconds = (performance.now() - started) / 1000;
    await sleep(200);
    const latencies = await health.stop();
    const alive = host.process.running();
    const peakRss = host.process.child.pid === undefined ? 0 : peakResidentMiB(host.process.child.pid);
    for (const one of tricklers) one.destroy();
    const probe = await stopHost(host);

    /** @type {string[]} */
    const problems = [];
    if (!alive) problems.push(`the host died: ${host.process.output().slice(-300).trim()}`);
    const served = normal.filter((one) => one.status === 200);
    if (normal.length === 0) problems.push('no ordinary request was sent during the attack');
    if (served.length < normal.length) problems.push(`${normal.length - served.length} of ${normal.length} ordinary request(s) not served (first status ${normal.find((one) => one.status !== 200)?.status})`);
    const normalText =
      normal.length === 0 ? 'no normal request' : `normal requests ${served.length}/${normal.length} 200, worst ${Math.max(...normal.map((one) => one.ms)).toFixed(0)} ms, median ${median(normal.map((one) => one.ms)).toFixed(0)} ms`;
    let outcome;
    if (results === undefined) {
      problems.push('the trickling clients were not all answered within 22 s');
      outcome = `${normalText}; trickling clients not all answered within 22 s`;
    } else {
      const timedOut = results.filter((result) => result.status === 408);
      const codes = [...new Set(timedOut.map((result) => result.code))].join(', ');
      const after = timedOut.map((result) => result.ms / 1000);
      if (timedOut.length < results.length) problems.push(`${results.length - timedOut.length} trickling client(s) got no 408 (first: ${results.find((result) => result.status !== 408)?.status ?? '?'})`);
      outcome = `${normalText}; ${timedOut.length} got 408 ${codes}${after.length > 0 ? ` after ${Math.min(...after).toFixed(1)}–${Math.max(...after).toFixed(1)} s` : ''}`;
    }
    return { id: 'slowloris', ...attackRow(`slowloris: 80 bodies at 1 byte / 200 ms, body_timeout_ms ${bodyTimeoutMs}, 32 slots`, clients, seconds, host, latencies, probe, peakRss, outcome, problems) };
  } finally {
    for (const one of tricklers) one.destroy();
    if (host.process.running()) await stopHost(host);
  }
}

/**
 * Runs both attacks, one after the other, against fresh hosts sharing one hostile upstream.
 *
 * @param {{ only?: readonly ('streamed-memory' | 'slowloris')[] }} [options]
 * @returns {Promise<HostAttackResult>}
 */
export async function runHostAttacks(options = {}) {
  const missing = [MAIN, UPSTREAM].filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) return { rows: [], notes: [`The host under attack was NOT MEASURED: missing ${missing.join(', ')} (run \`pnpm build\`).`] };
  const only = options.only ?? ['streamed-memory', 'slowloris'];
  const upstream = run([repoPath(UPSTREAM)], tmpdir(), { HOSTILE_STREAM_BYTES: String(50 * MiB) });
  /** @type {HostAttackRow[]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];
  try {
    const upstreamPort = Number((await upstream.waitFor(/listening (\d+)/, 10_000))[1]);
    for (const [id, attack] of /** @type {const} */ ([
      ['streamed-memory', streamedMemory],
      ['slowloris', slowloris],
    ])) {
      if (!only.includes(id)) continue;
      try {
        rows.push(await attack(upstreamPort));
      } catch (error) {
        notes.push(`Host attack "${id}" NOT MEASURED: ${error instanceof Error ? error.message : String(error)}.`);
      }
    }
  } catch (error) {
    notes.push(`The host under attack was NOT MEASURED: the hostile upstream did not start (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    await upstream.stop();
  }
  return { rows, notes };
}
