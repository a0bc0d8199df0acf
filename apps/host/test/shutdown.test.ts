import { request } from 'node:http';
import { expect, it } from 'vitest';
import { startTestHost } from './support/test-host.js';
import { waitFor } from './support/wait-for.js';

it('lets an in-flight request finish after close begins, then stops accepting', async () => {
  const host = await startTestHost();
  const body = '{"city":"Oslo"}';
  let closing: Promise<void> | undefined;
  const result = await new Promise<{ status: number; body: any; connection: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path: '/v1/tools/weather_lookup/validate',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 5));
    // Once the host holds the request, shutdown begins; only then does the rest of the body go out.
    waitFor(() => host.server.inFlight === 1).then(() => {
      closing = host.close();
      req.end(body.slice(5));
    }, reject);
  });

  expect(result.status).toBe(200);
  expect(result.body.arguments).toEqual({ city: 'Oslo', units: 'metric', days: 1 });
  expect(result.connection).toBe('close');
  await closing;
  await expect(fetch(`${host.baseUrl}/healthz`)).rejects.toThrow();
});

it('is idempotent and does not wait for idle keep-alive connections', async () => {
  const host = await startTestHost({ timeouts: { keepAliveTimeoutMs: 60_000, drainTimeoutMs: 60_000 } });
  await (await fetch(`${host.baseUrl}/healthz`)).text(); // leaves a keep-alive connection open
  // Would hang for a minute if the idle connection kept the server open.
  await Promise.all([host.close(), host.close()]);
  expect(host.server.inFlight).toBe(0);
});
