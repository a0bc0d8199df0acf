import type { ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { JsonRepairer } from '../../src/repair/index.js';
import { newParser, openAiCall, openAiResponse } from './parser-fixture.js';

// Arguments real models sent, quoted in public issue threads, end to end through the parser with
// the real registry and repairer: each is recovered with its repair named, or refused as before.

const SEARCH = {
  name: 'web_search',
  version: '1.0.0',
  description: 'Searches the web',
  parameters: { type: 'object', properties: { query: { type: 'string', description: 'Query' }, limit: { type: 'integer', description: 'Results' } }, required: ['query'], additionalProperties: false },
} as ToolDefinition;

const GREP = {
  name: 'grep',
  version: '1.0.0',
  description: 'Finds text in files',
  parameters: {
    type: 'object',
    properties: { pattern: { type: 'string', description: 'Pattern' }, max_results: { type: 'integer', description: 'Most results' }, ignore_case: { type: 'boolean', description: 'Case' } },
    required: ['pattern'],
    additionalProperties: false,
  },
} as ToolDefinition;

const INVOKE = {
  name: 'invoke_tool',
  version: '1.0.0',
  description: 'Invokes a tool by name',
  parameters: { type: 'object', properties: { invoke_tool_name: { type: 'string', description: 'Name' } }, required: ['invoke_tool_name'], additionalProperties: false },
} as ToolDefinition;

async function parser() {
  const made = await newParser({ repairer: new JsonRepairer(new SystemClock()) });
  for (const tool of [SEARCH, GREP, INVOKE]) made.registry.registerTool(tool);
  return made.parser;
}

async function parseOne(name: string, args: string) {
  const result = (await parser()).parseResponse(openAiResponse([openAiCall('call_1', name, args)]));
  return result;
}

describe('schema-directed recovery of arguments', () => {
  it('reads plain text as the one required string property', async () => {
    const result = await parseOne('web_search', 'What is a pre-trained chatbot?');
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toMatchObject([{ name: 'web_search', arguments: { query: 'What is a pre-trained chatbot?' }, repairs: ['plain_text_arguments'] }]);
  });

  it('reads XML parameters in the arguments, typed by the schema', async () => {
    const result = await parseOne('grep', '<parameter=pattern>**</parameter>');
    expect(result.toolCalls).toMatchObject([{ name: 'grep', arguments: { pattern: '**' }, repairs: ['xml_parameters'] }]);
    const typed = await parseOne('grep', '<function=grep>\n<parameter=pattern>\n5\n</parameter>\n<parameter=max_results>\n5\n</parameter>\n<parameter=ignore_case>\ntrue\n</parameter>\n</function>');
    expect(typed.toolCalls).toMatchObject([{ arguments: { pattern: '5', max_results: 5, ignore_case: true }, repairs: ['xml_parameters'] }]);
  });

  it('reads quotes escaped once too often as quotes', async () => {
    const result = await parseOne('web_search', '{"query": \\"foo\\"}');
    expect(result.toolCalls).toMatchObject([{ arguments: { query: 'foo' }, repairs: ['escaped_quotes'] }]);
  });

  it('opens a value that lost its opening quote', async () => {
    const result = await parseOne('invoke_tool', '{"invoke_tool_name": xxx_tool_name"}');
    expect(result.toolCalls).toMatchObject([{ arguments: { invoke_tool_name: 'xxx_tool_name' }, repairs: ['missing_opening_quote'] }]);
  });

  it('reads a core tool\'s plain text too: file_read requires only its path', async () => {
    const result = await parseOne('file_read', 'package.json');
    expect(result.toolCalls).toMatchObject([{ name: 'file_read', arguments: { path: 'package.json' }, repairs: ['plain_text_arguments'] }]);
  });

  it('refuses plain text for a tool with more than one required property, as before', async () => {
    const result = await parseOne('file_write', 'package.json');
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toMatchObject([{ code: 'ACODE-TLP-003', retryable: true }]);
  });

  it('refuses XML parameters wrapped in another tool name', async () => {
    const result = await parseOne('grep', '<function=web_search><parameter=pattern>x</parameter></function>');
    expect(result.toolCalls).toEqual([]);
    expect(result.errors[0]?.retryable).toBe(true);
  });

  it('reports a schema error with the repair named when the recovered value breaks a rule the text could not show', async () => {
    const result = await parseOne('grep', '<parameter=pattern>x</parameter><parameter=max_results>many</parameter>');
    expect(result.errors).toMatchObject([{ code: 'ACODE-TLP-004', repairs: ['xml_parameters'] }]);
  });
});
