import type { ScriptStep } from '@acode/infrastructure/testing';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useModelE2e } from './support/model-e2e.js';

/**
 * End to end: the built bin against real HTTP servers on 127.0.0.1 (the scripted model server,
 * started here, or the one `test retry-scenario` starts itself), in temporary projects.
 */

const VALID_READ: ScriptStep = { kind: 'tool_call', name: 'file_read', arguments: { path: 'README.md' } };

const e2e = useModelE2e('acode-model-e2e-');
const { run, server } = e2e;

let projects = 0;
function makeProject(config?: string): string {
  const dir = join(e2e.root, `project-${++projects}`);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  if (config !== undefined) writeFileSync(join(dir, '.agent', 'config.yml'), config);
  return dir;
}

describe('providers smoke-test', () => {
  it('fails fast with the unreachable message when nothing listens (exit 3)', async () => {
    const cwd = makeProject();
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', 'http://127.0.0.1:1', '--model', 'llama3.2'], cwd);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('✗ Server reachable');
    expect(result.stderr).toMatch(/^\[ACODE-MDL-001\] Cannot reach ollama at http:\/\/127\.0\.0\.1:1/);
    // Nothing was recorded, so nothing was created.
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);
  });

  it('passes all three checks against a server that answers with a valid file_read call', async () => {
    const model = await server([VALID_READ]);
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', model.url, '--model', 'llama3.2'], makeProject());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✓ Server reachable (1 model)');
    expect(result.stdout).toContain('✓ Model present: llama3.2:latest');
    expect(result.stdout).toMatch(/✓ Tool call round trip: file_read \(\S+\) \{"path":"README.md"/);
    const chat = model.requests.find((request) => request.path === '/api/chat');
    expect(chat?.body).toMatchObject({ model: 'llama3.2', tools: [{ type: 'function', function: { name: 'file_read' } }] });
  });

  it('speaks the OpenAI-compatible format too', async () => {
    const model = await server([VALID_READ]);
    const result = await run(['providers', 'smoke-test', 'openai-compatible', '--base-url', model.url, '--model', 'llama3.2:latest'], makeProject());
    expect(result.code).toBe(0);
    expect(model.requests.map((request) => request.path)).toEqual(['/v1/models', '/v1/chat/completions']);
  });

  it('names a missing model and lists what the server has (exit 4, ACODE-MDL-004)', async () => {
    const model = await server([], ['qwen2.5:7b', 'mistral:latest']);
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', model.url, '--model', 'llama3.2'], makeProject());
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("[ACODE-MDL-004] Model 'llama3.2' is not on the server");
    expect(result.stderr).toContain('qwen2.5:7b, mistral:latest');
    expect(model.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('says when the model has no tool support (exit 4, ACODE-MDL-006)', async () => {
    const model = await server([{ kind: 'no_tool_support' }]);
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', model.url, '--model', 'llama3.2'], makeProject());
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^\[ACODE-MDL-006\]/);
  });

  it('reports a server error (exit 3, ACODE-MDL-003) and a timeout (exit 3, ACODE-MDL-002)', async () => {
    const failing = await server([{ kind: 'http_error', status: 500, message: 'boom' }]);
    const error = await run(['providers', 'smoke-test', 'ollama', '--base-url', failing.url, '--model', 'llama3.2'], makeProject());
    expect(error.code).toBe(3);
    expect(error.stderr).toMatch(/^\[ACODE-MDL-003\]/);

    const slow = await server([{ kind: 'slow', delayMs: 30_000, then: VALID_READ }]);
    const timeout = await run(['providers', 'smoke-test', 'ollama', '--base-url', slow.url, '--model', 'llama3.2', '--timeout-ms', '1000'], makeProject());
    expect(timeout.code).toBe(3);
    expect(timeout.stderr).toMatch(/^\[ACODE-MDL-002\]/);
  });

  it('fails the round trip when the model answers in text only (exit 1)', async () => {
    const model = await server([{ kind: 'text', content: 'I cannot read files.' }]);
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', model.url, '--model', 'llama3.2'], makeProject());
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ Tool call round trip');
    expect(result.stderr).toContain('answered without calling file_read');
  });

  it('asks for a model when none is configured or given (exit 2)', async () => {
    const model = await server([]);
    const result = await run(['providers', 'smoke-test', 'ollama', '--base-url', model.url], makeProject());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No model to test: pass --model or set model.providers.ollama.model');
  });
});

describe('scripts/smoke-tests/ollama-smoke-test.sh (FR-086)', () => {
  const script = fileURLToPath(new URL('../../../scripts/smoke-tests/ollama-smoke-test.sh', import.meta.url));

  it('runs the smoke test from any directory and passes its arguments and exit status through', async () => {
    const model = await server([VALID_READ]);
    const cwd = makeProject();
    const env = { PATH: process.env['PATH'] ?? '', HOME: e2e.home, NO_COLOR: '1' };
    // Asynchronously: spawnSync would block the event loop the scripted server answers on.
    const passed = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      execFile('bash', [script, '--base-url', model.url, '--model', 'llama3.2'], { cwd, env }, (error, stdout) =>
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout }),
      );
    });
    expect(passed.stdout).toContain('Smoke test passed');
    expect(passed.status).toBe(0);

    const down = spawnSync('bash', [script, '--base-url', 'http://127.0.0.1:1', '--model', 'llama3.2'], { cwd, env, encoding: 'utf8' });
    expect(down.status).toBe(3);
    expect(down.stderr).toMatch(/^\[ACODE-MDL-001\]/);
  });
});

describe('test retry-scenario, then providers stats and debug tool-call', () => {
  it('shows the calls of both scenarios afterwards', async () => {
    const cwd = makeProject();

    const success = await run(['test', 'retry-scenario', '--initial-failures', '2'], cwd);
    expect(success.stderr).toBe('');
    expect(success.code).toBe(0);
    // 002 scenario 3's log lines, in order.
    const logLines = success.stdout.split('\n').filter((line) => /^\[(INFO|WARN|ERROR)\]/.test(line));
    expect(logLines.filter((line) => line.startsWith('[INFO]'))).toEqual([
      '[INFO] Tool call parse failed, attempting retry (1/3)',
      '[INFO] Retry prompt sent to model',
      '[INFO] Tool call parse failed, attempting retry (2/3)',
      '[INFO] Retry prompt sent to model',
      '[INFO] Retry succeeded on attempt 3',
    ]);
    expect(success.stdout).toContain('Result: success on attempt 3');
    expect(success.stdout).toContain('Model requests: 3; tokens 45');
    const successId = /Correlation ID: (\S+)/.exec(success.stdout)?.[1];
    expect(successId).toBeDefined();

    const exhausted = await run(['test', 'retry-scenario', '--always-fail', '--max-retries', '2'], cwd);
    expect(exhausted.code).toBe(1);
    expect(exhausted.stdout).toContain('[WARN] Tool call retry failed (attempt 2/2)');
    expect(exhausted.stdout).toContain('[ERROR] [ACODE-TLP-006] Failed after 2 attempts');
    expect(exhausted.stdout).toContain('  Tool: read_file');
    expect(exhausted.stdout).toContain('Model requests: 2;');
    expect(exhausted.stderr).toBe(
      "Unable to complete tool call after 2 attempts.\nThe AI was unable to produce valid JSON for the 'read_file' tool.\nPlease try rephrasing your request or use a different model.\n",
    );
    const exhaustedId = /Correlation ID: (\S+)/.exec(exhausted.stdout)?.[1];
    expect(exhaustedId).toBeDefined();
    expect(exhaustedId).not.toBe(successId);

    const stats = await run(['providers', 'stats', 'ollama', '--tool-calls'], cwd);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/Total Tool Calls: +2\n/);
    expect(stats.stdout).toMatch(/Retried Successfully: +1 \(50\.0%\)/);
    expect(stats.stdout).toMatch(/Failed: +1 \(50\.0%\)/);
    expect(stats.stdout).toContain('(includes model round-trip)');

    const json = await run(['providers', 'stats', 'ollama', '--tool-calls', '--json'], cwd);
    expect(JSON.parse(json.stdout)).toMatchObject({ provider: 'ollama', total: 2, retried: 1, failed: 1, success: 0 });
    const otherProvider = await run(['providers', 'stats', 'lmstudio', '--tool-calls', '--json'], cwd);
    expect(JSON.parse(otherProvider.stdout)).toMatchObject({ total: 0 });

    const retried = await run(['debug', 'tool-call', '--correlation-id', successId ?? ''], cwd);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain(`Tool Call Debug: ${successId}`);
    expect(retried.stdout).toContain('Parse Result: SUCCESS (after retry)');
    expect(retried.stdout).toContain('Retry Count: 2');
    // The scenario records its own arguments: the caret sits under the first character.
    expect(retried.stdout).toContain('Original JSON:\n  path = README.md\n  ^\n  Error position 0');

    const failed = await run(['debug', 'tool-call', '--correlation-id', exhaustedId ?? '', '--json'], cwd);
    expect(JSON.parse(failed.stdout)).toMatchObject([{ correlationId: exhaustedId, parseResult: 'failed', retryCount: 1, tool: 'read_file' }]);
  });

  it('speaks the OpenAI format and keeps the database where --db says', async () => {
    const cwd = makeProject();
    const result = await run(['test', 'retry-scenario', '--initial-failures', '1', '--format', 'openai', '--db', 'elsewhere.db'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Result: success on attempt 2');
    expect(existsSync(join(cwd, 'elsewhere.db'))).toBe(true);
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);
    const stats = await run(['providers', 'stats', 'openai-compatible', '--tool-calls', '--json', '--db', 'elsewhere.db'], cwd);
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: 1, retried: 1 });
  });
});

describe('reading telemetry that is not there or not usable', () => {
  it('shows no calls before anything was recorded, and creates nothing', async () => {
    const cwd = makeProject();
    const stats = await run(['providers', 'stats', 'ollama', '--tool-calls'], cwd);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('No tool calls recorded in this window.');
    expect(stats.stdout).toContain('No telemetry database at');
    const debug = await run(['debug', 'tool-call', '--correlation-id', 'abc-123'], cwd);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain("No tool call recorded under correlation id 'abc-123'");
    const list = await run(['tools', 'list'], cwd);
    expect(list.code).toBe(0);
    expect(existsSync(join(cwd, '.agent', 'acode.db'))).toBe(false);
  });

  it('refuses a file that is not a database (exit 2, ACODE-TEL-001) and a bad window (exit 2)', async () => {
    const cwd = makeProject();
    writeFileSync(join(cwd, 'garbage.db'), 'this is not sqlite '.repeat(100));
    const stats = await run(['providers', 'stats', 'ollama', '--tool-calls', '--db', 'garbage.db'], cwd);
    expect(stats.code).toBe(2);
    expect(stats.stderr).toMatch(/^\[ACODE-TEL-001\]/);
    const debug = await run(['debug', 'tool-call', '--correlation-id', 'x', '--db', 'garbage.db'], cwd);
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(/^\[ACODE-TEL-001\]/);
    const since = await run(['providers', 'stats', 'ollama', '--tool-calls', '--since', 'yesterday'], cwd);
    expect(since.code).toBe(2);
    expect(since.stderr).toMatch(/^\[ACODE-CLI-001\] --since "yesterday" is not a duration or a date/);
  });
});

describe('chat', () => {
  function chatProject(url: string, extra = ''): string {
    return makeProject(`model:\n  providers:\n    ollama:\n      base_url: ${url}\n      model: llama3.2\n      timeout_ms: 5000\n${extra}`);
  }

  it('prints the validated call of one turn and records it', async () => {
    const model = await server([{ kind: 'tool_call', name: 'read_file', arguments: '{"path": "README.md",}', content: 'Let me read it.' }]);
    const cwd = chatProject(model.url);
    const result = await run(['chat', '--message', 'Read the README.md file', '--tools', 'read_file'], cwd);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Let me read it.');
    expect(result.stdout).toContain('Tool calls (1 valid):');
    expect(result.stdout).toMatch(/✓ file_read \(\S+\) \{"path":"README.md","encoding":"utf-8"\} \(repaired: trailing_comma\)/);
    // A trailing comma is repaired: no second request.
    expect(model.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    const stats = await run(['providers', 'stats', 'ollama', '--tool-calls', '--json'], cwd);
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: 1, repaired: 1, repairBreakdown: { trailing_comma: 1 } });
  });

  it('streams the text and retries a malformed call', async () => {
    const model = await server([
      { kind: 'tool_call', name: 'file_read', arguments: 'path = README.md', content: 'Reading…' },
      VALID_READ,
    ]);
    const result = await run(['chat', '--message', 'Read the README.md file', '--tools', 'file_read', '--stream'], chatProject(model.url));
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('Reading…\n')).toBe(true);
    expect(result.stdout).toContain('Tool calls (1 valid):');
    expect(result.stdout).toContain('Model requests: 2;');
    expect((model.requests[0]?.body as { stream?: boolean }).stream).toBe(true);
  });

  it('refuses a call cut at the length limit that the repairer could close (ACODE-TLP-010, exit 1), and retries it when retries are on', async () => {
    const cut: ScriptStep = { kind: 'tool_call', name: 'file_read', arguments: '{"path": "README.md"', finishReason: 'length' };
    const once = await server([cut]);
    const refused = await run(['chat', '--message', 'Read the README.md file', '--tools', 'file_read'], chatProject(once.url, '      tool_call:\n        max_retries: 1\n'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/✗ file_read: \[ACODE-TLP-010\] The model's output was cut off at its length limit/);
    expect(once.requests.filter((request) => request.method === 'POST')).toHaveLength(1);

    const twice = await server([cut, VALID_READ]);
    const retried = await run(['chat', '--message', 'Read the README.md file', '--tools', 'file_read'], chatProject(twice.url, '      tool_call:\n        retry_delay_ms: 0\n'));
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain('Tool calls (1 valid):');
    expect(retried.stdout).toContain('Model requests: 2;');
    const retryMessage = (twice.requests[1]?.body as { messages: Array<{ role: string; content: string }> }).messages.at(-1);
    expect(retryMessage?.role).toBe('tool');
    expect(retryMessage?.content.split('\n')[0]).toBe(
      'Your output was cut off before the tool call was complete, so the call was not run. Send the call again, shorter: keep the arguments brief, or split large content over several calls.',
    );
  });

  it('refuses a streamed call whose arguments pass max_argument_size, naming ACODE-TLP-009 once (exit 1)', async () => {
    const model = await server([{ kind: 'tool_call', name: 'file_read', arguments: JSON.stringify({ path: 'x'.repeat(4000) }) }]);
    const cwd = makeProject(`model:\n  providers:\n    local:\n      type: openai-compatible\n      base_url: ${model.url}/v1\n      model: m\n      timeout_ms: 5000\n      tool_call:\n        max_argument_size: 1024\n        retry_delay_ms: 0\n`);
    const result = await run(['chat', '--message', 'Read a file', '--tools', 'file_read', '--stream', '--provider', 'local'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Tool calls (1 valid)');
    expect(result.stdout.match(/ACODE-TLP-009/g)).toHaveLength(1);
  });

  it('reports an unknown tool in the answer without retrying it (exit 1)', async () => {
    const model = await server([{ kind: 'tool_call', name: 'hack_system', arguments: {} }]);
    const result = await run(['chat', '--message', 'hi', '--tools', 'file_read'], chatProject(model.url));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ hack_system: \[ACODE-TLP-005\]/);
    expect(model.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('refuses a tool the registry does not know before calling the model (exit 1)', async () => {
    const model = await server([]);
    const result = await run(['chat', '--message', 'hi', '--tools', 'file_read,nope\u001b[2J'], chatProject(model.url));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("[ACODE-TSR-001] Unknown tool 'nope\\u001b[2J'");
    expect(model.requests).toHaveLength(0);
  });

  it('names the provider setting that cannot be used (exit 2) and an unreachable server (exit 3)', async () => {
    const bad = await run(['chat', '--message', 'hi', '--tools', 'file_read'], makeProject('model:\n  providers:\n    ollama:\n      timeout_ms: -1\n'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('model.providers.ollama.timeout_ms');
    const down = await run(['chat', '--message', 'hi', '--tools', 'file_read'], chatProject('http://127.0.0.1:1'));
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/^\[ACODE-MDL-001\]/);
  });
});
