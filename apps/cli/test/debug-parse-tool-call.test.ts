import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ToolCallParseOptions } from '@acode/application';
import { DEFAULT_TOOL_CALL_SETTINGS, type RawToolCall, type ToolCallParseResult, type ToolCallSettings } from '@acode/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import type { StreamCalls, StreamFormat, ToolCallServices } from '../src/runtime.js';
import { captureIo } from './support/capture.js';
import { fakeRuntime } from './support/fake-runtime.js';

/**
 * `debug parse-tool-call` in-process, over a fake parser whose answers are written here: what is
 * checked is the command's own work (reading and detecting the input, passing the options,
 * rendering, exit codes), not the parser's, which the e2e tests run for real.
 */

const NO_STACK = /\n\s+at /;
const FIXTURES = new URL('./fixtures/parse-tool-call/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'acode-parse-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Recorded {
  responses: unknown[];
  raw: Array<{ calls: readonly RawToolCall[]; content: string }>;
  options: Array<ToolCallParseOptions | undefined>;
  streams: Array<{ text: string; format: StreamFormat; settings: ToolCallSettings }>;
  repaired: string[];
}

function fakeToolCalls(answer: ToolCallParseResult, stream?: Partial<StreamCalls>, providerSettings: Partial<ToolCallSettings> = {}) {
  const recorded: Recorded = { responses: [], raw: [], options: [], streams: [], repaired: [] };
  const services: ToolCallServices = {
    parser: {
      parseResponse(response, options) {
        recorded.responses.push(response);
        recorded.options.push(options);
        return answer;
      },
      parseRawToolCalls(calls, content, options) {
        recorded.raw.push({ calls, content });
        recorded.options.push(options);
        return answer;
      },
    },
    repairer: {
      repair(text) {
        recorded.repaired.push(text);
        return { attempted: true, success: true, original: text, repaired: '{"path": "test.txt"}', repairs: ['trailing_comma'] };
      },
    },
    settings: () => ({ ...DEFAULT_TOOL_CALL_SETTINGS, ...providerSettings }),
    async accumulateStream(text, format, settings) {
      recorded.streams.push({ text, format, settings });
      return { calls: [], content: '', complete: true, errors: [], ...stream };
    },
  };
  return { services, recorded };
}

async function run(argv: string[], answer: ToolCallParseResult, options: { stdin?: string | Readable; stdinIsTty?: boolean; stream?: Partial<StreamCalls>; providerSettings?: Partial<ToolCallSettings> } = {}) {
  const { services, recorded } = fakeToolCalls(answer, options.stream, options.providerSettings);
  const captured = captureIo({ cwd: FIXTURES, ...(options.stdin !== undefined ? { stdin: options.stdin } : {}), ...(options.stdinIsTty ? { stdinIsTty: true } : {}) });
  const code = await runCli(argv, captured.io, { openRuntime: async () => fakeRuntime({ toolCalls: services }) });
  const stdout = captured.stdout.text;
  const stderr = captured.stderr.text;
  expect(stdout + stderr).not.toMatch(NO_STACK);
  return { code, stdout, stderr, recorded };
}

const parse = (...args: string[]) => ['debug', 'parse-tool-call', ...args];

const NO_CALLS: ToolCallParseResult = { success: true, toolCalls: [], errors: [], content: '', retryCount: 0, correlationId: 'corr-1' };

const REPAIRED: ToolCallParseResult = {
  ...NO_CALLS,
  toolCalls: [{ id: 'call_test', name: 'file_read', requestedName: 'read_file', version: '1.0.0', arguments: { path: 'test.txt', encoding: 'utf-8' }, index: 0, source: 'ollama', repairs: ['trailing_comma'] }],
};

const SCHEMA_FAILURE: ToolCallParseResult = {
  ...NO_CALLS,
  success: false,
  errors: [
    {
      index: 0,
      id: 'call_001',
      tool: 'read_file',
      source: 'ollama',
      code: 'ACODE-TLP-004',
      message: "Arguments of 'file_read' do not match its schema.",
      validationErrors: [{ path: '/path', code: 'ACODE-TSR-004', message: "Property 'path' must be a string.", expected: 'string', actual: 'integer' }],
      retryable: true,
    },
  ],
};

const MIXED: ToolCallParseResult = {
  ...NO_CALLS,
  success: false,
  toolCalls: [
    { id: 'call_1', name: 'file_read', arguments: { path: 'a.txt' }, index: 0, source: 'ollama', repairs: [] },
    { id: 'call_3', name: 'command_execute', arguments: { command: 'ls' }, index: 2, source: 'ollama', repairs: [] },
  ],
  errors: [
    {
      index: 1,
      id: 'call_2',
      tool: 'hack_system',
      code: 'ACODE-TLP-005',
      message: "Unknown tool 'hack_system'.",
      availableTools: ['command_execute', 'file_read'],
      didYouMean: 'file_read',
      retryable: false,
    },
  ],
};

const TOO_LARGE: ToolCallParseResult = {
  ...NO_CALLS,
  success: false,
  errors: [{ index: 0, id: 'call_001', tool: 'write_file', code: 'ACODE-TLP-009', message: 'Arguments are 2081 bytes; the limit is 1024 bytes.', retryable: false }],
};

describe('debug parse-tool-call: reading the input', () => {
  it('parses a response file as one document and prints a repaired call', async () => {
    const { code, stdout, stderr, recorded } = await run(parse('--input', 'trailing-comma.json'), REPAIRED);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(recorded.responses).toHaveLength(1);
    expect(recorded.responses[0]).toMatchObject({ message: { tool_calls: [{ id: 'call_test' }] } });
    expect(stdout).toContain(`Input: response object from ${join(FIXTURES, 'trailing-comma.json')}`);
    expect(stdout).toContain('[0] file_read (call_test) (requested as read_file)\n    ✓ repaired (trailing_comma)\n');
    expect(stdout).toContain('    Arguments: {"path":"test.txt","encoding":"utf-8"}\n');
    expect(stdout).toContain('\nParsed: 1, Repaired: 1, Failed: 0\n');
  });

  it('reads standard input for "-"', async () => {
    const { code, recorded } = await run(parse('--input', '-'), NO_CALLS, { stdin: '{"message":{"role":"assistant","content":"hi"}}' });
    expect(code).toBe(0);
    expect(recorded.responses).toEqual([{ message: { role: 'assistant', content: 'hi' } }]);
  });

  it.each([
    ['sse-interleaved.sse', 'sse'],
    ['stream-cut.sse', 'sse'],
    ['ndjson-stream.ndjson', 'ndjson'],
  ] as const)('sends %s through the stream accumulator as %s', async (file, format) => {
    const calls: RawToolCall[] = [{ index: 0, id: 'call_a', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' }];
    const { code, recorded } = await run(parse('--input', file), NO_CALLS, { stream: { calls, content: 'text' } });
    expect(code).toBe(0);
    expect(recorded.streams.map((stream) => stream.format)).toEqual([format]);
    expect(recorded.responses).toEqual([]);
    expect(recorded.raw).toEqual([{ calls, content: 'text' }]);
  });

  it('says when a stream ended without its end marker', async () => {
    const { stdout } = await run(parse('--input', 'stream-cut.sse'), NO_CALLS, { stream: { complete: false } });
    expect(stdout).toContain('SSE stream (OpenAI-compatible)');
    expect(stdout).toContain('(ended without its end marker)');
  });

  it("adds the stream's own errors to the result and fails", async () => {
    const streamError = { index: -1, line: 3, code: 'ACODE-TLP-008' as const, message: 'Stream line 3 is not JSON.', retryable: true };
    const { code, stdout } = await run(parse('--input', 'ndjson-stream.ndjson', '--json'), REPAIRED, { stream: { errors: [streamError] } });
    expect(code).toBe(1);
    const printed = JSON.parse(stdout) as ToolCallParseResult;
    expect(printed.success).toBe(false);
    expect(printed.errors).toEqual([streamError]);
    expect(printed.toolCalls).toHaveLength(1);
  });
});

describe('debug parse-tool-call: options', () => {
  it('passes --no-repair as a settings override and --provider by name', async () => {
    const { recorded } = await run(parse('--input', 'trailing-comma.json', '--no-repair', '--provider', 'ollama'), NO_CALLS);
    expect(recorded.options).toEqual([{ provider: 'ollama', settings: { enableAutoRepair: false } }]);
  });

  it("tells the parser how a stream ended: its finish reason, and a missing end marker", async () => {
    const cut = await run(parse('--input', 'stream-cut.sse'), NO_CALLS, { stream: { complete: false } });
    expect(cut.recorded.options).toEqual([{ settings: {}, incomplete: true }]);
    const length = await run(parse('--input', 'sse-interleaved.sse'), NO_CALLS, { stream: { complete: true, finishReason: 'length' } });
    expect(length.recorded.options).toEqual([{ settings: {}, finishReason: 'length' }]);
  });

  it('gives the accumulator the provider settings, with --no-repair applied', async () => {
    const { recorded } = await run(parse('--input', 'sse-interleaved.sse', '--no-repair'), NO_CALLS, { providerSettings: { maxArgumentSize: 4096 } });
    expect(recorded.streams[0]!.settings).toMatchObject({ maxArgumentSize: 4096, enableAutoRepair: false });
  });

  it('prints the parse result itself with --json', async () => {
    const { code, stdout } = await run(parse('--input', 'schema-failure.json', '--json'), SCHEMA_FAILURE);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual(SCHEMA_FAILURE);
  });

  it('--strict makes a repaired call a failure (exit 1), and says so', async () => {
    const { code, stdout } = await run(parse('--input', 'trailing-comma.json', '--strict'), REPAIRED);
    expect(code).toBe(1);
    expect(stdout).toContain('✗ repaired (trailing_comma)');
    expect(stdout).toContain('Strict: 1 repaired call counted as failed.');
  });

  it('--strict leaves a clean parse at exit 0', async () => {
    const clean: ToolCallParseResult = { ...REPAIRED, toolCalls: [{ ...REPAIRED.toolCalls[0]!, repairs: [] }] };
    expect((await run(parse('--input', 'valid-ollama.json', '--strict'), clean)).code).toBe(0);
  });

  it('--verbose shows the original text with a caret under the error, the repaired text and the settings', async () => {
    const { stdout, recorded } = await run(parse('--input', 'trailing-comma.json', '--verbose'), REPAIRED);
    expect(recorded.repaired).toEqual(['{"path": "test.txt",}']);
    // The first character that is not JSON is the `}` after the trailing comma, offset 20.
    expect(stdout).toContain('    Original: {"path": "test.txt",}\n              ' + ' '.repeat(20) + '^\n');
    expect(stdout).toContain('    Repaired: {"path": "test.txt"}\n');
    expect(stdout).toContain('    Source: ollama\n');
    expect(stdout).toContain('Settings: defaults, auto-repair on, max_argument_size 1048576 bytes');
    expect(stdout).toMatch(/\nTime: \d+\.\d\d ms\n/);
  });

  it('--verbose shows a failed call’s received text from the error', async () => {
    const failed: ToolCallParseResult = {
      ...NO_CALLS,
      success: false,
      errors: [{ index: 0, tool: 'file_read', code: 'ACODE-TLP-002', message: 'Invalid JSON.', position: 9, rawArguments: '{"path": ', retryable: true }],
    };
    const { stdout } = await run(parse('--input', 'trailing-comma.json', '--verbose', '--no-repair'), failed);
    expect(stdout).toContain('auto-repair off');
    expect(stdout).toContain('    Original: {"path": \n              ' + ' '.repeat(9) + '^\n');
  });
});

describe('debug parse-tool-call: calls written in the text (issue 12)', () => {
  const TEXT_CALL: ToolCallParseResult = {
    ...NO_CALLS,
    toolCalls: [{ id: 'call_glm', name: 'file_read', arguments: { path: 'a.txt' }, index: 0, source: 'content_glm', repairs: [] }],
    errors: [],
    content: 'Reading it.',
    reasoning: 'The user wants a.txt.\nI will read it.',
  };
  const TEXT_ERROR: ToolCallParseResult = {
    ...NO_CALLS,
    success: false,
    errors: [{ index: 0, tool: 'hack_system', source: 'content_tool_call_tag', code: 'ACODE-TLP-005', message: "Unknown tool 'hack_system'.", availableTools: ['file_read'], retryable: false }],
  };

  it('prints the format a call was found in and the reasoning apart', async () => {
    const { code, stdout } = await run(parse('--input', 'content-tool-call.json'), TEXT_CALL);
    expect(code).toBe(0);
    expect(stdout).toContain('[0] file_read (call_glm)\n    ✓ parsed\n    Arguments: {"path":"a.txt"}\n    Source: content_glm\n');
    expect(stdout).toContain('\nReasoning: The user wants a.txt.\\nI will read it.\n');
  });

  it('names the format of a failed text call too', async () => {
    const { stdout } = await run(parse('--input', 'content-tool-call.json'), TEXT_ERROR);
    expect(stdout).toContain('    Source: content_tool_call_tag\n');
  });

  it('keeps native calls without a Source line unless --verbose', async () => {
    const { stdout } = await run(parse('--input', 'valid-ollama.json'), REPAIRED);
    expect(stdout).not.toContain('Source:');
    expect(stdout).not.toContain('Reasoning:');
  });

  it('gives each call its source and the reasoning in --json', async () => {
    const { stdout } = await run(parse('--input', 'content-tool-call.json', '--json'), TEXT_CALL);
    const printed = JSON.parse(stdout) as ToolCallParseResult;
    expect(printed.toolCalls[0]!.source).toBe('content_glm');
    expect(printed.reasoning).toBe('The user wants a.txt.\nI will read it.');
    expect(printed.content).toBe('Reading it.');
  });
});

describe('debug parse-tool-call: human output', () => {
  it('lists validation errors with their TSR code, path, expected and actual (scenario 4)', async () => {
    const { code, stdout } = await run(parse('--input', 'schema-failure.json'), SCHEMA_FAILURE);
    expect(code).toBe(1);
    expect(stdout).toContain("[0] read_file (call_001)\n    ✗ [ACODE-TLP-004] Arguments of 'file_read' do not match its schema.\n");
    expect(stdout).toContain("      [ACODE-TSR-004] Property 'path' must be a string.\n");
    expect(stdout).toContain('Expected: string\n');
    expect(stdout).toContain('Actual: integer\n');
    expect(stdout).toContain('Path: /path\n');
    expect(stdout).toContain('Retryable: yes');
    expect(stdout).toContain('Parsed: 0, Repaired: 0, Failed: 1');
  });

  it('keeps the model order across parsed and failed calls, with available tools and a did-you-mean (scenarios 5, 8)', async () => {
    const { code, stdout } = await run(parse('--input', 'multiple-calls.json'), MIXED);
    expect(code).toBe(1);
    const headers = stdout.split('\n').filter((line) => /^\[\d+\]/.test(line));
    expect(headers).toEqual(['[0] file_read (call_1)', '[1] hack_system (call_2)', '[2] command_execute (call_3)']);
    expect(stdout).toContain('Available tools: command_execute, file_read\n');
    expect(stdout).toContain('Did you mean: file_read?\n');
    expect(stdout).toContain('Retryable: no');
    expect(stdout).toContain('Parsed: 2, Repaired: 0, Failed: 1');
  });

  it('states the limit next to ACODE-TLP-009 (scenario 9)', async () => {
    const { stdout } = await run(parse('--input', 'oversized.json'), TOO_LARGE, { providerSettings: { maxArgumentSize: 1024 } });
    expect(stdout).toContain('✗ [ACODE-TLP-009] Arguments are 2081 bytes; the limit is 1024 bytes.');
    expect(stdout).toContain('Limit: 1024 bytes (max_argument_size)');
  });

  it('says when there are no tool calls, and exits 0', async () => {
    const { code, stdout } = await run(parse('--input', 'valid-ollama.json'), NO_CALLS);
    expect(code).toBe(0);
    expect(stdout).toContain('No tool calls found.');
    expect(stdout).toContain('Parsed: 0, Repaired: 0, Failed: 0');
  });

  it('escapes control characters and bounds hostile names and messages', async () => {
    const hostile: ToolCallParseResult = {
      ...NO_CALLS,
      success: false,
      errors: [{ index: 0, tool: `evil\u001b[2J${'n'.repeat(5000)}`, code: 'ACODE-TLP-005', message: `bad\u001b]0;x\u0007${'m'.repeat(5000)}`, availableTools: Array.from({ length: 100 }, (_, i) => `tool_${i}`), retryable: false }],
    };
    const { stdout } = await run(parse('--input', 'unknown-tool.json'), hostile);
    expect(stdout).not.toContain('\u001b');
    expect(stdout).not.toContain('\u0007');
    expect(stdout).toContain('… (80 more)');
    for (const line of stdout.split('\n')) expect(line.length).toBeLessThan(700);
  });
});

describe('debug parse-tool-call: usage errors (exit 2, nothing parsed)', () => {
  const usage = async (argv: string[], expected: string | RegExp, options: Parameters<typeof run>[2] = {}) => {
    const result = await run(argv, NO_CALLS, options);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^\[ACODE-CLI-001\] /);
    if (typeof expected === 'string') expect(result.stderr).toContain(expected);
    else expect(result.stderr).toMatch(expected);
    expect(result.recorded.responses).toEqual([]);
    expect(result.recorded.raw).toEqual([]);
    return result;
  };

  it('refuses a missing FILE', () => usage(parse(), 'Missing FILE'));
  it('refuses an empty --input', () => usage(parse('--input', ' '), 'Missing FILE'));
  it('takes FILE as a positional, but only one, and not beside --input', async () => {
    await usage(parse('no-such-file.json'), `Input file not found: ${join(FIXTURES, 'no-such-file.json')}`);
    await usage(parse('a.json', 'b.json'), "Unexpected argument 'b.json'");
    await usage(parse('a.json', '--input', 'a.json'), 'not both');
  });
  it('refuses an unknown option', () => usage(parse('--input', 'a.json', '--repair-harder'), "'--repair-harder'"));
  it('refuses a bad provider name', () => usage(parse('--input', 'a.json', '--provider', 'Ollama!'), "Invalid provider name 'Ollama!'"));
  it('refuses a file that does not exist', () => usage(parse('--input', 'no-such-file.json'), `Input file not found: ${join(FIXTURES, 'no-such-file.json')}`));
  it('refuses a directory', () => usage(parse('--input', '.'), 'is a directory'));

  it('refuses an empty file and blank standard input', async () => {
    const empty = join(scratch, 'empty.json');
    writeFileSync(empty, '  \n\n');
    await usage(parse('--input', empty), `Input ${empty} is empty`);
    await usage(parse('--input', '-'), 'Input standard input is empty', { stdin: '' });
  });

  it('refuses a terminal on standard input instead of waiting', () => usage(parse('--input', '-'), 'Standard input is a terminal', { stdinIsTty: true }));

  it('stops reading standard input past 32 MiB', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 0x20));
      },
    });
    await usage(parse('--input', '-'), 'larger than 33554432 bytes (32 MiB)', { stdin: endless });
    expect(produced).toBeLessThan(40 * 1024 * 1024);
  });

  it('refuses a response that is not JSON, naming line and column', () =>
    usage(parse('--input', 'malformed-response.json'), /is not valid JSON \(.+\) at line 2, column 1; expected a response object/));

  it('refuses a document nested too deeply without a crash', async () => {
    const deep = join(scratch, 'deep.json');
    writeFileSync(deep, '['.repeat(100_000) + ']'.repeat(100_000));
    await usage(parse('--input', deep), 'nests deeper than 512 levels at line 1, column 513');
  });

  it('refuses binary garbage', async () => {
    const garbage = join(scratch, 'garbage.bin');
    writeFileSync(garbage, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x7b, 0x22]));
    await usage(parse('--input', garbage), 'is not valid UTF-8 text');
  });
});

describe('debug parse-tool-call: help', () => {
  it('documents every option and the exit codes', async () => {
    const captured = captureIo();
    expect(await runCli(parse('--help'), captured.io)).toBe(0);
    for (const option of ['parse-tool-call FILE|-', '--input FILE', '--tools FILE', '--strict', '--no-repair', '--verbose', '--json', '--provider NAME', 'Exit status: 0']) {
      expect(captured.stdout.text).toContain(option);
    }
  });

  it('lists the command in the program help and under acode debug', async () => {
    const program = captureIo();
    await runCli(['--help'], program.io);
    expect(program.stdout.text).toContain('debug parse-tool-call');
    const debug = captureIo();
    expect(await runCli(['debug', '--help'], debug.io)).toBe(0);
    expect(debug.stdout.text).toContain('parse-tool-call FILE|-');
  });

  it('refuses an unknown debug subcommand', async () => {
    const captured = captureIo();
    expect(await runCli(['debug', 'parse'], captured.io)).toBe(2);
    expect(captured.stderr.text).toContain("Unknown subcommand 'debug parse'. Use: parse-tool-call, tool-call.");
  });
});
