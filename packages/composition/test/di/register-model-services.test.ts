import { ConfigurationException, TOKENS, type IChatModelClient, type ITelemetryStore, type ToolRegistrationService } from '@acode/application';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { container, registerAcodeServices } from '../../src/index.js';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { ToolCallRetryHandler } from '@acode/infrastructure/retry';
import type { Writable } from 'node:stream';
import { logSink } from '../support/log-sink.js';
import { projectDirs } from '../support/project-dirs.js';

const { root, project } = projectDirs('acode-di-models-');
const opened: ITelemetryStore[] = [];
const servers: ScriptedModelServer[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function compose(cwd: string, options: { telemetryPath?: string; logStream?: Writable; env?: Record<string, string> } = {}) {
  const scope = container.createChildContainer();
  registerAcodeServices(scope, { cwd, homeDir: join(root, 'home'), logLevel: 'warn', logStream: options.logStream ?? logSink().stream, env: options.env ?? {}, ...(options.telemetryPath ? { telemetryPath: options.telemetryPath } : {}) });
  await scope.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  return scope;
}

describe('registerAcodeServices: model services', () => {
  it('opens no database until the telemetry store is resolved, then at the project default', async () => {
    const cwd = project();
    const scope = await compose(cwd);
    scope.resolve(TOKENS.ToolSchemaRegistry);
    scope.resolve(TOKENS.ToolCallParser);
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);
    const store = scope.resolve<ITelemetryStore>(TOKENS.TelemetryStore);
    opened.push(store);
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(true);
    expect(scope.resolve(TOKENS.TelemetryStore)).toBe(store);
  });

  it('builds clients from model.providers and names a setting that cannot be used', async () => {
    const scope = await compose(project('model:\n  providers:\n    lmstudio:\n      model: qwen\n    vllm:\n      base_url: http://127.0.0.1:8000/v1\n'));
    const factory = scope.resolve<(provider: string) => IChatModelClient>(TOKENS.ChatModelClientFactory);
    expect(factory('ollama').provider).toBe('ollama');
    expect(factory('vllm').provider).toBe('vllm');
    expect(() => factory('lmstudio')).toThrow(ConfigurationException);
    expect(() => factory('lmstudio')).toThrow(/model\.providers\.lmstudio\.base_url is required/);
  });

  it('wires the retry handler to the registry, parser and telemetry store', async () => {
    const server = await startScriptedModelServer({ script: [{ kind: 'tool_call', name: 'file_read', arguments: 'path = x' }, { kind: 'tool_call', name: 'file_read', arguments: { path: 'x' } }] });
    servers.push(server);
    const cwd = project(`model:\n  providers:\n    ollama:\n      base_url: ${server.url}\n      tool_call:\n        retry_delay_ms: 0\n`);
    const scope = await compose(cwd, { telemetryPath: join(cwd, 'custom.db') });
    const client = scope.resolve<(provider: string) => IChatModelClient>(TOKENS.ChatModelClientFactory)('ollama');
    const request = { model: 'llama3.2', messages: [{ role: 'user' as const, content: 'read x' }] };
    const handled = await scope.resolve(ToolCallRetryHandler).handle({ client, chatRequest: request, response: await client.chat(request), provider: 'ollama' });
    expect(handled.attempts).toBe(2);
    expect(handled.parse.toolCalls[0]?.arguments).toMatchObject({ path: 'x' });
    const store = scope.resolve<ITelemetryStore>(TOKENS.TelemetryStore);
    opened.push(store);
    expect(store.query()).toMatchObject([{ provider: 'ollama', tool: 'file_read', parseResult: 'retried', retryCount: 1 }]);
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);
  });

  it('keeps the handler working, and says why, when the database cannot be opened', async () => {
    const cwd = project();
    writeFileSync(join(cwd, 'blocker'), 'a file where a directory should be');
    const log = logSink();
    const scope = await compose(cwd, { telemetryPath: join(cwd, 'blocker', 'acode.db'), logStream: log.stream });
    expect(scope.resolve(ToolCallRetryHandler)).toBeInstanceOf(ToolCallRetryHandler);
    expect(log.text()).toContain('Tool call telemetry is off');
    expect(log.text()).toContain('ACODE-TEL-001');
  });
});

describe('registerAcodeServices: dispose', () => {
  it('closes the telemetry database a command opened, and opens nothing when none was', () => {
    const cwd = project();
    const untouched = container.createChildContainer();
    registerAcodeServices(untouched, { cwd, homeDir: join(root, 'home'), logLevel: 'silent', env: {} }).dispose();
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);

    const scope = container.createChildContainer();
    const services = registerAcodeServices(scope, { cwd, homeDir: join(root, 'home'), logLevel: 'silent', env: {} });
    const store = scope.resolve<ITelemetryStore>(TOKENS.TelemetryStore);
    expect(store.query()).toEqual([]);
    services.dispose();
    // A closed store refuses work with its own code instead of touching a closed handle.
    expect(() => store.query()).toThrow(/ACODE-TEL-001|closed/);
  });
});
