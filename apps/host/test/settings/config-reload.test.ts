import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { startHost, type RunningHost } from '../../src/start-host.js';
import { hostLog, type HostLog, type LoggedLine } from './host-log.js';

// The host applies a changed .agent/config.yml without a restart: what can change live takes
// effect for the next request, what cannot is named, and a broken file changes nothing.

const SECRET = 'sk-reload-test-0123456789abcdef';

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A scripted OpenAI-compatible upstream that answers every chat with its own name (after `delayMs` for the first, when given). */
async function upstream(name: string, firstDelayMs = 0): Promise<ScriptedModelServer> {
  const server = await startScriptedModelServer({
    script: (_request, n) => (n === 0 && firstDelayMs > 0 ? { kind: 'slow', delayMs: firstDelayMs, then: { kind: 'text', content: `from ${name}` } } : { kind: 'text', content: `from ${name}` }),
  });
  cleanups.push(() => server.close());
  return server;
}

function configFor(server: ScriptedModelServer, extra = ''): string {
  return `gateway:\n  upstream:\n    base_url: ${server.url}/v1\n    type: openai-compatible\n    api_key_env: RELOAD_TEST_KEY\n  timeout_ms: 5000\n${extra}`;
}

/** Saves as editors do: a new file renamed over the old one. */
function saveByRename(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.swp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

async function startInProject(config: string | undefined, logLevel: 'info' | 'debug' = 'info'): Promise<{ host: RunningHost; log: HostLog; dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'acode-reload-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const file = join(dir, '.agent', 'config.yml');
  if (config !== undefined) {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(file, config);
  }
  process.env['RELOAD_TEST_KEY'] = SECRET;
  const log = hostLog();
  const host = await startHost({ cwd: dir, homeDir: home, port: 0, address: '127.0.0.1', logLevel, logFormat: 'json', logStream: log.stream });
  cleanups.push(async () => {
    await host.stop('test over');
    rmSync(dir, { recursive: true, force: true });
    delete process.env['RELOAD_TEST_KEY'];
  });
  return { host, log, dir, file };
}

async function chat(host: RunningHost): Promise<string> {
  const response = await fetch(`${host.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Who are you?' }] }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return body.choices[0]!.message.content;
}

const reloaded = (line: LoggedLine): boolean => line.fields['event'] === 'ConfigReloaded';
const refused = (line: LoggedLine): boolean => line.fields['event'] === 'ConfigReloadRefused';

describe('reloading .agent/config.yml', () => {
  it('sends the next request to the new upstream once the file names it, while a request in flight finishes on the old one', async () => {
    const a = await upstream('A', 3_000);
    const b = await upstream('B');
    const { host, log, file } = await startInProject(configFor(a));

    // In flight on A (its first answer is slow) when the file changes.
    let settled = false;
    const before = chat(host).finally(() => (settled = true));
    await expect.poll(() => a.requests.length, { timeout: 10_000 }).toBe(1);
    const from = log.lines().length;
    saveByRename(file, configFor(b));
    const line = await log.waitFor(reloaded, from);
    // The swap happened while A's answer was still on its way.
    expect(settled).toBe(false);
    expect(line.level).toBe('info');
    expect(line.message).toContain('applied gateway.upstream.base_url');
    expect(line.message).toContain(`upstream now openai-compatible at ${b.url}/v1`);
    expect(line.message).not.toContain('needs a restart');
    expect(line.fields).toMatchObject({ trigger: 'file changed', applied: ['gateway.upstream.base_url'], needs_restart: [] });

    expect(await chat(host)).toBe('from B');
    expect(await before).toBe('from A');
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(1);
    // The upstream's key reached the upstream, and never the log.
    expect(b.requests[0]!.headers['authorization']).toBe(`Bearer ${SECRET}`);
    expect(JSON.stringify(log.lines())).not.toContain(SECRET);
  });

  it('keeps the settings in effect when the file is broken or unusable, with one line giving the code', async () => {
    const a = await upstream('A');
    const b = await upstream('B');
    const { host, log, file } = await startInProject(configFor(a));

    let from = log.lines().length;
    // Half written: the YAML stops mid-mapping.
    writeFileSync(file, `${configFor(b).slice(0, 60)}\n  upstream: [`);
    const syntax = await log.waitFor(refused, from);
    expect(syntax.level).toBe('error');
    expect(syntax.message).toMatch(/^\[ACODE-CFG-001\] Configuration not reloaded \(file changed\): .*the settings in effect are kept$/);
    expect(syntax.fields).toMatchObject({ code: 'ACODE-CFG-001' });
    expect(await chat(host)).toBe('from A');

    // Well formed, but the key variable it names is not set: the gateway cannot be built, so nothing changes.
    from = log.lines().length;
    saveByRename(file, configFor(b).replace('RELOAD_TEST_KEY', 'RELOAD_TEST_UNSET_KEY'));
    const unusable = await log.waitFor(refused, from);
    expect(unusable.fields).toMatchObject({ code: 'ACODE-CFG-002' });
    expect(unusable.message).toContain('RELOAD_TEST_UNSET_KEY');
    expect(await chat(host)).toBe('from A');
    expect(b.requests).toHaveLength(0);
    expect(log.lines().slice(from).filter(refused)).toHaveLength(1);

    // Mended: applied at last.
    from = log.lines().length;
    saveByRename(file, configFor(b));
    await log.waitFor(reloaded, from);
    expect(await chat(host)).toBe('from B');
  });

  it('names what needs a restart, applying the rest', async () => {
    const a = await upstream('A');
    const { host, log, file } = await startInProject(configFor(a));
    const from = log.lines().length;
    saveByRename(file, `${configFor(a)}  strict: false\n  auth_token_env: RELOAD_TEST_KEY\ntool_registry:\n  max_errors: 5\n`);
    const line = await log.waitFor(reloaded, from);
    expect(line.level).toBe('warn');
    expect(line.message).toMatch(/: applied gateway\.strict; needs a restart: gateway\.auth_token_env, tool_registry\.max_errors$/);
    expect(line.fields).toMatchObject({ applied: ['gateway.strict'], needs_restart: ['gateway.auth_token_env', 'tool_registry.max_errors'] });
    // The token is not in force: that needs a restart.
    expect(await chat(host)).toBe('from A');
  });

  it('logs nothing above debug for a change that touches no setting, and answers SIGHUP\'s re-read', async () => {
    const a = await upstream('A');
    const { host, log, file } = await startInProject(configFor(a), 'debug');
    const from = log.lines().length;
    saveByRename(file, `# only a comment added\n${configFor(a)}`);
    const unchanged = await log.waitFor((line) => line.fields['event'] === 'ConfigUnchanged', from);
    expect(unchanged.level).toBe('debug');
    expect(log.lines().slice(from).filter((line) => line.level !== 'debug')).toEqual([]);
    expect(host.reloadConfig('SIGHUP')).toEqual({ kind: 'unchanged' });
    expect(log.lines().at(-1)).toMatchObject({ level: 'info', message: 'Configuration re-read (SIGHUP): no setting changed' });
  });

  it('follows a project file created after the start, and its removal back to the defaults', async () => {
    const a = await upstream('A');
    const { host, log, dir, file } = await startInProject(undefined);
    let from = log.lines().length;
    mkdirSync(join(dir, '.agent'));
    writeFileSync(file, configFor(a));
    const created = await log.waitFor(reloaded, from);
    expect(created.fields['applied']).toEqual(expect.arrayContaining(['gateway.upstream.base_url', 'gateway.upstream.type', 'gateway.timeout_ms']));
    expect(await chat(host)).toBe('from A');

    from = log.lines().length;
    rmSync(file);
    const removed = await log.waitFor(reloaded, from);
    expect(removed.message).toContain('Configuration reloaded from (no file; defaults)');
    expect(removed.message).toContain('upstream now ollama at http://127.0.0.1:11434');
  });
});
