import { describe, expect, it } from 'vitest';
import { command, usageError } from './support/parse-command.js';

const GLOBAL = { logLevel: 'silent' };

describe('providers smoke-test', () => {
  it('takes the provider and the overrides, options before or after it', () => {
    expect(command(['providers', 'smoke-test', 'ollama', '--base-url', 'http://127.0.0.1:1', '--model', 'llama3.2:latest', '--timeout-ms', '2000'])).toEqual({
      kind: 'providers-smoke-test',
      global: GLOBAL,
      provider: 'ollama',
      baseUrl: 'http://127.0.0.1:1',
      model: 'llama3.2:latest',
      timeoutMs: 2000,
    });
    expect(command(['providers', '--model', 'm', 'smoke-test', 'openai-compatible'])).toEqual({
      kind: 'providers-smoke-test',
      global: GLOBAL,
      provider: 'openai-compatible',
      model: 'm',
    });
  });

  it('refuses a missing or malformed provider, URL, model or timeout', () => {
    expect(usageError(['providers', 'smoke-test']).message).toContain('Missing PROVIDER');
    expect(usageError(['providers', 'smoke-test', 'Ollama!']).message).toContain("Invalid provider name 'Ollama!'");
    expect(usageError(['providers', 'smoke-test', 'ollama', 'extra']).message).toContain("Unexpected argument 'extra'");
    expect(usageError(['providers', 'smoke-test', 'ollama', '--base-url', 'not a url']).message).toContain('Invalid --base-url');
    expect(usageError(['providers', 'smoke-test', 'ollama', '--base-url', 'file:///etc/passwd']).message).toContain('use http or https');
    const credentials = usageError(['providers', 'smoke-test', 'ollama', '--base-url', 'http://user:hunter2@127.0.0.1:1']);
    expect(credentials.message).toContain('must not contain credentials');
    expect(credentials.message).not.toContain('hunter2');
    expect(usageError(['providers', 'smoke-test', 'ollama', '--model', 'two words']).message).toContain('Invalid --model');
    for (const timeout of ['0', '999', '600001', '1e4', '-5', 'soon', '12.5', '']) {
      expect(usageError(['providers', 'smoke-test', 'ollama', `--timeout-ms=${timeout}`]).message).toContain('--timeout-ms must be a whole number from 1000 to 600000');
    }
  });

  it('escapes hostile input in messages and bounds it', () => {
    const error = usageError(['providers', 'smoke-test', `x\u001b[2J${'a'.repeat(10_000)}`]);
    expect(error.message).not.toContain('\u001b');
    expect(error.message.length).toBeLessThan(300);
  });

  it('has help and names the subcommands when one is missing or unknown', () => {
    expect(command(['providers', 'smoke-test', '--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('Exit status') });
    expect(command(['providers', '--help'])).toMatchObject({ kind: 'help' });
    expect(usageError(['providers']).message).toBe('Missing subcommand. Use one of: smoke-test, stats.');
    expect(usageError(['providers', 'ping']).message).toContain("Unknown subcommand 'providers ping'");
  });
});

describe('providers stats', () => {
  it('needs --tool-calls and defaults the window to 24h', () => {
    expect(command(['providers', 'stats', 'ollama', '--tool-calls'])).toEqual({ kind: 'providers-stats', global: GLOBAL, provider: 'ollama', since: '24h', json: false });
    expect(command(['providers', 'stats', 'ollama', '--tool-calls', '--since', '7d', '--json', '--db', 'x.db'])).toEqual({
      kind: 'providers-stats',
      global: GLOBAL,
      provider: 'ollama',
      since: '7d',
      json: true,
      db: 'x.db',
    });
    expect(usageError(['providers', 'stats', 'ollama']).message).toContain('--tool-calls');
    // The gateway records tool calls only: nothing else to choose.
    expect(command(['providers', 'stats', 'gateway'])).toEqual({ kind: 'providers-stats', global: GLOBAL, provider: 'gateway', since: '24h', json: false });
    expect(usageError(['providers', 'stats', '--tool-calls']).message).toContain('Missing PROVIDER');
    expect(usageError(['providers', 'stats', 'ollama', '--tool-calls', '--db', ' ']).message).toBe('--db needs a file path.');
    expect(usageError(['providers', 'stats', 'ollama', '--tool-calls', '--since']).message).toContain('--since');
  });
});

describe('debug tool-call', () => {
  it('takes the correlation id', () => {
    expect(command(['debug', 'tool-call', '--correlation-id', 'abc-123-def', '--json'])).toEqual({ kind: 'debug-tool-call', global: GLOBAL, correlationId: 'abc-123-def', json: true });
  });

  it('refuses a missing, empty, oversized or control-character id', () => {
    expect(usageError(['debug', 'tool-call']).message).toContain('Missing --correlation-id');
    expect(usageError(['debug', 'tool-call', '--correlation-id', '  ']).message).toContain('Missing --correlation-id');
    expect(usageError(['debug', 'tool-call', '--correlation-id', 'x'.repeat(201)]).message).toContain('Invalid correlation id');
    expect(usageError(['debug', 'tool-call', '--correlation-id', 'a\u0007b']).message).toContain('Invalid correlation id');
    expect(usageError(['debug', 'tool-call', 'abc']).message).toContain("Unexpected argument 'abc'");
  });

  it('leaves debug parse-tool-call as it was', () => {
    expect(command(['debug', 'parse-tool-call', '--input', '-'])).toMatchObject({ kind: 'debug-parse-tool-call', input: '-' });
    expect(usageError(['debug', 'nope']).message).toContain('Use: parse-tool-call, tool-call.');
  });
});

describe('test retry-scenario', () => {
  it('takes --initial-failures N or --always-fail', () => {
    expect(command(['test', 'retry-scenario', '--initial-failures', '2'])).toEqual({ kind: 'test-retry-scenario', global: GLOBAL, initialFailures: 2, format: 'ollama' });
    expect(command(['test', 'retry-scenario', '--always-fail', '--max-retries', '2', '--format', 'openai', '--db', 'd.db'])).toEqual({
      kind: 'test-retry-scenario',
      global: GLOBAL,
      initialFailures: 'always',
      maxRetries: 2,
      format: 'openai',
      db: 'd.db',
    });
  });

  it('refuses both, neither, and out-of-range counts', () => {
    expect(usageError(['test', 'retry-scenario']).message).toBe('Give exactly one of --initial-failures N and --always-fail.');
    expect(usageError(['test', 'retry-scenario', '--always-fail', '--initial-failures', '1']).message).toBe('Give exactly one of --initial-failures N and --always-fail.');
    expect(usageError(['test', 'retry-scenario', '--initial-failures', '11']).message).toContain('from 0 to 10');
    expect(usageError(['test', 'retry-scenario', '--always-fail', '--max-retries', '0']).message).toContain('from 1 to 10');
    expect(usageError(['test', 'retry-scenario', '--always-fail', '--format', 'grpc']).message).toContain("Unknown --format 'grpc'");
    expect(usageError(['test', 'other']).message).toContain("Unknown subcommand 'test other'");
  });
});

describe('chat', () => {
  it('takes the message, the tools and the options', () => {
    expect(command(['chat', '--message', 'Read the README.md file', '--tools', 'read_file, file_write,read_file', '--stream', '--provider', 'lmstudio', '--model', 'qwen'])).toEqual({
      kind: 'chat',
      global: GLOBAL,
      message: 'Read the README.md file',
      tools: ['read_file', 'file_write'],
      stream: true,
      provider: 'lmstudio',
      model: 'qwen',
      execute: false,
      mode: 'text',
      maxRounds: 5,
    });
  });

  it('takes --execute with its mode and round limit', () => {
    expect(command(['chat', '-m', 'hi', '--tools', 'kb_search', '--execute'])).toMatchObject({ execute: true, mode: 'text', maxRounds: 5 });
    expect(command(['chat', '-m', 'hi', '--tools', 'kb_search', '--execute', '--mode', 'VOICE', '--max-rounds', '20'])).toMatchObject({ execute: true, mode: 'voice', maxRounds: 20 });
  });

  it('refuses --mode and --max-rounds without --execute, and rounds out of range', () => {
    expect(usageError(['chat', '-m', 'hi', '--tools', 'a', '--mode', 'voice']).message).toBe('--mode and --max-rounds go with --execute: without it nothing runs.');
    expect(usageError(['chat', '-m', 'hi', '--tools', 'a', '--max-rounds', '3']).message).toBe('--mode and --max-rounds go with --execute: without it nothing runs.');
    for (const rounds of ['0', '21', '-1', '2.5', 'many', '']) {
      expect(usageError(['chat', '-m', 'hi', '--tools', 'a', '--execute', `--max-rounds=${rounds}`]).message).toContain('--max-rounds must be a whole number from 1 to 20');
    }
    expect(usageError(['chat', '-m', 'hi', '--tools', 'a', '--execute', '--mode', 'shout']).message).toBe("Unknown --mode 'shout'. Use one of: text, voice.");
  });

  it('keeps a message that looks like an option or a command word', () => {
    expect(command(['chat', '-m', 'tools list', '--tools', 'file_read'])).toMatchObject({ message: 'tools list' });
    expect(command(['chat', '--message=--help', '--tools', 'file_read'])).toMatchObject({ message: '--help' });
  });

  it('refuses missing, empty, oversized and stray input', () => {
    expect(usageError(['chat', '--tools', 'file_read']).message).toBe('Missing --message TEXT.');
    expect(usageError(['chat', '--message', ' ', '--tools', 'file_read']).message).toBe('Missing --message TEXT.');
    expect(usageError(['chat', '--message', 'hi']).message).toContain('Missing --tools');
    expect(usageError(['chat', '--message', 'hi', '--tools', ' , ,']).message).toContain('Missing --tools');
    expect(usageError(['chat', '--message', 'x'.repeat(100_001), '--tools', 'a']).message).toContain('at most 100000');
    const many = Array.from({ length: 65 }, (_, index) => `t${index}`).join(',');
    expect(usageError(['chat', '--message', 'hi', '--tools', many]).message).toContain('at most 64');
    expect(usageError(['chat', 'hello', '--tools', 'a']).message).toContain("Unexpected argument 'hello'");
  });
});

it('lists the command groups when the command is unknown', () => {
  const error = usageError(['frobnicate']);
  expect(error.message).toBe("Unknown command 'frobnicate'. Commands: tools, debug, providers, test, chat, config.");
  expect(error.helpCommand).toBe('acode');
});
