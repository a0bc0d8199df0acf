// @ts-check
/**
 * Starts the two things the gateway section measures, in this process, from the built code: one
 * scripted model server (`@acode/infrastructure/testing`) on 127.0.0.1 as the upstream, and a host
 * (`apps/host/dist/start-host.js`, the same `startHost` the `acode-host` binary runs) whose
 * `gateway.upstream` is that server's OpenAI-compatible `/v1`. "Direct" requests go to the
 * scripted server, "gateway" requests to the host, with the same body (or, for the host's
 * `/v1/messages` and `/v1/responses`, the same request in their clients' shape).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { repoPath, repoUrl } from '../repo-paths.mjs';
import { createBenchScript } from './gateway-scenarios.mjs';

/** The built entry points the section needs. */
const ENTRY_POINTS = Object.freeze({
  host: 'apps/host/dist/start-host.js',
  testing: 'packages/infrastructure/dist/model-server/index.js',
});

/**
 * Bytes per write of the scripted server's streamed answers. Its default (7) writes a stream a
 * few bytes per event-loop turn; 64 KiB sends each bench answer in its first write, so the
 * direct time to first content is one round trip and the gateway's is what it adds to that.
 */
export const UPSTREAM_CHUNK_SIZE = 64 * 1024;

/**
 * Gateway requests served at once. The default (32, and as many waiting) would queue the
 * throughput run and refuse the open-stream run; the bench measures the gateway's cost, not
 * its limit, so it is raised above both.
 */
export const BENCH_MAX_CONCURRENT_UPSTREAM = 256;

/** The host's log level in the bench: request lines at `info` would measure the logger. */
export const BENCH_LOG_LEVEL = 'warn';

/**
 * @typedef {object} GatewayBench
 * @property {true} ok
 * @property {string} directUrl The scripted server's `/v1/chat/completions`.
 * @property {string} gatewayUrl The host's `/v1/chat/completions`.
 * @property {string} hostUrl The host's base URL, for its other gateway routes (`/v1/messages`, `/v1/responses`).
 * @property {() => number} heldRequests Chat requests of the `hold` scenario the upstream has received so far.
 * @property {() => number} heldOpen Of those, the ones whose client has not hung up yet.
 * @property {() => void} clearHeld Forgets the `hold` requests received so far.
 * @property {() => Promise<void>} close Stops the host, then the upstream, and removes the temporary directory.
 */

/**
 * @typedef {object} GatewayUnavailable
 * @property {false} ok
 * @property {string} reason
 */

/**
 * @returns {Promise<GatewayBench | GatewayUnavailable>}
 */
export async function startGatewayBench() {
  const missing = Object.values(ENTRY_POINTS).filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) return { ok: false, reason: `not built: ${missing.join(', ')} (run \`pnpm build\`, or \`pnpm bench\`)` };
  const { startScriptedModelServer } = await import(repoUrl(ENTRY_POINTS.testing).href);
  const { startHost } = await import(repoUrl(ENTRY_POINTS.host).href);
  if (typeof startScriptedModelServer !== 'function' || typeof startHost !== 'function') {
    return { ok: false, reason: 'the built packages do not export startScriptedModelServer and startHost' };
  }

  const { script, held } = createBenchScript();
  /** @type {{ url: string, close(): Promise<void> }} */
  // Not recording requests: thousands of kept bodies would make every garbage collection of this shared process slower.
  const model = await startScriptedModelServer({ script, chunkSize: UPSTREAM_CHUNK_SIZE, recordRequests: false });
  const dir = mkdtempSync(join(tmpdir(), 'acode-gateway-bench-'));
  /** @type {{ url: string, stop(reason: string): Promise<void> }} */
  let host;
  try {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), gatewayConfig(`${model.url}/v1`));
    host = await startHost({
      port: 0,
      address: '127.0.0.1',
      logLevel: BENCH_LOG_LEVEL,
      logFormat: 'json',
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
      cwd: dir,
      homeDir: dir,
    });
  } catch (error) {
    await model.close();
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `the host did not start: ${error instanceof Error ? error.message : String(error)}` };
  }
  const started = host;
  return {
    ok: true,
    directUrl: `${model.url}/v1/chat/completions`,
    gatewayUrl: `${started.url}/v1/chat/completions`,
    hostUrl: started.url,
    heldRequests: () => held.length,
    // `clientHungUp` is recorded by newer builds of the scripted server; without it nothing is waited for.
    heldOpen: () => held.filter((request) => request.clientHungUp === false).length,
    clearHeld: () => void held.splice(0),
    async close() {
      await started.stop('bench done');
      await model.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The host's `.agent/config.yml`: the scripted server as an OpenAI-compatible provider and the
 * gateway's upstream, default retry settings (no answer here is invalid, so none is retried), a
 * timeout far above the held streams' life.
 *
 * @param {string} baseUrl
 * @returns {string}
 */
export function gatewayConfig(baseUrl) {
  return [
    'model:',
    '  providers:',
    '    scripted:',
    '      type: openai-compatible',
    `      base_url: ${baseUrl}`,
    'gateway:',
    '  upstream:',
    '    provider: scripted',
    '  timeout_ms: 120000',
    `  max_concurrent_upstream: ${BENCH_MAX_CONCURRENT_UPSTREAM}`,
    '',
  ].join('\n');
}

