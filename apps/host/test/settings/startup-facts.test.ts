import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SETTINGS } from '@acode/infrastructure/config';
import { gatewayFromConfig } from '../../src/gateway/host-gateway.js';
import { GATEWAY_CHAT_ROUTES } from '../../src/settings/startup-lines.js';
import { describeUpstream, urlWithoutCredentials } from '../../src/settings/upstream-description.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('the start-up lines\' facts', () => {
  it('list exactly the routes whose tool calls the gateway checks', () => {
    const gateway = gatewayFromConfig({ gateway: DEFAULT_GATEWAY_SETTINGS, model: undefined, toolCall: {} }, {}, silent);
    for (const { path } of GATEWAY_CHAT_ROUTES) {
      expect([path, gateway.routeOf('POST', path.split('/').slice(1), {}).kind]).toEqual([path, 'chat']);
    }
    // A route the gateway only passes through is not one of them.
    expect(gateway.routeOf('POST', ['v1', 'embeddings'], {}).kind).toBe('pass_through');
  });

  it('name the upstream without a credential, query or fragment', () => {
    expect(describeUpstream({ type: 'ollama', baseUrl: 'http://127.0.0.1:11434' })).toBe('ollama at http://127.0.0.1:11434');
    expect(describeUpstream({ type: 'openai-compatible', baseUrl: 'https://api.example.com/v1/' }, 'vllm')).toBe("provider 'vllm' (openai-compatible at https://api.example.com/v1)");
    expect(urlWithoutCredentials('https://user:hunter2@example.com/v1?key=sk-abc#frag')).toBe('https://example.com/v1');
    expect(urlWithoutCredentials('not a url sk-abc')).toBe('(an address that is not a URL)');
  });
});
