import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { startHost, type RunningHost } from '../../src/start-host.js';
import { hostLog, type HostLog, type LoggedLine } from './host-log.js';

// A value written where the name of a variable or an address belongs may be a key pasted by
// mistake. Refusing it must not repeat it: at startup the message goes to standard error, on a
// reload to the log, once per save. And the keys named are the ones the user wrote.

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function project(config: string): { dir: string; home: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'acode-secrets-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const home = join(dir, 'home');
  mkdirSync(home);
  mkdirSync(join(dir, '.agent'));
  const file = join(dir, '.agent', 'config.yml');
  writeFileSync(file, config);
  return { dir, home, file };
}

function start(dir: string, home: string, log: HostLog): Promise<RunningHost> {
  return startHost({ cwd: dir, homeDir: home, port: 0, address: '127.0.0.1', logLevel: 'debug', logFormat: 'json', logStream: log.stream });
}

/** The message startup fails with for `config`. */
async function startupFailure(config: string): Promise<string> {
  const { dir, home } = project(config);
  const log = hostLog();
  const error = await start(dir, home, log).then(
    async (host) => {
      await host.stop('unexpected');
      throw new Error('the host started');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect(JSON.stringify(log.lines())).not.toContain('SECRET');
  return (error as Error).message;
}

async function upstream(): Promise<ScriptedModelServer> {
  const server = await startScriptedModelServer({ script: () => ({ kind: 'text', content: 'hello' }) });
  cleanups.push(() => server.close());
  return server;
}

const refused = (line: LoggedLine): boolean => line.fields['event'] === 'ConfigReloadRefused';

/** The refusal logged when a running host's file is changed to `config`; no line logged holds a secret. */
async function reloadRefusal(config: string): Promise<string> {
  const server = await upstream();
  const { dir, home, file } = project(`gateway:\n  upstream:\n    base_url: ${server.url}/v1\n    type: openai-compatible\n`);
  const log = hostLog();
  const host = await start(dir, home, log);
  cleanups.push(() => host.stop('test over'));
  const from = log.lines().length;
  const temporary = `${file}.swp`;
  writeFileSync(temporary, config);
  renameSync(temporary, file);
  const line = await log.waitFor(refused, from);
  expect(JSON.stringify(log.lines())).not.toContain('SECRET');
  return line.message;
}

const SCENARIOS: ReadonlyArray<{ readonly name: string; readonly config: string; readonly says: RegExp }> = [
  {
    name: 'a token written as gateway.auth_token_env',
    config: 'gateway:\n  auth_token_env: sk-proj-SECRET0123456789abcdef\n',
    says: /gateway\.auth_token_env must be the name of an environment variable .*looks like a key itself, not the name of an environment variable/,
  },
  {
    name: 'a token that could pass for a variable name as gateway.auth_token_env',
    config: 'gateway:\n  auth_token_env: sk_live_SECRET0123456789\n',
    says: /gateway\.auth_token_env must be the name of an environment variable .*looks like a key itself/,
  },
  {
    name: "a key written as a provider's api_key_env",
    config: 'gateway:\n  upstream:\n    provider: foo\nmodel:\n  providers:\n    foo:\n      base_url: http://127.0.0.1:9/v1\n      api_key_env: sk-ant-api03-SECRET0123456789\n',
    says: /model\.providers\.foo\.api_key_env must be the name of an environment variable .*looks like a key itself/,
  },
  {
    name: "a key that could pass for a variable name, not set, as a provider's api_key_env",
    config: 'gateway:\n  upstream:\n    provider: foo\nmodel:\n  providers:\n    foo:\n      base_url: http://127.0.0.1:9/v1\n      api_key_env: sk_live_SECRET0123456789\n',
    says: /model\.providers\.foo\.api_key_env names an environment variable that is not set, and .*looks like a key itself/,
  },
  {
    name: "a key in the query of a provider's base_url",
    config: 'gateway:\n  upstream:\n    provider: foo\nmodel:\n  providers:\n    foo:\n      base_url: http://h/?key=SECRET0123456789\n',
    says: /model\.providers\.foo\.base_url must be an http or https URL without credentials, query or fragment; got a URL with a query/,
  },
  {
    name: 'a key in the query of gateway.upstream.base_url',
    config: 'gateway:\n  upstream:\n    type: openai-compatible\n    base_url: http://h/v1?key=SECRET0123456789\n',
    says: /^[^]*gateway\.upstream\.base_url must be an http or https URL without credentials, query or fragment; got a URL with a query/,
  },
  {
    name: 'a key written as gateway.upstream.api_key_env',
    config: 'gateway:\n  upstream:\n    type: openai-compatible\n    base_url: http://127.0.0.1:9/v1\n    api_key_env: sk-proj-SECRET0123456789abcdef\n',
    says: /gateway\.upstream\.api_key_env must be the name of an environment variable .*looks like a key itself/,
  },
];

describe('a refused value that may be a secret', () => {
  for (const scenario of SCENARIOS) {
    it(`is not repeated at startup: ${scenario.name}`, async () => {
      const message = await startupFailure(scenario.config);
      expect(message).toMatch(scenario.says);
      expect(message).not.toContain('SECRET');
      expect(message).not.toContain('model.providers.gateway');
    });

    it(`is not repeated on a reload: ${scenario.name}`, async () => {
      const message = await reloadRefusal(scenario.config);
      expect(message).toMatch(scenario.says);
      expect(message).not.toContain('SECRET');
      expect(message).not.toContain('model.providers.gateway');
    });
  }
});

describe('a bad gateway.upstream given by base_url and type', () => {
  it('names gateway.upstream.base_url for an address with a user name and password', async () => {
    const message = await startupFailure('gateway:\n  upstream:\n    type: openai-compatible\n    base_url: http://user:SECRET@127.0.0.1:9/v1\n');
    expect(message).toContain('gateway.upstream.base_url must not contain a user name or password');
    expect(message).not.toContain('model.providers');
  });

  it('names gateway.upstream.api_key_env for a variable that is not set', async () => {
    delete process.env['ACODE_TEST_UNSET_UPSTREAM_KEY'];
    const message = await startupFailure('gateway:\n  upstream:\n    type: openai-compatible\n    base_url: http://127.0.0.1:9/v1\n    api_key_env: ACODE_TEST_UNSET_UPSTREAM_KEY\n');
    expect(message).toContain('gateway.upstream.api_key_env names the environment variable ACODE_TEST_UNSET_UPSTREAM_KEY, which is not set');
    expect(message).not.toContain('model.providers');
  });

  it('names gateway.upstream.api_key_env for a value that is not a variable name', async () => {
    const message = await startupFailure('gateway:\n  upstream:\n    type: openai-compatible\n    base_url: http://127.0.0.1:9/v1\n    api_key_env: not a name\n');
    expect(message).toContain('gateway.upstream.api_key_env must be the name of an environment variable');
    expect(message).not.toContain('model.providers');
  });
});
