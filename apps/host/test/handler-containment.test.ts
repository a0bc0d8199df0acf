import { buildToolRegistry, registryContentHash } from '@acode/infrastructure/tool-folders';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltTool } from '@acode/domain';
import { startHost, type RunningHost } from '../src/start-host.js';
import { send } from './support/raw-http.js';

/**
 * Issue 13, item 2, over HTTP on 127.0.0.1: a handler stuck in a busy loop cannot stop the host.
 * A tool folder's handler runs in a child process the host kills at the time limit, while
 * /healthz keeps answering; an artifact claiming isolation none for a tool that is not a core
 * tool (built by something other than `acode tools build`) is refused without running it.
 */

const TEXT_ONLY = resolve(fileURLToPath(new URL('../../cli/test/fixtures/tools-exec/text-only', import.meta.url)));
const SPIN = 'export function execute() { process.stdout.write("SPINNING\\n"); for (;;); }\n';
/** Bounded, so that code running it in process (as before issue 13) fails the test instead of hanging it. */
const SPIN_3S = 'export function execute() { process.stdout.write("SPINNING\\n"); const end = Date.now() + 3000; while (Date.now() < end); return { ok: true, data: 1 }; }\n';

let root: string;
let dir: string;
let host: RunningHost;
let logs = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'acode-host-containment-'));
  dir = join(root, 'project');
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), 'tool_registry: {}\n');
  const schema = JSON.parse(readFileSync(join(TEXT_ONLY, 'schema.json'), 'utf8')) as Record<string, unknown>;
  for (const name of ['spins', 'spins_too']) {
    const folder = join(dir, 'tools', name.replaceAll('_', '-'));
    mkdirSync(folder, { recursive: true });
    for (const file of ['doc.md', 'doc_summary.md']) cpSync(join(TEXT_ONLY, file), join(folder, file));
    writeFileSync(join(folder, 'schema.json'), JSON.stringify({ ...schema, toolId: name, description: `Spins forever (${name}).`, constraints: { requiredIsolation: 'standard', maxExecutionTimeMs: 1500 } }));
    writeFileSync(join(folder, 'handler.js'), name === 'spins' ? SPIN : SPIN_3S);
  }
  const outFile = join(dir, 'tool_registry.json');
  const built = await buildToolRegistry({ toolsDir: join(dir, 'tools'), outFile, gitCommit: () => null });
  if (!built.ok) throw new Error(`the fixture tools did not build: ${JSON.stringify(built.problems)}`);
  // Forge what the build refuses: spins_too asking for none, with a content hash that matches.
  const artifact = JSON.parse(readFileSync(outFile, 'utf8')) as { tools: BuiltTool[]; version: string; contentHash: string };
  artifact.tools = artifact.tools.map((tool) =>
    tool.toolId === 'spins_too' ? { ...tool, definition: { ...tool.definition, constraints: { requiredIsolation: 'none', maxExecutionTimeMs: 1500 } } } : tool,
  );
  const hash = registryContentHash(artifact.tools);
  if (hash === undefined) throw new Error('no content hash');
  artifact.version = hash.version;
  artifact.contentHash = hash.contentHash;
  writeFileSync(outFile, JSON.stringify(artifact));
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  host = await startHost({ cwd: dir, homeDir: dir, port: 0, address: '127.0.0.1', logLevel: 'info', logFormat: 'json', logStream });
}, 60_000);

afterAll(async () => {
  await host?.stop('test over');
  rmSync(root, { recursive: true, force: true });
});

async function session(): Promise<string> {
  const opened = await send(host.address.port, { method: 'POST', path: '/v1/sessions', headers: { 'Content-Type': 'application/json' }, body: '{"mode":"text"}' });
  expect(opened.status).toBe(201);
  return opened.json().session.id as string;
}

describe('a busy handler cannot stop the host (issue 13)', () => {
  it('times out a spinning handler in its child process while /healthz answers throughout', async () => {
    const id = await session();
    const started = Date.now();
    const running = send(host.address.port, { method: 'POST', path: `/v1/sessions/${id}/tools/spins/execute`, headers: { 'Content-Type': 'application/json' }, body: '{"args":{}}' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let probe = 0; probe < 3; probe++) {
      const asked = Date.now();
      const health = await send(host.address.port, { method: 'GET', path: '/healthz' });
      expect(health.status).toBe(200);
      // The event loop is free: the answer does not wait for the handler.
      expect(Date.now() - asked).toBeLessThan(1000);
      expect(Date.now() - started).toBeLessThan(1500 + 1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const response = await running;
    expect(response.json()).toMatchObject({ ok: false, error: { type: 'TIMEOUT' }, meta: { isolation: 'standard' } });
    expect(logs).not.toContain('SPINNING');
  });

  it('refuses an artifact that puts a tool folder in process, without running it', async () => {
    const id = await session();
    const started = Date.now();
    const response = await send(host.address.port, { method: 'POST', path: `/v1/sessions/${id}/tools/spins_too/execute`, headers: { 'Content-Type': 'application/json' }, body: '{"args":{}}' });
    expect(Date.now() - started).toBeLessThan(1500);
    const body = response.json();
    expect(body.ok).toBe(false);
    expect(body.error.message).toContain('asks for isolation none, which only core tools get');
    expect((await send(host.address.port, { method: 'GET', path: '/healthz' })).status).toBe(200);
  });
});
