import { describe, expect, it } from 'vitest';
import { classifyNetworkFailure } from '../../src/model-clients/network-failure.js';

/** What Node's fetch rejects with: `TypeError('fetch failed')` wrapping the socket error. */
function fetchFailure(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code}`), { code });
}

describe('classifyNetworkFailure', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['UND_ERR_SOCKET', 'connection reset'],
    ['ENOTFOUND', 'host not found'],
    ['EAI_AGAIN', 'host not found'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connection timed out'],
  ])('names %s as %s', (code, reason) => {
    expect(classifyNetworkFailure(fetchFailure(systemError(code)))).toBe(reason);
  });

  it('looks inside an AggregateError (a host with several addresses)', () => {
    expect(classifyNetworkFailure(fetchFailure(new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')])))).toBe('connection refused');
  });

  it.each([undefined, null, 'text', new Error('odd'), fetchFailure(systemError('EWEIRD'))])('falls back to "network error" for %s', (error) => {
    expect(classifyNetworkFailure(error)).toBe('network error');
  });

  it('names a port the fetch standard blocks, from what Node really throws for port 1', async () => {
    const error = await fetch('http://127.0.0.1:1/').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(classifyNetworkFailure(error)).toBe('port reserved (fetch never connects to it)');
  });

  it('stops on a cause chain that loops', () => {
    const looped: { code?: string; cause?: unknown } = {};
    looped.cause = looped;
    expect(classifyNetworkFailure(looped)).toBe('network error');
  });
});
