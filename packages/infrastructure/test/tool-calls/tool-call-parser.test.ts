import { ERROR_CODES } from '@acode/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRepairer, newParser, ollamaResponse, openAiCall, openAiResponse } from './parser-fixture.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ToolCallParser.parseResponse: response formats', () => {
  it('reads an Ollama /api/chat response: arguments as an object, id and function.index kept', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([{ id: 'call_x1', function: { index: 0, name: 'file_read', arguments: { path: 'a.txt' } } }]));
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toEqual([
      { id: 'call_x1', name: 'file_read', arguments: { path: 'a.txt', encoding: 'utf-8' }, index: 0, source: 'ollama', version: '1.0.0', repairs: [] },
    ]);
    expect(result.retryCount).toBe(0);
    expect(result.correlationId).toBe('corr-test');
  });

  it('reads an OpenAI chat completion: arguments as a JSON string, content kept', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('call_abc', 'file_read', '{"path":"b.txt"}')], 'Reading it now.'));
    expect(result.toolCalls.map(({ id, name, arguments: args, source }) => ({ id, name, args, source }))).toEqual([
      { id: 'call_abc', name: 'file_read', args: { path: 'b.txt', encoding: 'utf-8' }, source: 'openai' },
    ]);
    expect(result.content).toBe('Reading it now.');
  });

  it('reads a bare assistant message in either style, the source following the arguments', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse({
      role: 'assistant',
      content: '',
      tool_calls: [openAiCall('c1', 'file_read', '{"path":"a"}'), { function: { name: 'file_read', arguments: { path: 'b' } } }],
    });
    expect(result.toolCalls.map((call) => call.source)).toEqual(['openai', 'ollama']);
  });

  it('returns no calls and no errors when tool_calls is missing or null (FR-003)', async () => {
    const { parser } = await newParser();
    for (const response of [{ message: { role: 'assistant', content: 'Hello' } }, { message: { role: 'assistant', content: 'Hi', tool_calls: null } }]) {
      const result = parser.parseResponse(response);
      expect(result).toMatchObject({ success: true, toolCalls: [], errors: [] });
      expect(result.content).toMatch(/^H/);
    }
  });

  it.each([
    ['null', null],
    ['an array', [1, 2]],
    ['a string', 'hello'],
    ['a number', 42],
    ['an object of no known shape', { foo: 1 }],
  ])('answers %s with one ACODE-TLP-002 error, not an exception', async (_label, response) => {
    const { parser } = await newParser();
    const result = parser.parseResponse(response);
    expect(result.success).toBe(false);
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TLP-002', retryable: false });
    expect(result.errors[0]?.message).toMatch(/not a recognised model server response/);
  });

  it('refuses tool_calls that is not an array, and choices without a message', async () => {
    const { parser } = await newParser();
    expect(parser.parseResponse({ message: { tool_calls: 'call it' } }).errors[0]?.message).toBe("The response's tool_calls must be an array, got a string");
    expect(parser.parseResponse({ choices: [] }).errors[0]?.message).toBe('The chat completion has no choices[0].message object');
  });

  it('never runs a getter or trips on a throwing proxy in the response', async () => {
    const { parser } = await newParser();
    const getter = vi.fn(() => 'file_read');
    const fn = Object.defineProperty({ arguments: { path: 'a' } }, 'name', { get: getter, enumerable: true });
    const hostile = new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
    const result = parser.parseResponse(ollamaResponse([{ function: fn }, hostile]));
    expect(getter).not.toHaveBeenCalled();
    expect(result.errors.map((error) => error.code)).toEqual(['ACODE-TLP-001', 'ACODE-TLP-001']);
    expect(parser.parseResponse(hostile).errors[0]?.code).toBe('ACODE-TLP-002');
  });

  it('reads a 10,000-deep response without touching the depth (only fixed paths are read)', async () => {
    const { parser } = await newParser();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) deep = { message: deep };
    const result = parser.parseResponse(deep);
    expect(result.success).toBe(true);
    expect(result.toolCalls).toEqual([]);
  });
});

describe('ToolCallParser: ids and order', () => {
  it('keeps five calls in the model order with their ids (002 scenario 5)', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([
        openAiCall('call_1', 'read_file', '{"path": "a.txt"}'),
        openAiCall('call_2', 'read_file', '{"path": "b.txt"}'),
        openAiCall('call_3', 'read_file', '{"path": "c.txt"}'),
        openAiCall('call_4', 'write_file', '{"path": "out.txt", "content": "combined"}'),
        openAiCall('call_5', 'execute_command', '{"command": "ls"}'),
      ]),
    );
    expect(result.success).toBe(true);
    expect(result.toolCalls.map((call) => [call.index, call.id, call.name, call.requestedName])).toEqual([
      [0, 'call_1', 'file_read', 'read_file'],
      [1, 'call_2', 'file_read', 'read_file'],
      [2, 'call_3', 'file_read', 'read_file'],
      [3, 'call_4', 'file_write', 'write_file'],
      [4, 'call_5', 'command_execute', 'execute_command'],
    ]);
    expect(result.toolCalls.map((call) => call.arguments['path'] ?? call.arguments['command'])).toEqual(['a.txt', 'b.txt', 'c.txt', 'out.txt', 'ls']);
  });

  it('orders by function.index when every call carries a distinct one', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([
        { function: { index: 2, name: 'file_read', arguments: { path: 'c' } } },
        { function: { index: 0, name: 'file_read', arguments: { path: 'a' } } },
        { function: { index: 1, name: 'file_read', arguments: { path: 'b' } } },
      ]),
    );
    expect(result.toolCalls.map((call) => [call.index, call.arguments['path']])).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
  });

  it('falls back to positions when indexes repeat or are not integers', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([
        { function: { index: 5, name: 'file_read', arguments: { path: 'a' } } },
        { function: { index: 5, name: 'file_read', arguments: { path: 'b' } } },
        { function: { index: 1.5, name: 'file_read', arguments: { path: 'c' } } },
      ]),
    );
    expect(result.toolCalls.map((call) => [call.index, call.arguments['path']])).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
  });

  it('generates call_ ids for missing, empty, oversized and control-character ids, and for repeats after the first', async () => {
    const { parser } = await newParser();
    const ids = [undefined, '', 'x'.repeat(129), 'bad\nid', 'dup', 'dup'];
    const result = parser.parseResponse(ollamaResponse(ids.map((id) => ({ ...(id === undefined ? {} : { id }), function: { name: 'file_read', arguments: { path: 'a' } } }))));
    const got = result.toolCalls.map((call) => call.id);
    expect(got[4]).toBe('dup');
    for (const position of [0, 1, 2, 3, 5]) expect(got[position]).toMatch(/^call_[0-9a-f]{24}$/);
    expect(new Set(got).size).toBe(6);
  });
});

describe('ToolCallParser: names', () => {
  it.each([
    ['missing', undefined, 'Function name is required: it has none'],
    ['empty', '', 'Function name is required: it is empty'],
    ['not a string', 42, 'Function name is required: got a number'],
  ])('reports a %s name as ACODE-TLP-001', async (_label, name, message) => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([{ id: 'c1', function: { name, arguments: {} } }]));
    expect(result.errors).toEqual([{ index: 0, id: 'c1', source: 'ollama', code: 'ACODE-TLP-001', message, retryable: true }]);
  });

  it('rejects an unknown tool with the available tools, never retryable (002 scenario 8)', async () => {
    const { parser, repairer } = await newParser();
    const result = parser.parseResponse(ollamaResponse([openAiCall('call_001', 'hack_system', '{}')]));
    const error = result.errors[0];
    expect(error).toMatchObject({ index: 0, id: 'call_001', tool: 'hack_system', code: 'ACODE-TLP-005', retryable: false });
    expect(error?.availableTools).toEqual(['command_execute', 'directory_list', 'file_read', 'file_write', 'git_commit', 'git_diff', 'git_status']);
    expect(error?.didYouMean).toBeUndefined();
    expect(error?.message).toBe("Unknown tool 'hack_system'. Available tools: command_execute, directory_list, file_read, file_write, git_commit, git_diff, git_status");
    expect((repairer as FakeRepairer).calls).toEqual([]);
  });

  it('suggests the closest tool for a typo', async () => {
    const { parser } = await newParser();
    const error = parser.parseResponse(ollamaResponse([{ function: { name: 'file_raed', arguments: {} } }])).errors[0];
    expect(error?.didYouMean).toBe('file_read');
    expect(error?.message).toMatch(/^Unknown tool 'file_raed'\. Did you mean 'file_read'\?/);
  });

  it('quotes a hostile name escaped and bounded', async () => {
    const { parser } = await newParser();
    const error = parser.parseResponse(ollamaResponse([{ function: { name: `evil\n[INF] ok${'x'.repeat(10_000)}`, arguments: {} } }])).errors[0];
    expect(error?.code).toBe('ACODE-TLP-005');
    // Cut to 64 characters first (63 and an ellipsis), then the newline escaped.
    expect(error?.tool).toBe(`evil\\u000a[INF] ok${'x'.repeat(50)}…`);
  });

  it('resolves an alias and a different case to the canonical tool, saying what was asked (decision 1)', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([{ function: { name: 'READ_FILE', arguments: { path: 'a' } } }]));
    expect(result.toolCalls[0]).toMatchObject({ name: 'file_read', requestedName: 'READ_FILE' });
  });
});

describe('ToolCallParser: arguments', () => {
  it.each([
    ['an empty string', ''],
    ['whitespace', ' \n\t '],
    ['absent', undefined],
    ['null', null],
  ])('takes %s as {}', async (_label, args) => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([{ function: { name: 'git_status', arguments: args } }]));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls[0]?.name).toBe('git_status');
  });

  it.each([
    ['a JSON array', '[1,2]', 'The arguments must be a JSON object, got array'],
    ['a JSON string', '"path"', 'The arguments must be a JSON object, got string'],
    ['an array value', [1], 'The arguments must be a JSON object, got array'],
    ['a number value', 7, 'The arguments must be a JSON object, got integer'],
  ])('refuses %s with ACODE-TLP-002', async (_label, args, message) => {
    const { parser } = await newParser();
    const error = parser.parseResponse(ollamaResponse([{ function: { name: 'file_read', arguments: args } }])).errors[0];
    expect(error).toMatchObject({ code: 'ACODE-TLP-002', message });
  });

  it('refuses arguments over max_argument_size before any parsing (002 scenario 9)', async () => {
    const repairer = new FakeRepairer();
    const { parser } = await newParser({ repairer, settings: { ollama: { maxArgumentSize: 1024 } } });
    const text = `{"path": "test.txt", "content": "${'x'.repeat(2048)}"}`;
    const parse = vi.spyOn(JSON, 'parse');
    const result = parser.parseResponse(ollamaResponse([openAiCall('call_001', 'write_file', text)]), { provider: 'ollama' });
    expect(parse).not.toHaveBeenCalled();
    expect(repairer.calls).toEqual([]);
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TLP-009', message: `Arguments too large: ${text.length} bytes, the limit is 1024 bytes` });
    expect(result.errors[0]?.rawArguments).toHaveLength(2000);
  });

  it('counts the size in UTF-8 bytes, not characters', async () => {
    const { parser } = await newParser({ settings: { p: { maxArgumentSize: 1024 } } });
    const text = `{"path": "${'é'.repeat(600)}"}`; // 612 characters, 1212 bytes
    const error = parser.parseResponse(ollamaResponse([openAiCall('c', 'file_read', text)]), { provider: 'p' }).errors[0];
    expect(error?.message).toBe('Arguments too large: 1212 bytes, the limit is 1024 bytes');
  });

  it('refuses an over-large object argument through a bounded walk', async () => {
    const { parser } = await newParser({ settings: { p: { maxArgumentSize: 1024 } } });
    const error = parser.parseResponse(ollamaResponse([{ function: { name: 'file_read', arguments: { path: 'x'.repeat(5000) } } }]), { provider: 'p' }).errors[0];
    expect(error?.code).toBe('ACODE-TLP-009');
    expect(error?.message).toMatch(/^Arguments too large: at least \d+ bytes, the limit is 1024 bytes$/);
  });

  it('refuses nesting deeper than max_nesting_depth, text or object, 100,000 levels deep, without overflowing the stack', async () => {
    const repairer = new FakeRepairer();
    const { parser } = await newParser({ repairer });
    const text = `{"path": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    let object: unknown = 1;
    for (let i = 0; i < 100_000; i++) object = [object];
    const result = parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', text), { function: { name: 'file_read', arguments: { path: object } } }]));
    expect(result.errors.map((error) => error.code)).toEqual(['ACODE-TLP-009', 'ACODE-TLP-009']);
    expect(result.errors[0]?.message).toBe('Arguments nested too deeply: more than 64 levels at position 72');
    // `{` opens level 1 at 0; the `[` at 9 is level 2, so level 65 is the `[` at 9 + 63.
    expect(result.errors[0]?.position).toBe(72);
    expect(result.errors[1]?.message).toMatch(/^Arguments nested too deeply: more than 64 levels at '\/path(\/0)+'$/);
    expect(repairer.calls).toEqual([]);
  });

  it('repairs a trailing comma and records it (002 scenario 2)', async () => {
    const repairer = new FakeRepairer();
    const { parser } = await newParser({ repairer });
    const result = parser.parseResponse({ message: { role: 'assistant', tool_calls: [{ id: 'call_test', function: { name: 'read_file', arguments: '{"path": "test.txt",}' } }] } });
    expect(result.success).toBe(true);
    expect(result.toolCalls[0]).toMatchObject({ id: 'call_test', name: 'file_read', arguments: { path: 'test.txt', encoding: 'utf-8' }, repairs: ['trailing_comma'] });
    expect(repairer.calls).toEqual([{ text: '{"path": "test.txt",}', options: { timeoutMs: 100, knownInvalid: true } }]);
  });

  it('never calls the repairer for valid JSON', async () => {
    const repairer = new FakeRepairer();
    const { parser } = await newParser({ repairer });
    parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{"path": "a"}')]));
    expect(repairer.calls).toEqual([]);
  });

  it('reports ACODE-TLP-002 with the position when repair is off', async () => {
    const repairer = new FakeRepairer();
    const { parser } = await newParser({ repairer });
    const error = parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{"path": "test.txt",}')]), { settings: { enableAutoRepair: false } }).errors[0];
    expect(error).toMatchObject({ code: 'ACODE-TLP-002', position: 20, message: "Invalid JSON in arguments: trailing comma before '}' at position 20", rawArguments: '{"path": "test.txt",}', retryable: true });
    expect(repairer.calls).toEqual([]);
  });

  it('reports ACODE-TLP-003 when repair fails, and ACODE-TLP-007 when it times out', async () => {
    const failing = await newParser();
    expect(failing.parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{path: ')])).errors[0]).toMatchObject({
      code: 'ACODE-TLP-003',
      position: 1,
      message: 'Invalid JSON in arguments, and repair failed: property names must be quoted at position 1',
    });
    const slow = await newParser({ repairer: new FakeRepairer('timeout'), settings: { p: { repairTimeoutMs: 5 } } });
    expect(slow.parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{path: ')]), { provider: 'p' }).errors[0]).toMatchObject({
      code: 'ACODE-TLP-007',
      message: 'Invalid JSON in arguments, and repair ran past its 5 ms budget: property names must be quoted at position 1',
    });
    expect((slow.repairer as FakeRepairer).calls[0]?.options).toEqual({ timeoutMs: 5, knownInvalid: true });
  });

  it('turns a repairer that throws into ACODE-TLP-003', async () => {
    const { parser } = await newParser({ repairer: new FakeRepairer('throws') });
    const error = parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{')])).errors[0];
    expect(error?.code).toBe('ACODE-TLP-003');
    expect(error?.message).not.toMatch(/TypeError|internal repairer bug/);
  });

  it('cuts rawArguments to 2,000 characters', async () => {
    const { parser } = await newParser();
    const text = `{"path": "${'a'.repeat(5000)}`;
    expect(parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', text)])).errors[0]?.rawArguments).toHaveLength(2000);
  });
});

describe('ToolCallParser: validation', () => {
  it('reports a schema failure as ACODE-TLP-004 with the registry errors (002 scenario 4)', async () => {
    const { parser } = await newParser();
    const error = parser.parseResponse(ollamaResponse([openAiCall('call_001', 'read_file', '{"path": 12345}')])).errors[0];
    expect(error).toMatchObject({ index: 0, id: 'call_001', tool: 'read_file', code: 'ACODE-TLP-004', retryable: true, rawArguments: '{"path": 12345}' });
    expect(error?.validationErrors).toEqual([expect.objectContaining({ path: '/path', code: ERROR_CODES.TYPE_MISMATCH, expected: 'string', actual: 'integer' })]);
    expect(error?.schemaHint).toMatch(/^file_read expects/);
    expect(error?.message).toMatch(/^Arguments of 'file_read' do not match its schema: /);
  });

  it('rejects unknown properties (strict mode, FR-063)', async () => {
    const { parser } = await newParser();
    const error = parser.parseResponse(ollamaResponse([{ function: { name: 'file_read', arguments: { path: 'a', evil: true } } }])).errors[0];
    expect(error?.code).toBe('ACODE-TLP-004');
    expect(error?.validationErrors?.[0]?.path).toBe('/evil');
  });

  it('keeps the good calls when one fails (partial success)', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([openAiCall('a', 'file_read', '{"path": "a"}'), openAiCall('b', 'nope', '{}'), openAiCall('c', 'file_read', '{"path": 1}'), openAiCall('d', 'file_read', '{"path": "d"}')]),
    );
    expect(result.success).toBe(false);
    expect(result.toolCalls.map((call) => call.id)).toEqual(['a', 'd']);
    expect(result.errors.map((error) => [error.index, error.id, error.code])).toEqual([
      [1, 'b', 'ACODE-TLP-005'],
      [2, 'c', 'ACODE-TLP-004'],
    ]);
  });

  it('never mutates the caller\'s arguments object when applying defaults', async () => {
    const { parser } = await newParser();
    const args = { path: 'a' };
    const result = parser.parseResponse(ollamaResponse([{ function: { name: 'file_read', arguments: args } }]));
    expect(result.toolCalls[0]?.arguments).toEqual({ path: 'a', encoding: 'utf-8' });
    expect(args).toEqual({ path: 'a' });
  });
});

describe('ToolCallParser.parseRawToolCalls', () => {
  it('reports an incomplete streamed call that cannot be repaired as ACODE-TLP-010 with what arrived', async () => {
    const { parser } = await newParser();
    const result = parser.parseRawToolCalls([{ index: 0, id: 'call_a', name: 'file_read', arguments: '{"pa', source: 'openai_stream', incomplete: true }], '', { incomplete: true });
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TLP-010', id: 'call_a', tool: 'file_read', source: 'openai_stream', rawArguments: '{"pa', retryable: true });
    expect(result.errors[0]?.message).toMatch(/^The stream ended before the call was complete \(no finish reason, \[DONE\] or done: true arrived\) \(.+\); it was not run\. Send the call again, shorter\.$/);
  });

  it('refuses an incomplete call even when the repairer could complete it', async () => {
    const { parser } = await newParser();
    // The fake repairer's one repair (a comma before a closing brace) makes these arguments parse.
    const result = parser.parseRawToolCalls([{ index: 0, name: 'file_read', arguments: '{"path": "a",}', source: 'openai_stream', incomplete: true }], '');
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({ index: 0, code: 'ACODE-TLP-010', tool: 'file_read', rawArguments: '{"path": "a",}', repairs: ['trailing_comma'], retryable: true }),
    ]);
    expect(result.errors[0]?.message).toBe("The model's output ended before the call was complete; it was not run. Send the call again, shorter.");
  });

  it('orders calls by index and survives hostile entries', async () => {
    const { parser } = await newParser();
    const result = parser.parseRawToolCalls(
      [
        { index: 1, name: 'file_read', arguments: { path: 'b' }, source: 'ollama_stream' },
        { index: 0, name: 'file_read', arguments: '{"path": "a"}', source: 'openai_stream' },
      ],
      '',
    );
    expect(result.toolCalls.map((call) => [call.index, call.arguments['path'], call.source])).toEqual([
      [0, 'a', 'openai_stream'],
      [1, 'b', 'ollama_stream'],
    ]);
    const hostile = parser.parseRawToolCalls([null, 7] as never, 42 as never);
    expect(hostile.errors.map((error) => error.code)).toEqual(['ACODE-TLP-001', 'ACODE-TLP-001']);
    expect(parser.parseRawToolCalls('nope' as never, '').success).toBe(true);
  });

  it('parses only the first 128 calls and reports the rest', async () => {
    const { parser } = await newParser();
    const calls = Array.from({ length: 200 }, (_, index) => ({ index, name: 'git_status', arguments: '{}', source: 'openai_stream' as const }));
    const result = parser.parseRawToolCalls(calls, '');
    expect(result.toolCalls).toHaveLength(128);
    expect(result.errors).toEqual([{ index: 128, code: 'ACODE-TLP-009', message: 'The response holds 200 tool calls; only the first 128 were parsed', retryable: true }]);
  });
});

describe('ToolCallParser: logs', () => {
  it('logs one info line per parse with names, ids, codes and the outcome, and no argument values', async () => {
    const { parser, logger } = await newParser();
    parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{"path": "secret-plan.txt",}'), openAiCall('b', 'nope', '{"x": "hidden-value"}')]));
    const info = logger.lines.filter((line) => line.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]?.message).toBe('Parsed 1 tool call(s) (1 repaired, 1 failed)');
    expect(info[0]?.fields).toMatchObject({ correlation_id: 'corr-test', parse_result: 'failed', tool_names: ['file_read'], call_ids: ['a'], error_codes: ['ACODE-TLP-005'], repairs: ['trailing_comma'] });
    expect(typeof info[0]?.fields['parse_time_ms']).toBe('number');
    const aboveDebug = JSON.stringify(logger.lines.filter((line) => line.level !== 'debug'));
    expect(aboveDebug).not.toContain('secret-plan');
    expect(aboveDebug).not.toContain('hidden-value');
    expect(logger.lines.filter((line) => line.level === 'debug').map((line) => line.message)).toEqual(['Repair applied: trailing_comma']);
  });

  it('says success or repaired in parse_result', async () => {
    const { parser, logger } = await newParser();
    parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{"path": "a"}')]));
    parser.parseResponse(ollamaResponse([openAiCall('a', 'file_read', '{"path": "a",}')]));
    expect(logger.lines.filter((line) => line.level === 'info').map((line) => line.fields['parse_result'])).toEqual(['success', 'repaired']);
  });
});
