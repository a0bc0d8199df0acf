// @ts-check
/**
 * The corpus through the gateway (the bench's cheap form of the host's replay test,
 * `apps/host/test/gateway/text-call-corpus-replay.test.ts`): each text is a scripted upstream's
 * whole answer to `POST /v1/chat/completions` on a real host, the request declaring the case's
 * tools (a negative: every corpus tool), one attempt. Counts per family the calls the client
 * received, missed and false, as the parser's table does for `parseResponse`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { repoPath, repoUrl } from '../repo-paths.mjs';
import { NEGATIVES_FILE } from './corpus.mjs';
import { scoreCase } from './corpus-run.mjs';

/** @typedef {import('./corpus.mjs').CorpusFile} CorpusFile */
/** @typedef {import('./corpus.mjs').CorpusCase} CorpusCase */
/** @typedef {import('./text-call-table.mjs').GatewayTally} GatewayTally */

const ENTRY_POINTS = Object.freeze({
  host: 'apps/host/dist/start-host.js',
  testing: 'packages/infrastructure/dist/model-server/index.js',
});

/**
 * The request's tools for some cases: every expected name as an open object, typed where a case
 * gives a schema (as the parser's corpus test registers them).
 *
 * @param {readonly CorpusCase[]} cases
 */
function wireTools(cases) {
  /** @type {Map<string, Record<string, unknown>>} */
  const schemas = new Map();
  for (const item of cases) for (const call of item.expected) if (!schemas.has(call.name)) schemas.set(call.name, { type: 'object', additionalProperties: true });
  for (const item of cases) for (const tool of item.tools ?? []) schemas.set(tool.name, tool.parameters);
  return [...schemas].map(([name, parameters]) => ({ type: 'function', function: { name, description: `Corpus tool ${name}`, parameters } }));
}

/**
 * @param {readonly CorpusFile[]} files
 * @returns {Promise<{ ok: true, tallies: GatewayTally[] } | { ok: false, reason: string }>}
 */
export async function replayThroughGateway(files) {
  const missing = Object.values(ENTRY_POINTS).filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) return { ok: false, reason: `not built: ${missing.join(', ')}` };
  const { startScriptedModelServer } = await import(repoUrl(ENTRY_POINTS.testing).href);
  const { startHost } = await import(repoUrl(ENTRY_POINTS.host).href);

  /** @type {Map<string, string>} */
  const contents = new Map();
  for (const { file, cases } of files) for (const item of cases) contents.set(`${file}/${item.id}`, item.content);
  const model = await startScriptedModelServer({
    recordRequests: false,
    script: (/** @type {{ body: any }} */ request) => {
      const key = request.body?.messages?.find((/** @type {any} */ message) => message.role === 'user')?.content;
      const content = contents.get(key);
      return content === undefined ? { kind: 'http_error', status: 500, message: `no corpus case ${key}` } : { kind: 'text', content };
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'acode-text-call-replay-'));
  /** @type {{ url: string, stop(reason: string): Promise<void> } | undefined} */
  let host;
  try {
    mkdirSync(join(dir, '.agent'));
    const config = ['model:', '  providers:', '    scripted:', '      type: openai-compatible', `      base_url: ${model.url}/v1`, '      tool_call:', '        max_retries: 1', 'gateway:', '  upstream:', '    provider: scripted', ''];
    writeFileSync(join(dir, '.agent', 'config.yml'), config.join('\n'));
    host = await startHost({ port: 0, address: '127.0.0.1', logLevel: 'error', logFormat: 'json', logStream: new Writable({ write: (_chunk, _encoding, done) => done() }), cwd: dir, homeDir: dir });
    const started = /** @type {{ url: string }} */ (host);
    const allTools = wireTools(files.flatMap(({ cases }) => cases));
    /** @type {GatewayTally[]} */
    const tallies = [];
    for (const { file, cases } of files) {
      const tally = { family: file, found: 0, missed: 0, falseCalls: 0 };
      for (const item of cases) {
        const tools = file === NEGATIVES_FILE ? allTools : wireTools([item]);
        const response = await fetch(`${started.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `${file}/${item.id}` }], tools }),
        });
        const body = /** @type {any} */ (await response.json().catch(() => undefined));
        const toolCalls = (body?.choices?.[0]?.message?.tool_calls ?? []).map((/** @type {any} */ call) => ({ name: call.function?.name, arguments: parseJson(call.function?.arguments) }));
        // A refused request gives no call: its expected calls count as missed.
        const score = scoreCase(item.expected, { toolCalls, errors: [] });
        tally.found += item.expected.length - score.missed;
        tally.missed += score.missed;
        tally.falseCalls += score.falseCalls;
      }
      tallies.push(tally);
    }
    return { ok: true, tallies };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await host?.stop('text-call replay done');
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {unknown} text
 * @returns {unknown}
 */
function parseJson(text) {
  try {
    return JSON.parse(String(text));
  } catch {
    return text;
  }
}
