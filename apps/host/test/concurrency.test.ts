import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestHost, type TestHost } from './support/test-host.js';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.close());

const CASES = [
  { name: 'weather_lookup', body: '{"city":"Oslo"}', status: 200 },
  { name: 'get_weather', body: '{"city":"Oslo","days":3}', status: 200 },
  { name: 'weather_lookup', body: '{"city":7}', status: 422 },
  { name: 'weather_lookup', body: '{"city":', status: 400 },
  { name: 'nope', body: '{}', status: 404 },
];

it('answers 200 interleaved requests identically for identical inputs', async () => {
  const requests = Array.from({ length: 200 }, (_, index) => {
    const testCase = CASES[index % CASES.length]!;
    const correlationId = `c-${index}`;
    return fetch(`${host.baseUrl}/v1/tools/${testCase.name}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: testCase.body,
    }).then(async (response) => ({ index, correlationId, status: response.status, header: response.headers.get('x-correlation-id'), body: (await response.json()) as Record<string, unknown> }));
  });
  const results = await Promise.all(requests);

  const byCase = new Map<number, string>();
  for (const result of results) {
    const testCase = CASES[result.index % CASES.length]!;
    expect(result.status).toBe(testCase.status);
    // Each answer carries its own request's id, never a neighbour's.
    expect(result.header).toBe(result.correlationId);
    expect(result.body.correlation_id).toBe(result.correlationId);
    const { correlation_id: _, ...rest } = result.body;
    const canonical = JSON.stringify(rest);
    const first = byCase.get(result.index % CASES.length);
    if (first === undefined) byCase.set(result.index % CASES.length, canonical);
    else expect(canonical).toBe(first);
  }
  expect(byCase.size).toBe(CASES.length);
});
