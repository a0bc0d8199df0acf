import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolCallParseResult } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';

/**
 * End to end: the built bin with the real parser, repairer, accumulator and registry, on the
 * fixture files of 002's scenarios. Every run is checked for stack traces and escape sequences.
 */

const FIXTURES = new URL('./fixtures/parse-tool-call/', import.meta.url).pathname;
const STACK_TRACE = /\n\s+at /;

const CONFIG = `
model:
  providers:
    ollama:
      base_url: http://localhost:11434
      tool_call:
        max_argument_size: 1024
        enable_auto_repair: true
`;

let root: string;
let home: string;
let project: string;
const runs: AcodeRun[] = [];

async function parse(args: string[], options: { cwd?: string; input?: string } = {}): Promise<AcodeRun> {
  const result = await acode(['debug', 'parse-tool-call', ...args], { cwd: options.cwd ?? project, home, ...(options.input !== undefined ? { input: options.input } : {}) });
  runs.push(result);
  return result;
}

const fixture = (name: string) => join(FIXTURES, name);

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-parse-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(join(project, '.agent'), { recursive: true });
  writeFileSync(join(project, '.agent', 'config.yml'), CONFIG);
});

afterAll(() => {
  for (const run of runs) {
    expect(run.stdout + run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stdout + run.stderr).not.toContain('\u001b');
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('acode debug parse-tool-call (002 scenarios)', () => {
  it('parses a valid Ollama response (object arguments, generated id)', async () => {
    const { code, stdout } = await parse(['--input', fixture('valid-ollama.json'), '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.success).toBe(true);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ name: 'file_read', requestedName: 'read_file', index: 0, source: 'ollama', repairs: [] });
    expect(result.toolCalls[0]!.arguments).toMatchObject({ path: 'README.md' });
    expect(result.toolCalls[0]!.id).toMatch(/^call_/);
  });

  it('repairs a trailing comma and shows it (scenario 2)', async () => {
    const { code, stdout } = await parse(['--input', fixture('trailing-comma.json'), '--verbose']);
    expect(code).toBe(0);
    expect(stdout).toContain('[0] file_read (call_test) (requested as read_file)\n    ✓ repaired (trailing_comma)\n');
    expect(stdout).toContain('Original: {"path": "test.txt",}');
    expect(stdout).toContain('Repaired: {"path": "test.txt"}');
    expect(stdout).toContain('Parsed: 1, Repaired: 1, Failed: 0');
  });

  it('fails the repaired call with --strict, and the malformed one with --no-repair (scenario 10)', async () => {
    const strict = await parse(['--input', fixture('trailing-comma.json'), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('Strict: 1 repaired call counted as failed.');

    const noRepair = await parse(['--input', fixture('trailing-comma.json'), '--no-repair', '--json']);
    expect(noRepair.code).toBe(1);
    const result = JSON.parse(noRepair.stdout) as ToolCallParseResult;
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ index: 0, id: 'call_test', code: 'ACODE-TLP-002', position: 20 })]);
  });

  it('reports a schema failure with the TSR error, path, expected and actual (scenario 4)', async () => {
    const { code, stdout } = await parse(['--input', fixture('schema-failure.json'), '--strict']);
    expect(code).toBe(1);
    expect(stdout).toContain('✗ [ACODE-TLP-004]');
    expect(stdout).toContain('[ACODE-TSR-004]');
    expect(stdout).toMatch(/Expected: string\n/);
    expect(stdout).toMatch(/Actual: integer\n/);
    expect(stdout).toContain('Path: /path');
    expect(stdout).toContain('Parsed: 0, Repaired: 0, Failed: 1');
  });

  it('keeps five calls in order (scenario 5)', async () => {
    const { code, stdout } = await parse(['--input', fixture('multiple-calls.json')]);
    expect(code).toBe(0);
    const headers = stdout.split('\n').filter((line) => /^\[\d\]/.test(line));
    expect(headers).toEqual([
      '[0] file_read (call_1) (requested as read_file)',
      '[1] file_read (call_2) (requested as read_file)',
      '[2] file_read (call_3) (requested as read_file)',
      '[3] file_write (call_4) (requested as write_file)',
      '[4] command_execute (call_5) (requested as execute_command)',
    ]);
    expect(stdout).toContain('Parsed: 5, Repaired: 0, Failed: 0');
  });

  it('rejects an unknown tool, lists the available tools and does not retry (scenario 8)', async () => {
    const { code, stdout } = await parse(['--input', fixture('unknown-tool.json')]);
    expect(code).toBe(1);
    expect(stdout).toContain('[0] hack_system (call_001)');
    expect(stdout).toContain('✗ [ACODE-TLP-005]');
    expect(stdout).toMatch(/Available tools: command_execute, directory_list, file_read, file_write/);
    expect(stdout).toContain('Retryable: no');
  });

  it('refuses arguments over the configured max_argument_size with size and limit (scenario 9)', async () => {
    const limited = await parse(['--input', fixture('oversized.json'), '--provider', 'ollama']);
    expect(limited.code).toBe(1);
    expect(limited.stdout).toContain('✗ [ACODE-TLP-009]');
    expect(limited.stdout).toContain('Limit: 1024 bytes (max_argument_size)');

    // Without the provider the defaults (1 MiB) apply and the same call is fine.
    expect((await parse(['--input', fixture('oversized.json')])).code).toBe(0);
  });

  it('parses an OpenAI chat completion, repairing single quotes', async () => {
    const { code, stdout } = await parse(['--input', fixture('openai-completion.json'), '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls.map((call) => [call.id, call.name, call.source, call.repairs])).toEqual([
      ['call_a', 'file_read', 'openai', []],
      ['call_b', 'file_read', 'openai', ['single_quotes']],
    ]);
  });

  it('accumulates an SSE stream with interleaved calls', async () => {
    const { code, stdout } = await parse(['--input', fixture('sse-interleaved.sse'), '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls.map((call) => [call.index, call.id, call.name, call.arguments['path'] ?? call.arguments['command']])).toEqual([
      [0, 'call_a', 'file_read', 'a.txt'],
      [1, 'call_b', 'command_execute', 'ls'],
    ]);
    expect(result.toolCalls.every((call) => call.source === 'openai_stream')).toBe(true);
  });

  it('accumulates an Ollama NDJSON stream, also from standard input', async () => {
    const { code, stdout } = await parse(['--input', '-', '--json'], { input: readFileSync(fixture('ndjson-stream.ndjson'), 'utf8') });
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', source: 'ollama_stream' })]);
  });

  it('refuses a call cut off by the end of a stream, whatever the repair could close (ACODE-TLP-010)', async () => {
    const cut = await parse(['--input', fixture('stream-cut.sse')]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain('(ended without its end marker)');
    expect(cut.stdout).toContain('[ACODE-TLP-010]');

    const failed = await parse(['--input', fixture('stream-cut.sse'), '--no-repair', '--json']);
    expect(failed.code).toBe(1);
    expect((JSON.parse(failed.stdout) as ToolCallParseResult).errors[0]).toMatchObject({ index: 0, code: 'ACODE-TLP-010', tool: 'file_read' });
  });

  it('refuses a call of a response cut at its length limit that the repairer could close (ACODE-TLP-010, exit 1)', async () => {
    const { code, stdout } = await parse(['--input', fixture('length-cut.json'), '--json']);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([
      {
        index: 0,
        id: 'call_cut',
        source: 'openai',
        tool: 'file_read',
        code: 'ACODE-TLP-010',
        message: "The model's output was cut off at its length limit (finish reason 'length') before the call was complete; it was not run. Send the call again, shorter.",
        repairs: ['missing_closing_brace'],
        rawArguments: '{"path": "notes.md"',
        retryable: true,
      },
    ]);
  });

  it('extracts a <tool_call> written in the content', async () => {
    const { code, stdout } = await parse(['--input', fixture('content-tool-call.json'), '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', source: 'content_tool_call_tag', arguments: expect.objectContaining({ path: 'notes.md' }) })]);
    expect(result.content).not.toContain('<tool_call>');
  });

  it('reports a garbage line of a stream with its line number and keeps the other calls', async () => {
    const lines = readFileSync(fixture('ndjson-stream.ndjson'), 'utf8').trimEnd().split('\n');
    const input = [lines[0], lines[1], 'this is not json', lines[2]].join('\n') + '\n';
    const { code, stdout } = await parse(['--input', '-'], { input });
    expect(code).toBe(1);
    expect(stdout).toContain('[stream line 3]');
    expect(stdout).toContain('[ACODE-TLP-008]');
    expect(stdout).toContain('Parsed: 1, Repaired: 0, Failed: 1');
  });
});

describe('acode debug parse-tool-call: input and configuration errors', () => {
  it.each([
    [['--input', 'missing.json'], 'Input file not found'],
    [[], 'Missing FILE'],
    [['--input', fixture('malformed-response.json')], 'is not valid JSON'],
  ])('exits 2 for %j', async (args, message) => {
    const { code, stdout, stderr } = await parse(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('exits 2 for empty standard input', async () => {
    const { code, stderr } = await parse(['--input', '-'], { input: '' });
    expect(code).toBe(2);
    expect(stderr).toContain('is empty');
  });

  it('exits 2 with ACODE-CFG-002 naming key and range for an out-of-range tool_call setting', async () => {
    const bad = join(root, 'bad');
    mkdirSync(join(bad, '.agent'), { recursive: true });
    writeFileSync(join(bad, '.agent', 'config.yml'), 'model:\n  providers:\n    ollama:\n      tool_call:\n        max_retries: 11\n');
    const { code, stderr } = await parse(['--input', fixture('valid-ollama.json')], { cwd: bad });
    expect(code).toBe(2);
    expect(stderr).toContain('[ACODE-CFG-002]');
    expect(stderr).toContain('model.providers.ollama.tool_call.max_retries must be an integer from 1 to 10');
  });

  it('warns about an unknown tool_call key on stderr and still parses', async () => {
    const typo = join(root, 'typo');
    mkdirSync(join(typo, '.agent'), { recursive: true });
    writeFileSync(join(typo, '.agent', 'config.yml'), 'model:\n  providers:\n    ollama:\n      tool_call:\n        max_retry: 2\n');
    const { code, stderr } = await parse(['--input', fixture('valid-ollama.json')], { cwd: typo });
    expect(code).toBe(0);
    expect(stderr).toContain('warning: [ACODE-CFG-003]');
    expect(stderr).toContain('model.providers.ollama.tool_call.max_retry');
  });
});
