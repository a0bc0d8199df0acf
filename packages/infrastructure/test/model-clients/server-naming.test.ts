import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@acode/domain';
import { badResponseError, connectionLostError, httpStatusError, serverAt, timeoutError, unreachableError, type RequestSite } from '../../src/model-clients/model-client-errors.js';
import { asGatewayUpstream, endpointOf } from '../../src/model-clients/server-naming.js';
import { readProviderSettings } from '../../src/model-clients/provider-settings.js';

/*
 * One sentence names the server in every model-server error: the provider's own name for the
 * model commands, "the upstream model server" for the gateway's, with the setting that changes
 * its address, and never a credential of its URL.
 */

const OLLAMA = readProviderSettings(undefined, 'ollama', {});

function siteOf(settings: ReturnType<typeof readProviderSettings>): RequestSite {
  return { ...endpointOf(settings), url: `${settings.baseUrl}/api/chat`, model: 'qwen3' };
}

describe('a provider of the model commands', () => {
  it('is named by its name, its address under model.providers.<name>.base_url', () => {
    const error = unreachableError(siteOf(OLLAMA), 'connection refused');
    expect(error.code).toBe(ERROR_CODES.MODEL_UNREACHABLE);
    expect(error.message).toBe('Cannot reach ollama at http://127.0.0.1:11434: connection refused. Is it running? Set its address with: acode config set model.providers.ollama.base_url <url>');
    expect(timeoutError(siteOf(OLLAMA), 1500, 'answer').message).toBe(
      'ollama at http://127.0.0.1:11434 did not answer for 1500 ms (timeout_ms 1500). Check that the server is not overloaded, or raise model.providers.ollama.timeout_ms.',
    );
    expect(httpStatusError(siteOf(OLLAMA), 500, 'boom').message).toBe('ollama at http://127.0.0.1:11434 answered HTTP 500: "boom".');
  });
});

describe("the gateway's upstream", () => {
  it('given by base_url + type: named by its type, its address under gateway.upstream.base_url, gateway.timeout_ms to raise', () => {
    const section = { providers: { gateway: { type: 'openai-compatible', base_url: 'http://10.0.0.5:8000/v1' } } };
    const settings = asGatewayUpstream(readProviderSettings(section, 'gateway', {}), { baseUrl: 'http://10.0.0.5:8000/v1', type: 'openai-compatible' });
    const site = siteOf(settings);
    expect(serverAt(site)).toBe('the upstream model server (openai-compatible) at http://10.0.0.5:8000/v1');
    const hint = 'Set its address with: acode config set gateway.upstream.base_url <url>';
    expect(unreachableError(site, 'host not found').message).toBe(`Cannot reach the upstream model server (openai-compatible) at http://10.0.0.5:8000/v1: host not found. Is it running? ${hint}`);
    expect(connectionLostError(site).message).toBe(`Lost the connection to the upstream model server (openai-compatible) at http://10.0.0.5:8000/v1 while its answer was arriving. Is it still running? ${hint}`);
    expect(timeoutError(site, 2000, 'body').message).toBe(
      `The upstream model server (openai-compatible) at http://10.0.0.5:8000/v1 stopped sending its answer and stayed silent for 2000 ms (timeout_ms 2000). Check that the server is not overloaded, or raise gateway.timeout_ms. ${hint}`,
    );
    expect(badResponseError(site, 'is not JSON').message).toBe(`The upstream model server (openai-compatible) at http://10.0.0.5:8000/v1 sent an answer that cannot be read: its answer is not JSON. ${hint}`);
    expect(httpStatusError(site, 503, undefined)).toMatchObject({ code: ERROR_CODES.MODEL_HTTP_ERROR, message: `The upstream model server (openai-compatible) at http://10.0.0.5:8000/v1 answered HTTP 503. ${hint}` });
    expect(httpStatusError(site, 404, 'model "qwen3" not found')).toMatchObject({ code: ERROR_CODES.MODEL_NOT_FOUND, message: expect.stringContaining(`on the upstream model server (openai-compatible) at http://10.0.0.5:8000/v1 (HTTP 404`) });
  });

  it('chosen among model.providers: named by the provider, its address under model.providers.<name>.base_url', () => {
    const settings = asGatewayUpstream(readProviderSettings({ providers: { vllm: { base_url: 'http://gpu:8000/v1' } } }, 'vllm', {}), { provider: 'vllm' });
    const message = unreachableError(siteOf(settings), 'connection refused').message;
    expect(message).toBe('Cannot reach the upstream model server (vllm) at http://gpu:8000/v1: connection refused. Is it running? Set its address with: acode config set model.providers.vllm.base_url <url>');
  });

  it('never shows a user name or password its URL might carry', () => {
    const site: RequestSite = { ...endpointOf(OLLAMA), baseUrl: 'http://admin:hunter2@127.0.0.1:11434', url: 'http://admin:hunter2@127.0.0.1:11434/api/chat' };
    for (const error of [unreachableError(site, 'connection refused'), httpStatusError(site, 500, 'boom'), timeoutError(site, 1000, 'answer')]) {
      expect(error.message).toContain('at http://127.0.0.1:11434');
      expect(error.message).not.toMatch(/admin|hunter2/);
    }
  });
});
