import { describe, expect, it } from 'vitest';
import { extractToolCallTags, type ExtractionContext } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const TOOLS: ExtractionContext = { isKnownTool: (name) => name === 'get_weather', toolSchema: () => undefined };
const CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const BODY = '\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n';

describe('extractToolCallTags', () => {
  it('reads one or many tags, and an unclosed one opening JSON as incomplete', () => {
    const text = `${CALL}\n${CALL}\n<tool_call>[{"name": "a"`;
    expect(extractToolCallTags(text).map((span) => [span.body, span.incomplete])).toEqual([
      [BODY, undefined],
      [BODY, undefined],
      ['[{"name": "a"', true],
    ]);
  });

  it('leaves Qwen3-Coder XML and GLM bodies to their extractors', () => {
    for (const text of ['<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>x</arg_value>\n</tool_call>', '<tool_call>get_time</tool_call>']) {
      expect(extractToolCallTags(text, TOOLS)).toEqual([]);
    }
  });

  it('reads <function>NAME</function> followed by JSON arguments inside <tool_call>', () => {
    const text = 'Sure. <tool_call>\n<function>get_weather</function>\n{"city": "Paris"}\n</tool_call> ok';
    expect(extractToolCallTags(text, TOOLS)).toEqual([
      { start: 6, end: text.length - 3, calls: [{ name: 'get_weather', arguments: '{"city": "Paris"}' }], source: 'content_tool_call_tag', marked: true },
    ]);
    expect(extractToolCallTags('<tool_call><function>f</function>{"a": "b', TOOLS)[0]).toMatchObject({ incomplete: true, calls: [{ name: 'f', arguments: '{"a": "b' }] });
    expect(extractToolCallTags('<tool_call><function>f</function>city=Paris</tool_call>', TOOLS)[0]).toMatchObject({ marked: true, failure: { name: 'f', raw: 'city=Paris' } });
    expect(extractToolCallTags('<tool_call><function>f</function>{"a": 1} {"b": 2}</tool_call>', TOOLS)[0]).toMatchObject({ marked: true, failure: { name: 'f' } });
    // A name tag that is not a tool name is not this form.
    expect(extractToolCallTags('<tool_call><function>not a name</function>{}</tool_call>', TOOLS)).toEqual([]);
  });

  it('reads <tools>, <tool> and <response> wrappers unmarked, only when they name a declared tool', () => {
    const wrapped = ['<tools>', '<tool>', '<response>'].map((open) => `${open}${BODY}${open.replace('<', '</')}`);
    for (const text of wrapped) expect(extractToolCallTags(text, TOOLS)).toEqual([{ start: 0, end: text.length, body: BODY, source: 'content_tool_call_tag', marked: false }]);
    expect(extractToolCallTags('<response>{"name": "other", "arguments": {}}</response>', TOOLS)).toEqual([]);
    expect(extractToolCallTags('<response>The weather is fine.</response>', TOOLS)).toEqual([]);
  });

  it('reads <function_call>, <json> and <xml> wrappers, and a bare call in a ``` or ```xml block ending the message (llama.cpp)', () => {
    for (const text of [`<function_call>${BODY}</function_call>`, `<JSON>${BODY}</JSON>`, `<xml>${BODY}</xml>`, `\`\`\`xml${BODY}\`\`\`\n`, `\`\`\`${BODY}\`\`\``]) {
      // A fence's body starts after its info line.
      const body = text.startsWith('`') ? BODY.slice(1) : BODY;
      expect(extractToolCallTags(text, TOOLS)).toEqual([{ start: 0, end: text.trimEnd().length, body, source: 'content_tool_call_tag', marked: false }]);
    }
    for (const text of [`\`\`\`${BODY}\`\`\`\nThen more.`, `\`\`\`python${BODY}\`\`\``, '```\n{"name": "other", "arguments": {}}\n```', `<json>{"port": 1}</json>`]) {
      expect(extractToolCallTags(text, TOOLS)).toEqual([]);
    }
  });

  it('reads tags in a fenced block that ends the message, removing the fences', () => {
    for (const fence of ['```xml', '```', '```tool_call']) {
      const text = `Calling:\n${fence}\n${CALL}\n${CALL}\n\`\`\`\n`;
      const spans = extractToolCallTags(text, TOOLS);
      expect(spans.map((span) => [span.start, span.end])).toEqual([
        [9, 9 + fence.length + 1 + CALL.length],
        [9 + fence.length + 1 + CALL.length + 1, text.length - 1],
      ]);
    }
  });

  it('leaves a fenced example followed by prose, or sharing its block with other text, as text', () => {
    expect(extractToolCallTags(`Format:\n\`\`\`xml\n${CALL}\n\`\`\`\nUse it like that.`, TOOLS)).toEqual([]);
    expect(extractToolCallTags(`\`\`\`\n# example\n${CALL}\n\`\`\``, TOOLS)).toEqual([]);
  });

  it('does not take fences written inside a call for fenced blocks', () => {
    const first = '<tool_call>{"name": "w", "arguments": {"text": "```js"}}</tool_call>';
    expect(extractToolCallTags(`${first}\n${CALL}`, TOOLS)).toHaveLength(2);
  });
});

describe('Hermes tags through the parser', () => {
  it('extracts a fenced <tool_call> at the end of the message, and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'I will read it.\n```xml\n<tool_call>\n{"name": "file_read", "arguments": {"path": "a.txt"}}\n</tool_call>\n```'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'a.txt', 'content_tool_call_tag']]);
    expect(result.content).toBe('I will read it.');
  });

  it('reads Qwen3-Coder XML in a <tool_call> instead of failing it as JSON', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<tool_call>\n<function=git_status>\n</function>\n</tool_call>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.source])).toEqual([['git_status', 'content_qwen3_xml']]);
  });

  it('leaves a fenced example followed by prose as text', async () => {
    const { parser } = await newParser();
    const content = 'Write calls like this:\n```\n<tool_call>{"name": "file_read", "arguments": {"path": "x"}}</tool_call>\n```\nand I will run them.';
    expect(parser.parseResponse(ollamaResponse([], content))).toMatchObject({ toolCalls: [], errors: [], content });
  });
});
