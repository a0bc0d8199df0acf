import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
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

/**
 * Starts a host in a new project holding `config`. `onLogLine` sees each log line as it is
 * written, before the host goes on (to change the file at a given point of the startup).
 */
async function startInProject(
  config: string | undefined,
  logLevel: 'info' | 'debug' = 'info',
  onLogLine?: (text: string, file: string) => void,
): Promise<{ host: RunningHost; log: HostLog; dir: string; file: string }> {
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
  // Written through at once (the callback called synchronously), so `onLogLine` runs inside the logger's call.
  const tap = new Writable({
    write(chunk: Buffer, _encoding, done) {
      onLogLine?.(chunk.toString('utf8'), file);
      log.stream.write(chunk);
      done();
    },
  });
  const host = await startHost({ cwd: dir, homeDir: home, port: 0, address: '127.0.0.1', logLevel, logFormat: 'json', logStream: tap });
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

  it('keeps counting the requests still running on the replaced gateway against gateway.max_concurrent_upstream', async () => {
    // Arrival time of each request at the upstream; the first is answered after 2 s.
    const arrivals: number[] = [];
    const a = await startScriptedModelServer({
      script: (_request, n) => {
        arrivals.push(Date.now());
        return n === 0 ? { kind: 'slow', delayMs: 2_000, then: { kind: 'text', content: 'first' } } : { kind: 'text', content: 'second' };
      },
    });
    cleanups.push(() => a.close());
    const limited = `${configFor(a)}  max_concurrent_upstream: 1\n`;
    const { host, log, file } = await startInProject(limited);

    const first = chat(host);
    await expect.poll(() => a.requests.length, { timeout: 10_000 }).toBe(1);
    const from = log.lines().length;
    saveByRename(file, `${limited}  strict: false\n`);
    const line = await log.waitFor(reloaded, from);
    expect(line.fields['applied']).toEqual(['gateway.strict']);

    // The rebuilt gateway shares the one slot the first request still holds: the second waits for it.
    const second = chat(host);
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1_900);
  });

  it('applies a change saved while the host was starting, before the files were watched', async () => {
    const a = await upstream('A');
    const b = await upstream('B');
    let saved = false;
    // Saved when the host logs that it listens: after the first reading, before the watch is set.
    const { host, log } = await startInProject(configFor(a), 'info', (text, file) => {
      if (saved || !text.includes('"HostListening"')) return;
      saved = true;
      saveByRename(file, configFor(b));
    });
    expect(saved).toBe(true);
    const line = await log.waitFor(reloaded);
    expect(line.fields['applied']).toEqual(['gateway.upstream.base_url']);
    expect(await chat(host)).toBe('from B');
  });

  it('reads nothing once the host is stopped', async () => {
    const a = await upstream('A');
    const dir = mkdtempSync(join(tmpdir(), 'acode-reload-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'home'));
    mkdirSync(join(dir, '.agent'));
    const file = join(dir, '.agent', 'config.yml');
    writeFileSync(file, configFor(a));
    process.env['RELOAD_TEST_KEY'] = SECRET;
    cleanups.push(() => void delete process.env['RELOAD_TEST_KEY']);
    const log = hostLog();
    const host = await startHost({ cwd: dir, homeDir: join(dir, 'home'), port: 0, address: '127.0.0.1', logLevel: 'debug', logFormat: 'json', logStream: log.stream, watchConfig: false });
    await host.stop('test over');
    const from = log.lines().length;
    writeFileSync(file, `${configFor(a)}  strict: false\n`);
    expect(host.reloadConfig('SIGHUP')).toEqual({ kind: 'stopped' });
    // Give any line a chance to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.lines().slice(from)).toEqual([]);
  });

  it("neither applies nor asks a restart for another provider's settings than the upstream's", async () => {
    const a = await upstream('A');
    const providers = (timeout: number, otherUrl: string): string =>
      `gateway:\n  upstream:\n    provider: a\nmodel:\n  providers:\n    a:\n      type: openai-compatible\n      base_url: ${a.url}/v1\n      timeout_ms: ${timeout}\n    other:\n      type: openai-compatible\n      base_url: ${otherUrl}\n`;
    const { host, log, file } = await startInProject(providers(5_000, 'http://127.0.0.1:9/v1'));

    // Only the other provider changes: nothing for the host to do.
    let from = log.lines().length;
    saveByRename(file, providers(5_000, 'http://127.0.0.1:10/v1'));
    let line = await log.waitFor(reloaded, from);
    expect(line.message).toContain('nothing applied');
    expect(line.message).toContain('model.providers.other.base_url');
    expect(line.message).not.toContain('upstream now');
    expect(line.fields).toMatchObject({ applied: [], needs_restart: [], not_used: ['model.providers.other.base_url'] });

    // The upstream's own provider changes too: that one is applied.
    from = log.lines().length;
    saveByRename(file, providers(6_000, 'http://127.0.0.1:11/v1'));
    line = await log.waitFor(reloaded, from);
    expect(line.fields).toMatchObject({ applied: ['model.providers.a.timeout_ms'], needs_restart: [], not_used: ['model.providers.other.base_url'] });
    expect(await chat(host)).toBe('from A');
  });
});
