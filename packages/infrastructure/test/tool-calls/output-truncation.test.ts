import { describe, expect, it } from 'vitest';
import { FakeRepairer, newParser, ollamaResponse, openAiCall } from './parser-fixture.js';
import { SystemClock } from '../../src/clock/index.js';
import { JsonRepairer } from '../../src/repair/index.js';

/** Issue 11 item 6: a call the end of the output cut never runs, whatever a repair could close. */

async function parserWithRealRepairer() {
  return newParser({ repairer: new JsonRepairer(new SystemClock()) });
}

/** An OpenAI chat completion with the given calls and finish reason. */
function completion(toolCalls: unknown[], finishReason: string, content: string | null = null): unknown {
  return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content, tool_calls: toolCalls }, finish_reason: finishReason }] };
}

const CUT_OPEN = "The model's output was cut off at its length limit (finish reason 'length') before the call was complete; it was not run. Send the call again, shorter.";
const CUT_LAST =
  "The model's output stopped at its length limit (finish reason 'length') right after this call, so the call may be cut short; it was not run. Send the call again, shorter.";

describe('finish reason length: structured calls', () => {
  it('refuses a call the repairer could close with ACODE-TLP-010, and runs the same call when the response ended normally', async () => {
    const { parser } = await parserWithRealRepairer();
    const cut = parser.parseResponse(completion([openAiCall('call_1', 'file_read', '{"path": "a.txt"')], 'length'));
    expect(cut.success).toBe(false);
    expect(cut.toolCalls).toEqual([]);
    expect(cut.errors).toEqual([
      {
        index: 0,
        id: 'call_1',
        source: 'openai',
        tool: 'file_read',
        code: 'ACODE-TLP-010',
        message: CUT_OPEN,
        repairs: ['missing_closing_brace'],
        rawArguments: '{"path": "a.txt"',
        retryable: true,
      },
    ]);

    const normal = parser.parseResponse(completion([openAiCall('call_1', 'file_read', '{"path": "a.txt"')], 'tool_calls'));
    expect(normal.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', arguments: { path: 'a.txt', encoding: 'utf-8' }, repairs: ['missing_closing_brace'] })]);
  });

  it('refuses a string cut short and closed by the repair', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse(completion([openAiCall('call_1', 'command_execute', '{"command": "ls -l')], 'length'));
    expect(result.errors.map((error) => [error.code, error.repairs])).toEqual([['ACODE-TLP-010', ['truncated_string', 'missing_closing_brace']]]);
  });

  it('refuses the last call even when its arguments are valid JSON as sent; the calls before it run', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse(
      completion([openAiCall('call_1', 'file_read', '{"path": "a.txt"}'), openAiCall('call_2', 'file_read', '{"path": "b.txt"}')], 'length'),
    );
    expect(result.toolCalls.map((call) => [call.id, call.arguments])).toEqual([['call_1', { path: 'a.txt', encoding: 'utf-8' }]]);
    expect(result.errors).toEqual([
      { index: 1, id: 'call_2', source: 'openai', tool: 'file_read', code: 'ACODE-TLP-010', message: CUT_LAST, rawArguments: '{"path": "b.txt"}', retryable: true },
    ]);
  });

  it('refuses an earlier call that needed a closing repair, but not one repaired otherwise', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse(
      completion(
        [openAiCall('call_1', 'file_read', '{"path": "a.txt",}'), openAiCall('call_2', 'file_read', '{"path": "b.txt"'), openAiCall('call_3', 'git_status', '{}')],
        'length',
      ),
    );
    expect(result.toolCalls.map((call) => [call.id, call.repairs])).toEqual([['call_1', ['trailing_comma']]]);
    expect(result.errors.map((error) => [error.id, error.code, error.message])).toEqual([
      ['call_2', 'ACODE-TLP-010', CUT_OPEN],
      ['call_3', 'ACODE-TLP-010', CUT_LAST],
    ]);
  });

  it('refuses a call whose arguments did not parse with ACODE-TLP-010, naming why they failed', async () => {
    const { parser } = await newParser({ repairer: new FakeRepairer() });
    const result = parser.parseResponse(completion([openAiCall('call_1', 'file_read', '{"path": "a'), openAiCall('call_2', 'git_status', '{}')], 'length'));
    expect(result.errors[0]).toMatchObject({ id: 'call_1', code: 'ACODE-TLP-010', position: 11, retryable: true });
    expect(result.errors[0]?.message).toBe(
      "The model's output was cut off at its length limit (finish reason 'length') before the call was complete (Invalid JSON in arguments, and repair failed: unterminated string (opened at position 9) at position 11); it was not run. Send the call again, shorter.",
    );
  });

  it('refuses a last call whose name was cut short as cut, not unknown; an unknown tool before it stays ACODE-TLP-005', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse(completion([openAiCall('call_1', 'hack_system', '{}'), openAiCall('call_2', 'file_re', '')], 'length'));
    expect(result.errors.map((error) => [error.id, error.code, error.tool])).toEqual([
      ['call_1', 'ACODE-TLP-005', 'hack_system'],
      ['call_2', 'ACODE-TLP-010', 'file_re'],
    ]);
  });

  it("reads Ollama's done_reason, and arguments sent as an object are cut as the last call", async () => {
    const { parser } = await parserWithRealRepairer();
    const response = { model: 'llama3.2', message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'file_read', arguments: { path: 'a.txt' } } }] }, done: true, done_reason: 'length' };
    const result = parser.parseResponse(response);
    expect(result.errors.map((error) => [error.index, error.code, error.source, error.rawArguments])).toEqual([[0, 'ACODE-TLP-010', 'ollama', '{"path":"a.txt"}']]);
  });

  it('takes the finish reason from the options over the response, and from the options alone for raw calls', async () => {
    const { parser } = await parserWithRealRepairer();
    const overridden = parser.parseResponse(completion([openAiCall('call_1', 'file_read', '{"path": "a.txt"}')], 'tool_calls'), { finishReason: 'length' });
    expect(overridden.errors.map((error) => error.code)).toEqual(['ACODE-TLP-010']);
    const raw = parser.parseRawToolCalls([{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' }], '', { finishReason: 'length' });
    expect(raw.errors.map((error) => error.code)).toEqual(['ACODE-TLP-010']);
    const stop = parser.parseRawToolCalls([{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' }], '', { finishReason: 'stop' });
    expect(stop.toolCalls.map((call) => call.id)).toEqual(['call_1']);
  });
});

describe('calls written in the text of a cut output', () => {
  const CUT_TAG = '<tool_call>{"name": "file_read", "arguments": {"path": "a.txt"}}';

  it('refuses a <tool_call> whose closing tag never came when done_reason is length, with an id and the tool, so it can be retried', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse({ ...(ollamaResponse([], `Reading it.\n${CUT_TAG}`) as object), done_reason: 'length' });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
        source: 'content_tool_call_tag',
        tool: 'file_read',
        code: 'ACODE-TLP-010',
        message: CUT_OPEN,
        rawArguments: '{"path":"a.txt"}',
        retryable: true,
      },
    ]);
    expect(result.content).toBe('Reading it.');
  });

  it('runs the same text when the answer ended normally: the closing repairs stay for a normal end', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse({ ...(ollamaResponse([], CUT_TAG) as object), done_reason: 'stop' });
    expect(result.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', source: 'content_tool_call_tag', arguments: { path: 'a.txt', encoding: 'utf-8' } })]);
  });

  it('runs a call whose tag closed when the text after it was cut', async () => {
    const { parser } = await parserWithRealRepairer();
    const result = parser.parseResponse({ ...(ollamaResponse([], `${CUT_TAG}</tool_call>\nNow I will expla`) as object), done_reason: 'length' });
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.errors).toEqual([]);
  });

  it('refuses the last call of a cut [TOOL_CALLS] array and keeps the one before it', async () => {
    const { parser } = await parserWithRealRepairer();
    const content = '[TOOL_CALLS][{"name": "git_status", "arguments": {}}, {"name": "file_read", "arguments": {"path": "b.t';
    const result = parser.parseResponse({ ...(ollamaResponse([], content) as object), done_reason: 'length' });
    expect(result.toolCalls.map((call) => [call.index, call.name])).toEqual([[0, 'git_status']]);
    expect(result.errors.map((error) => [error.index, error.code, error.tool])).toEqual([[1, 'ACODE-TLP-010', 'file_read']]);
  });

  it('refuses a call left open by a stream that ended before its end marker', async () => {
    const { parser } = await parserWithRealRepairer();
    const cut = parser.parseRawToolCalls([], CUT_TAG, { incomplete: true });
    expect(cut.errors.map((error) => [error.code, error.tool, error.message])).toEqual([
      ['ACODE-TLP-010', 'file_read', 'The stream ended before the call was complete (no finish reason, [DONE] or done: true arrived); it was not run. Send the call again, shorter.'],
    ]);
    const whole = parser.parseRawToolCalls([], `${CUT_TAG}</tool_call>`, { incomplete: true });
    expect(whole.toolCalls.map((call) => call.name)).toEqual(['file_read']);
  });

  it('reads an unclosed json fence as a cut call only when the output was cut', async () => {
    const { parser } = await parserWithRealRepairer();
    const content = 'Here:\n```json\n{"name": "file_read", "arguments": {"path": "a.txt"}}';
    const cut = parser.parseResponse({ ...(ollamaResponse([], content) as object), done_reason: 'length' });
    expect(cut.errors.map((error) => [error.code, error.source, error.tool])).toEqual([['ACODE-TLP-010', 'content_fenced_json', 'file_read']]);
    expect(cut.content).toBe('Here:');
    const normal = parser.parseResponse({ ...(ollamaResponse([], content) as object), done_reason: 'stop' });
    expect(normal).toMatchObject({ success: true, toolCalls: [], errors: [], content });
  });

  it('names the tool of a cut call that does not decode, so the retry handler can retry it', async () => {
    const { parser } = await newParser({ repairer: new FakeRepairer() });
    const result = parser.parseResponse({ ...(ollamaResponse([], '<tool_call>{"name": "file_read", "arguments": {"path": "a') as object), done_reason: 'length' });
    expect(result.errors).toEqual([
      expect.objectContaining({ index: 0, id: expect.stringMatching(/^call_/), tool: 'file_read', code: 'ACODE-TLP-010', rawArguments: '{"name": "file_read", "arguments": {"path": "a', retryable: true }),
    ]);
  });
});
