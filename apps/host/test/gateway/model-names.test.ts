import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { Ollama } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayFixture } from './gateway-fixture.js';

// `gateway.models`: agents send their own model names (Claude Code a Sonnet and a Haiku, Codex a
// GPT); the gateway asks the upstream for the model each maps to, and lists the names.

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const MODELS = { 'claude-3-5-haiku-20241022': 'small:1b', 'claude-*': 'big:30b', 'gpt-5*': 'big:30b' };

function upstreamModels(f: GatewayFixture): unknown[] {
  return f.model.requests.filter((request) => request.method === 'POST').map((request) => (request.body as { model?: unknown }).model);
}

describe.each(['openai-compatible', 'ollama'] as const)('gateway.models in front of %s', (upstream) => {
  it('maps an exact name, then a glob, and passes an unmapped name as it is, on every front', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'one' }, { kind: 'text', content: 'two' }, { kind: 'text', content: 'three' }, { kind: 'text', content: 'four' }], { upstream, models: MODELS });
    const anthropic = new Anthropic({ baseURL: fixture.host.baseUrl, apiKey: 'not-used', maxRetries: 0 });
    const openai = new OpenAI({ baseURL: `${fixture.host.baseUrl}/v1`, apiKey: 'not-used', maxRetries: 0 });
    await anthropic.messages.create({ model: 'claude-3-5-haiku-20241022', max_tokens: 64, messages: [{ role: 'user', content: 'title?' }] });
    await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'work' }] });
    await openai.responses.create({ model: 'gpt-5-codex', input: 'work' });
    await openai.chat.completions.create({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'as it is' }] });
    expect(upstreamModels(fixture)).toEqual(['small:1b', 'big:30b', 'big:30b', 'qwen3:8b']);
  });

  it('lists the upstream\'s models and the mapped names (not the globs) on each front\'s models route', async () => {
    fixture = await startGateway([], { upstream, models: MODELS });
    const openai = new OpenAI({ baseURL: `${fixture.host.baseUrl}/v1`, apiKey: 'not-used', maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of openai.models.list()) ids.push(model.id);
    expect(ids).toEqual(['llama3.2:latest', 'claude-3-5-haiku-20241022']);
    const anthropic = new Anthropic({ baseURL: fixture.host.baseUrl, apiKey: 'not-used', maxRetries: 0 });
    const listed: string[] = [];
    for await (const model of anthropic.models.list()) listed.push(model.id);
    expect(listed).toEqual(['llama3.2:latest', 'claude-3-5-haiku-20241022']);
    const tags = await new Ollama({ host: fixture.host.baseUrl }).list();
    expect(tags.models.map((model) => model.name)).toEqual(['llama3.2:latest', 'claude-3-5-haiku-20241022']);
  });
});

describe('without gateway.models', () => {
  it('passes the models routes through untouched', async () => {
    fixture = await startGateway([]);
    const response = await fetch(`${fixture.host.baseUrl}/v1/models`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id)).toEqual(['llama3.2:latest']);
    expect(fixture.model.requests.some((request) => request.path === '/v1/models')).toBe(true);
  });
});

describe('gateway routes are matched segment by segment, as decoded', () => {
  it('takes /v1/chat%2Fcompletions for a path to pass through, not for the checked chat route', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'checked' }]);
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const encoded = await fetch(`${fixture.host.baseUrl}/v1/chat%2Fcompletions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(encoded.headers.get('x-acode-attempts')).toBeNull();
    expect(fixture.chatRequests()).toBe(0);
    // Counted, like the access rule judged it, as the pass-through it was.
    const metrics = await (await fetch(`${fixture.host.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/acode_gateway_requests_total\{[^}]*route="pass_through"/);
    expect(metrics).not.toMatch(/acode_gateway_requests_total\{[^}]*route="openai_chat"/);
    const plain = await fetch(`${fixture.host.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(plain.headers.get('x-acode-attempts')).toBe('1');
    expect(fixture.chatRequests()).toBe(1);
  });
});
