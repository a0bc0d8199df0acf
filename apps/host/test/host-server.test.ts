import { AsyncLocalStorage } from 'node:async_hooks';
import type { ICorrelationContext, ILogger, IToolSchemaRegistry } from '@acode/application';
import { DEFAULT_REGISTRY_LIMITS } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostServer } from '../src/host-server.js';
import { parseRawResponse, rawExchange, send } from './support/raw-http.js';

// Failures no real registry produces on purpose: a registry whose look-ups throw an unexpected
// error, to prove the host turns it into a 500 with a correlation id and nothing internal.
const storage = new AsyncLocalStorage<string>();
let counter = 0;
const correlation: ICorrelationContext = {
  current: () => storage.getStore() ?? `gen-${++counter}`,
  run: (fn, id) => storage.run(id ?? `gen-${++counter}`, fn),
};
const failingRegistry = {
  size: 0,
  findTool: () => {
    throw new TypeError('Cannot read properties of undefined (reading FooInternalClass)');
  },
} as unknown as IToolSchemaRegistry;
const errors: Array<{ message: string; fields: unknown }> = [];
const logger: ILogger = { debug() {}, info() {}, warn() {}, error: (message, fields) => errors.push({ message, fields }) };

const server = createHostServer({ registry: failingRegistry, logger, correlation, limits: DEFAULT_REGISTRY_LIMITS });
let port = 0;
beforeAll(async () => {
  port = (await server.listen(0, '127.0.0.1')).port;
});
afterAll(() => server.close());

describe('createHostServer', () => {
  it('answers an unexpected failure with 500, the correlation id, and no internals', async () => {
    const response = await send(port, { method: 'GET', path: '/v1/tools/x', headers: { 'x-correlation-id': 'err-1' } });
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'ACODE-HST-003', message: 'Internal error; quote correlation id err-1 when reporting it', correlation_id: 'err-1' },
    });
    expect(response.text).not.toMatch(/TypeError|FooInternalClass/);
    expect(errors).toContainEqual({
      message: expect.stringContaining('FooInternalClass'),
      fields: expect.objectContaining({ correlation_id: 'err-1', route: '/v1/tools/{name}' }),
    });
  });

  it('closes the connection instead of draining a body it will not read', async () => {
    const exchange = await rawExchange(port, 'POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\nabc');
    expect(parseRawResponse(exchange.text).status).toBe(405);
    expect(exchange.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(exchange.closedByServer).toBe(true);
  });

  it('keeps the connection alive between complete requests', async () => {
    const twice = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(2);
    const exchange = await rawExchange(port, twice, { waitMs: 300 });
    expect(exchange.text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(exchange.closedByServer).toBe(false);
  });

  it('rejects with ACODE-HST-002 when the port is taken', async () => {
    const second = createHostServer({ registry: failingRegistry, logger, correlation, limits: DEFAULT_REGISTRY_LIMITS });
    await expect(second.listen(port, '127.0.0.1')).rejects.toMatchObject({
      code: 'ACODE-HST-002',
      message: `Cannot listen on 127.0.0.1:${port}: the port is already in use`,
    });
  });
});
