import type { ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { CALL_ID_PREFIX } from '../../src/tool-calls/call-ids.js';
import { newParser, ollamaResponse, openAiCall, openAiResponse } from './parser-fixture.js';

// Issue 11 items 3, 4, 5 and 7: what the parser recovers beyond the JSON text, end to end through
// the real registry (core tools), with the fake repairer of parser-fixture (trailing commas only).

/** kb_search as shipped (tools/kb-search/schema.json), descriptions shortened. */
const KB_SEARCH = {
  name: 'kb_search',
  version: '1.0.0',
  description: 'Search the studio knowledge base',
  parameters: {
    type: 'object',
    additionalProperties: false,
    required: ['query'],
    properties: {
      query: { type: 'string', description: 'Search query text', minLength: 1, maxLength: 200 },
      namespace: { type: 'string', description: 'KB namespace', enum: ['studio', 'personal', 'public'], default: 'studio' },
      filters: {
        type: 'object',
        description: 'Filters',
        additionalProperties: false,
        properties: {
          type: { type: 'string', description: 'Record type', enum: ['project', 'person', 'process', 'link', 'doc'] },
          tags: { type: 'array', description: 'Tags', items: { type: 'string', minLength: 1, maxLength: 50 }, maxItems: 5 },
        },
      },
      top_k: { type: 'integer', description: 'Results', minimum: 1, maximum: 10, default: 5 },
      include_snippets: { type: 'boolean', description: 'Snippets', default: true },
    },
  },
} as ToolDefinition;

/** A tool strict mode cannot express (an open map): it is always sent plain. */
const TAGGER = {
  name: 'tagger',
  version: '1.0.0',
  description: 'Sets labels',
  parameters: {
    type: 'object',
    properties: { labels: { type: 'object', description: 'Labels', additionalProperties: { type: 'string' } }, note: { type: 'string', description: 'Note' } },
    additionalProperties: false,
  },
} as ToolDefinition;

async function parserWithTools(settings: Parameters<typeof newParser>[0] = {}) {
  const made = await newParser(settings);
  made.registry.registerTool(KB_SEARCH);
  made.registry.registerTool(TAGGER);
  return made;
}

const COMMAND_DEFAULTS = { timeout_seconds: 60, capture_stderr: true };

describe('several objects in one arguments string (item 3)', () => {
  it('become separate calls of the same tool, in order, each with a fresh id', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('call_server', 'command_execute', '{"command":"ls"} {"command":"pwd"}')]));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map(({ name, arguments: args, index, repairs }) => ({ name, args, index, repairs }))).toEqual([
      { name: 'command_execute', args: { command: 'ls', ...COMMAND_DEFAULTS }, index: 0, repairs: ['concatenated_calls_split'] },
      { name: 'command_execute', args: { command: 'pwd', ...COMMAND_DEFAULTS }, index: 0, repairs: ['concatenated_calls_split'] },
    ]);
    const [first, second] = result.toolCalls.map((call) => call.id);
    expect(first).not.toBe('call_server');
    expect(second).not.toBe('call_server');
    expect(first).not.toBe(second);
    expect(first?.startsWith(CALL_ID_PREFIX)).toBe(true);
  });

  it.each(['{"command":"ls"}{"command":"pwd"}', '{"command":"ls"},{"command":"pwd"}', '{"command":"ls"}\n\n{"command":"pwd"}'])('splits %j', async (args) => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', args)]));
    expect(result.toolCalls.map((call) => call.arguments['command'])).toEqual(['ls', 'pwd']);
  });

  it('collapses exact repeats into one call that keeps the server id, flagged', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('call_server', 'command_execute', '{"command":"ls"} {"command":"ls"}')]));
    expect(result.toolCalls).toEqual([
      {
        id: 'call_server',
        name: 'command_execute',
        arguments: { command: 'ls', ...COMMAND_DEFAULTS },
        index: 0,
        source: 'openai',
        version: '1.0.0',
        repairs: ['concatenated_calls_split', 'duplicate_call_collapsed'],
      },
    ]);
  });

  it('repairs a damaged piece on its own', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', '{"command":"ls",}{"command":"pwd"}')]));
    expect(result.toolCalls.map((call) => call.repairs)).toEqual([['trailing_comma', 'concatenated_calls_split'], ['concatenated_calls_split']]);
  });

  it('fails the whole call when one piece cannot be read: no call is dropped silently', async () => {
    const { parser } = await newParser();
    const text = '{"command":"ls"}{"command":}';
    const result = parser.parseResponse(openAiResponse([openAiCall('call_server', 'command_execute', text)]));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ id: 'call_server', tool: 'command_execute', code: 'ACODE-TLP-003', position: 27, rawArguments: text, retryable: true });
  });

  it('validates each piece on its own: one invalid piece fails, the others run', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', '{"command":"ls"}{"command":5}')]));
    expect(result.toolCalls.map((call) => call.arguments['command'])).toEqual(['ls']);
    expect(result.errors).toMatchObject([{ code: 'ACODE-TLP-004', index: 0, rawArguments: '{"command":5}' }]);
  });

  it('keeps the ids and indexes of the calls around a split one', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      openAiResponse([openAiCall('call_a', 'git_status', '{}'), openAiCall('call_b', 'command_execute', '{"command":"ls"}{"command":"pwd"}'), openAiCall('call_c', 'git_status', '{}')]),
    );
    expect(result.toolCalls.map(({ id, index, name }) => ({ id: id.startsWith('call_') && !['call_a', 'call_c'].includes(id) ? 'fresh' : id, index, name }))).toEqual([
      { id: 'call_a', index: 0, name: 'git_status' },
      { id: 'fresh', index: 1, name: 'command_execute' },
      { id: 'fresh', index: 1, name: 'command_execute' },
      { id: 'call_c', index: 2, name: 'git_status' },
    ]);
  });

  it('splits a call written in the content the same way', async () => {
    const { parser } = await newParser();
    const content = '<tool_call>{"name": "command_execute", "arguments": "{\\"command\\":\\"ls\\"} {\\"command\\":\\"pwd\\"}"}</tool_call>';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.toolCalls.map(({ arguments: args, source, repairs }) => ({ command: args['command'], source, repairs }))).toEqual([
      { command: 'ls', source: 'content_tool_call_tag', repairs: ['concatenated_calls_split'] },
      { command: 'pwd', source: 'content_tool_call_tag', repairs: ['concatenated_calls_split'] },
    ]);
  });

  it('does not split the calls of an unknown tool: one ACODE-TLP-005', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'no_such_tool', '{"a":1}{"a":2}')]));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => error.code)).toEqual(['ACODE-TLP-005']);
  });

  it('does not split a call the stream cut off: the truncation rules judge it whole', async () => {
    const { parser } = await newParser();
    const result = parser.parseRawToolCalls([{ index: 0, id: 'c1', name: 'command_execute', arguments: '{"command":"ls"}{"command":"pw', source: 'openai_stream', incomplete: true }], '');
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toHaveLength(1);
  });

  it('keeps the response cap of 128 calls across splits, with an error rather than a dropped call', async () => {
    const { parser } = await newParser();
    const many = Array.from({ length: 127 }, (_, i) => openAiCall(`c${i}`, 'git_status', '{}'));
    const result = parser.parseResponse(openAiResponse([...many, openAiCall('c_last', 'command_execute', '{"command":"ls"}{"command":"pwd"}')]));
    expect(result.toolCalls).toHaveLength(127);
    expect(result.errors).toMatchObject([{ id: 'c_last', code: 'ACODE-TLP-009', index: 127 }]);
  });
});

describe('envelopes and encodings (item 4)', () => {
  it('unwraps {"name": <this tool>, "arguments": {...}} sent as the arguments', async () => {
    const { parser } = await newParser();
    const args = '{"name": "execute_command", "arguments": {"command": "ls"}}';
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', args)]));
    expect(result.toolCalls).toMatchObject([{ name: 'command_execute', arguments: { command: 'ls', ...COMMAND_DEFAULTS }, repairs: ['envelope_unwrapped'] }]);
  });

  it('unwraps "parameters" too, and an envelope sent as Ollama object arguments', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([{ function: { name: 'command_execute', arguments: { name: 'command_execute', parameters: { command: 'ls' } } } }]));
    expect(result.toolCalls).toMatchObject([{ arguments: { command: 'ls' }, repairs: ['envelope_unwrapped'] }]);
  });

  it('does not unwrap an envelope naming another tool: the arguments are refused', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', '{"name": "file_read", "arguments": {"command": "ls"}}')]));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toMatchObject([{ code: 'ACODE-TLP-004' }]);
    expect(result.errors[0]?.repairs).toBeUndefined();
  });

  it('decodes arguments encoded twice, once', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'command_execute', JSON.stringify(JSON.stringify({ command: 'ls' })))]));
    expect(result.toolCalls).toMatchObject([{ arguments: { command: 'ls' }, repairs: ['double_encoded'] }]);
  });

  it('decodes a property sent as a string holding the array the schema wants', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'git_status', '{"paths": "[\\"src\\", \\"docs\\"]"}')]));
    expect(result.toolCalls).toMatchObject([{ arguments: { paths: ['src', 'docs'], include_untracked: true }, repairs: ['stringified_json_value'] }]);
  });

  it('coerces nothing else (decision 7): "5" is still not an integer, "true" not a boolean', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      openAiResponse([openAiCall('c1', 'command_execute', '{"command": "ls", "timeout_seconds": "5"}'), openAiCall('c2', 'git_status', '{"include_untracked": "true"}')]),
    );
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.repairs])).toEqual([
      ['ACODE-TLP-004', undefined],
      ['ACODE-TLP-004', undefined],
    ]);
  });
});

describe('empty arguments (item 5)', () => {
  it.each(['', '   ', '\n\t'])('reads %j as {}, and validation decides', async (args) => {
    const { parser } = await newParser();
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'git_status', args), openAiCall('c2', 'command_execute', args)]));
    expect(result.toolCalls).toMatchObject([{ name: 'git_status', arguments: { include_untracked: true }, repairs: [] }]);
    expect(result.errors).toMatchObject([{ tool: 'command_execute', code: 'ACODE-TLP-004' }]);
  });

  it('reads empty, blank and missing arguments of calls written in the content as {}', async () => {
    const { parser } = await newParser();
    const content = [
      '<tool_call>{"name": "git_status", "arguments": ""}</tool_call>',
      '<tool_call>{"name": "git_status", "arguments": "  "}</tool_call>',
      '<tool_call>{"name": "git_status", "parameters": ""}</tool_call>',
      '<tool_call>{"name": "git_status"}</tool_call>',
    ].join('\n');
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => call.arguments)).toEqual([{ include_untracked: true }, { include_untracked: true }, { include_untracked: true }, { include_untracked: true }]);
  });
});

describe('OpenAI strict round trip (item 7)', () => {
  const STRICT_NULLS = '{"query": "onboarding", "namespace": null, "filters": {"type": null, "tags": null}, "top_k": null, "include_snippets": null}';

  it('reads nulls for optional properties as absent for a provider that sends strict schemas, defaults applied', async () => {
    const { parser } = await parserWithTools({ settings: { vllm: { strictSchemas: true } } });
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'kb_search', STRICT_NULLS)]), { provider: 'vllm' });
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toMatchObject([
      { name: 'kb_search', arguments: { query: 'onboarding', namespace: 'studio', filters: {}, top_k: 5, include_snippets: true }, repairs: ['strict_null_omitted'] },
    ]);
  });

  it('refuses the same nulls elsewhere (decision 7)', async () => {
    const { parser } = await parserWithTools({ settings: { vllm: { strictSchemas: true } } });
    for (const provider of [undefined, 'ollama']) {
      const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'kb_search', STRICT_NULLS)]), provider === undefined ? {} : { provider });
      expect(result.toolCalls).toEqual([]);
      expect(result.errors).toMatchObject([{ code: 'ACODE-TLP-004' }]);
    }
  });

  it('reads them as absent for the tools a request sent strict, by name or alias in any case, and only those', async () => {
    const { parser } = await parserWithTools();
    const result = parser.parseResponse(
      openAiResponse([openAiCall('c1', 'kb_search', STRICT_NULLS), openAiCall('c2', 'command_execute', '{"command": "ls", "working_directory": null}')]),
      { strictTools: ['KB_Search'] },
    );
    expect(result.toolCalls.map((call) => call.name)).toEqual(['kb_search']);
    expect(result.errors).toMatchObject([{ tool: 'command_execute', code: 'ACODE-TLP-004' }]);
    const alias = parser.parseResponse(openAiResponse([openAiCall('c2', 'command_execute', '{"command": "ls", "working_directory": null}')]), { strictTools: ['execute_command'] });
    expect(alias.toolCalls).toMatchObject([{ arguments: { command: 'ls' }, repairs: ['strict_null_omitted'] }]);
  });

  it('keeps a null for a required property, and for a tool strict mode cannot express', async () => {
    const { parser } = await parserWithTools({ settings: { vllm: { strictSchemas: true } } });
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'kb_search', '{"query": null, "top_k": null}'), openAiCall('c2', 'tagger', '{"note": null}')]), {
      provider: 'vllm',
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.tool, error.code, error.repairs])).toEqual([
      ['kb_search', 'ACODE-TLP-004', ['strict_null_omitted']],
      ['tagger', 'ACODE-TLP-004', undefined],
    ]);
  });

  it('works with the other recoveries: split, then strict nulls, each call flagged', async () => {
    const { parser } = await parserWithTools({ settings: { vllm: { strictSchemas: true } } });
    const result = parser.parseResponse(openAiResponse([openAiCall('c1', 'kb_search', '{"query": "a", "top_k": null}{"query": "b", "top_k": 2}')]), { provider: 'vllm' });
    expect(result.toolCalls.map(({ arguments: args, repairs }) => [args['query'], args['top_k'], repairs])).toEqual([
      ['a', 5, ['concatenated_calls_split', 'strict_null_omitted']],
      ['b', 2, ['concatenated_calls_split']],
    ]);
  });
});
