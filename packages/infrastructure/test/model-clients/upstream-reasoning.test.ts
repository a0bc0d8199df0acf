import { ModelClientException } from '@acode/application';
import { ERROR_CODES, type ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerBudget } from '../../src/gateway/answer-budget.js';
import { createChatModelClient, type ProviderType } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '../../src/model-server/index.js';
import { guardUnhandledRejections, settingsFor } from './support.js';

guardUnhandledRejections();

/*
 * The clients keep the reasoning a server's reasoning parser sets apart: `reasoning_content` (or
 * `reasoning`) on the OpenAI wire, `thinking` on Ollama's, whole and streamed, over real HTTP.
 */

const FORMATS = [
  { type: 'ollama', field: 'thinking', whole: (reasoning: unknown) => ({ model: 'm', message: { role: 'assistant', content: 'hi', thinking: reasoning }, done: true }) },
  {
    type: 'openai-compatible',
    field: 'reasoning_content',
    whole: (reasoning: unknown) => ({ choices: [{ index: 0, message: { role: 'assistant', content: 'hi', reasoning_content: reasoning, reasoning }, finish_reason: 'stop' }] }),
  },
] as const;

const REQUEST: ChatRequest = { model: 'qwen3', messages: [{ role: 'user', content: 'Read a.txt' }] };
const REASONING = 'The user wants a.txt. I will read it — “quoted” 🙂 and all.';

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: Script, chunkSize?: number): Promise<string> {
  server = await startScriptedModelServer({ script, ...(chunkSize === undefined ? {} : { chunkSize }) });
  return server.url;
}

describe.each(FORMATS)('$type client', (format) => {
  const client = (url: string) => createChatModelClient(settingsFor(format.type as ProviderType, url));

  it('keeps the reasoning of a whole answer', async () => {
    const url = await serve([{ kind: 'text', content: 'Done.', reasoning: REASONING }]);
    const response = await client(url).chat(REQUEST);
    expect(response.reasoning).toBe(REASONING);
    expect(response.content).toBe('Done.');
  });

  it('keeps the reasoning of a streamed answer, cut into small writes', async () => {
    const url = await serve([{ kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' }, reasoning: REASONING }], 3);
    const seen: string[] = [];
    const response = await client(url).chatStream(REQUEST, { onContent: (text) => seen.push(text) });
    expect(response.reasoning).toBe(REASONING);
    expect(response.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    // Reasoning is not the answer's text: nobody receives it as text.
    expect(seen.join('')).toBe('');
  });

  it('keeps the reasoning of a streamed answer whose text the caller keeps itself', async () => {
    const url = await serve([{ kind: 'text', content: 'Done.', reasoning: REASONING }], 5);
    const response = await client(url).chatStream(REQUEST, { keepContent: false, onContent: () => undefined });
    expect(response).toMatchObject({ content: '', reasoning: REASONING });
  });

  it('has no reasoning when the server sent none', async () => {
    const url = await serve([{ kind: 'text', content: 'Done.' }, { kind: 'text', content: 'Done.' }]);
    expect('reasoning' in (await client(url).chat(REQUEST))).toBe(false);
    expect('reasoning' in (await client(url).chatStream(REQUEST))).toBe(false);
  });

  it('ignores a reasoning field that is not a string', async () => {
    const url = await serve([{ kind: 'raw', status: 200, contentType: 'application/json', body: JSON.stringify(format.whole({ effort: 'high' })) }]);
    const response = await client(url).chat(REQUEST);
    expect(response.content).toBe('hi');
    expect('reasoning' in response).toBe(false);
  });

  it('claims a streamed reasoning from the answer memory: a huge one is cut with ACODE-GTW-006', async () => {
    const url = await serve([{ kind: 'text', content: 'Done.', reasoning: 'x'.repeat(300 * 1024) }], 64 * 1024);
    const memory = new AnswerBudget(64 * 1024);
    const failure = await client(url)
      .chatStream(REQUEST, { memory, keepContent: false, onContent: () => undefined })
      .then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelClientException);
    expect((failure as ModelClientException).code).toBe(ERROR_CODES.GATEWAY_BUFFER_LIMIT);
  });

  it('holds a streamed reasoning within the budget in the answer memory until the request is over', async () => {
    const url = await serve([{ kind: 'text', content: 'Done.', reasoning: 'y'.repeat(10_000) }], 4096);
    const memory = new AnswerBudget(1024 * 1024);
    const response = await client(url).chatStream(REQUEST, { memory, keepContent: false, onContent: () => undefined });
    expect(response.reasoning).toHaveLength(10_000);
    expect(memory.used).toBeGreaterThanOrEqual(10_000);
  });
});
