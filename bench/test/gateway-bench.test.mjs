import { describe, expect, it } from 'vitest';
import { GATEWAY_GOALS, judgeAdded, median, percentiles, roundOrder } from '../lib/gateway/gateway-figures.mjs';
import { GATEWAY_SCENARIOS, createBenchScript, requestBody, scenarioOf } from '../lib/gateway/gateway-scenarios.mjs';
import { gatewayNotes, gatewayTable } from '../lib/gateway/gateway-table.mjs';
import { contentEventScanner, hasContent } from '../lib/gateway/sse-content.mjs';
import { gatewayConfig } from '../lib/gateway/start-gateway.mjs';
import { renderMarkdown } from '../lib/render-report.mjs';

/** An OpenAI stream event. */
function event(/** @type {object} */ delta) {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
}

/** @returns {import('../lib/gateway/measure-gateway.mjs').GatewayReport} */
function report(overrides = {}) {
  return {
    latency: { direct: { p50: 0.2, p99: 0.4, count: 100 }, gateway: { p50: 0.5, p99: 1.0, count: 100 } },
    firstContent: { direct: { p50: 0.25, p99: 0.5, count: 100 }, gateway: { p50: 0.9, p99: 2.5, count: 100 } },
    throughput: { direct: 6000, gateway: 1500, clients: 50, requests: 40 },
    memory: { direct: { heapBytes: 1024 * 1024, rssBytes: 0 }, gateway: { heapBytes: 3 * 1024 * 1024, rssBytes: 4096 }, streams: 100 },
    setup: { chunkSize: 65536, maxConcurrentUpstream: 256, logLevel: 'warn' },
    problems: [],
    ...overrides,
  };
}

describe('the first content of an OpenAI stream', () => {
  it('skips the empty opening event and finds content split across chunks', () => {
    const scan = contentEventScanner();
    const stream = `${event({ role: 'assistant', content: '' })}${event({ content: 'Hello' })}data: [DONE]\n\n`;
    const cut = stream.indexOf('Hello') + 2;
    expect(scan(stream.slice(0, cut))).toBe(false);
    expect(scan(stream.slice(cut, cut + 5))).toBe(false);
    expect(scan(stream.slice(cut + 5))).toBe(true);
  });

  it('counts neither tool-call deltas, [DONE], nor text that is not JSON', () => {
    expect(hasContent(event({ tool_calls: [{ index: 0, function: { arguments: '{' } }] }).trim())).toBe(false);
    expect(hasContent('data: [DONE]')).toBe(false);
    expect(hasContent('data: {oops')).toBe(false);
    expect(hasContent(event({ content: 'x' }).replace(/\n\n$/, '').replace(/\n/g, '\r\n'))).toBe(true);
  });
});

describe('gateway figures', () => {
  it('takes nearest-rank percentiles and medians', () => {
    const samples = Array.from({ length: 1000 }, (_, index) => 1000 - index);
    expect(percentiles(samples)).toEqual({ p50: 500, p99: 990, count: 1000 });
    expect(percentiles([]).p99).toBeNaN();
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('judges the time added against a goal, strictly under it', () => {
    expect(judgeAdded(0.4, 1.3, GATEWAY_GOALS.addedLatencyMs)).toBe('PASS');
    expect(judgeAdded(0.5, 1.5, GATEWAY_GOALS.addedLatencyMs)).toBe('MISS');
    expect(judgeAdded(Number.NaN, 1, 1)).toBe('NOT MEASURED');
  });

  it('alternates which side runs first, A B B A', () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(round, 'a', 'b').join(''))).toEqual(['ab', 'ba', 'ba', 'ab']);
  });
});

describe('gateway scenarios', () => {
  it('sends the same body to both sides and the upstream finds its step from it', () => {
    const { script, held } = createBenchScript();
    for (const scenario of Object.values(GATEWAY_SCENARIOS)) {
      const body = JSON.parse(requestBody(scenario));
      expect(scenarioOf(body)).toBe(scenario);
      expect(script({ body })).toBe(scenario.step);
      expect(body.stream === true).toBe(scenario.stream);
    }
    expect(held).toHaveLength(1);
    expect(script({ body: { messages: [{ role: 'user', content: 'hi' }] } }).kind).toBe('http_error');
  });

  it('points the gateway at the upstream with room for every open stream', () => {
    const config = gatewayConfig('http://127.0.0.1:1/v1');
    expect(config).toContain('base_url: http://127.0.0.1:1/v1');
    expect(config).toContain('provider: scripted');
    expect(Number(/max_concurrent_upstream: (\d+)/.exec(config)?.[1])).toBeGreaterThanOrEqual(100);
  });
});

describe('the gateway table', () => {
  it('shows the added time with its verdict, the throughput ratio and the memory added', () => {
    const table = gatewayTable(report());
    expect(table.rows[1]).toEqual(['Non-streamed answer with one tool call, latency p99', '0.400 ms', '1.000 ms', '+0.600 ms', '< 1 ms added', 'PASS']);
    expect(table.rows[3]?.at(-1)).toBe('MISS');
    expect(table.rows[4]?.[3]).toBe('0.25× direct');
    expect(table.rows[5]?.[3]).toBe('+2.0 MiB');
    expect(table.rows).toHaveLength(6);
  });

  it('notes a missed goal, a memory run that failed and a wrong answer', () => {
    const notes = gatewayNotes(report({ memory: { failure: 'run node with --expose-gc', streams: 100 }, problems: ['gateway: the non-streamed answer was HTTP 502'] }));
    expect(notes).toEqual([
      expect.stringContaining('WRONG ANSWER'),
      expect.stringContaining('2.00 ms at p99 to the first content'),
      expect.stringContaining('NOT MEASURED: run node with --expose-gc'),
    ]);
    expect(gatewayTable(report({ memory: { failure: 'x', streams: 100 } })).rows.at(-1)?.at(-1)).toBe('NOT MEASURED');
  });

  it('appears in RESULTS.md as its own section, naming the chunk size used', () => {
    const markdown = renderMarkdown({
      date: '2025-01-01T00:00:00.000Z',
      machine: { cpuCount: 2, cpuModel: 'Test CPU', node: 'v20.0.0', platform: 'linux x64', totalMemoryBytes: 8 * 1024 ** 3 },
      timings: [],
      heaps: [],
      budgets: [],
      gateway: report(),
      notes: [],
    });
    expect(markdown).toContain('# Gateway');
    expect(markdown).toContain('65,536 bytes per write');
    expect(markdown).toContain('## Gateway: the same scripted upstream, directly and through the host');
  });
});
