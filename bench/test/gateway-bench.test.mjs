import { describe, expect, it } from 'vitest';
import { GATEWAY_GOALS, judgeAdded, median, percentiles, roundOrder } from '../lib/gateway/gateway-figures.mjs';
import { CHAT_ROUTE, FRONT_ROUTES, GATEWAY_SCENARIOS, createBenchScript, messagesRequestBody, requestBody, responsesRequestBody, scenarioOf } from '../lib/gateway/gateway-scenarios.mjs';
import { gatewayNotes, gatewayTable } from '../lib/gateway/gateway-table.mjs';
import { toolCallProblem } from '../lib/gateway/measure-gateway.mjs';
import { contentEventScanner, hasAnthropicText, hasContent, hasResponsesText } from '../lib/gateway/sse-content.mjs';
import { gatewayConfig } from '../lib/gateway/start-gateway.mjs';
import { renderMarkdown } from '../lib/render-report.mjs';

/** The tool's OpenAI chat definition, the others' source. */
function requestBodyTool() {
  return JSON.parse(requestBody(GATEWAY_SCENARIOS.call)).tools[0].function;
}

/** An OpenAI stream event. */
function event(/** @type {object} */ delta) {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
}

/** A named SSE event, as the Anthropic and Responses fronts write them. */
function named(/** @type {string} */ type, /** @type {object} */ data) {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** @returns {import('../lib/gateway/measure-gateway.mjs').FrontFigures} */
function front(/** @type {string} */ path, /** @type {string} */ client, /** @type {number} */ added) {
  return {
    path,
    client,
    latency: { direct: { p50: 0.2, p99: 0.4, count: 100 }, gateway: { p50: 0.2 + added, p99: 0.4 + 2 * added, count: 100 } },
    firstContent: { direct: { p50: 0.25, p99: 0.5, count: 100 }, gateway: { p50: 0.25 + added, p99: 0.5 + 2 * added, count: 100 } },
  };
}

/** @returns {import('../lib/gateway/measure-gateway.mjs').GatewayReport} */
function report(overrides = {}) {
  return {
    latency: { direct: { p50: 0.2, p99: 0.4, count: 100 }, gateway: { p50: 0.5, p99: 1.0, count: 100 } },
    firstContent: { direct: { p50: 0.25, p99: 0.5, count: 100 }, gateway: { p50: 0.9, p99: 2.5, count: 100 } },
    fronts: [front('/v1/messages', 'Anthropic Messages', 0.5), front('/v1/responses', 'OpenAI Responses', 1)],
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

describe('the first content of the other fronts\' streams', () => {
  it('Anthropic: the first content_block_delta with text, after message_start, content_block_start and ping', () => {
    const scan = contentEventScanner(hasAnthropicText);
    const opening =
      named('message_start', { message: { id: 'msg_1', content: [] } }) +
      named('ping', {}) +
      named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    expect(scan(opening)).toBe(false);
    const delta = named('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'The forecast' } });
    expect(scan(delta.slice(0, 30))).toBe(false);
    expect(scan(delta.slice(30))).toBe(true);
  });

  it('Anthropic: neither an empty text delta, a thinking delta nor a tool input delta counts', () => {
    expect(hasAnthropicText(named('content_block_delta', { index: 0, delta: { type: 'text_delta', text: '' } }).trim())).toBe(false);
    expect(hasAnthropicText(named('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hm' } }).trim())).toBe(false);
    expect(hasAnthropicText(named('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{' } }).trim())).toBe(false);
  });

  it('Responses: the first response.output_text.delta, after the response, item and part openings', () => {
    const scan = contentEventScanner(hasResponsesText);
    const opening =
      named('response.created', { sequence_number: 0, response: { id: 'resp_1', output: [] } }) +
      named('response.in_progress', { sequence_number: 1, response: { id: 'resp_1', output: [] } }) +
      named('response.output_item.added', { sequence_number: 2, output_index: 0, item: { type: 'message', content: [] } }) +
      named('response.content_part.added', { sequence_number: 3, output_index: 0, content_index: 0, part: { type: 'output_text', text: '' } });
    expect(scan(opening)).toBe(false);
    expect(scan(named('response.output_text.delta', { sequence_number: 4, output_index: 0, content_index: 0, delta: 'The forecast' }))).toBe(true);
    expect(hasResponsesText(named('response.function_call_arguments.delta', { delta: '{' }).trim())).toBe(false);
    expect(hasResponsesText(': keep-alive')).toBe(false);
  });

  it('each side reads the first content of its own route only', () => {
    const chat = event({ content: 'Hello' }).trim();
    expect([hasAnthropicText(chat), hasResponsesText(chat)]).toEqual([false, false]);
    expect(hasContent(named('response.output_text.delta', { delta: 'x' }).trim())).toBe(false);
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

  it('asks the other fronts the same question in their clients\' shape', () => {
    const messages = JSON.parse(messagesRequestBody(GATEWAY_SCENARIOS.text));
    expect(messages).toMatchObject({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: GATEWAY_SCENARIOS.text.marker }] }] });
    expect(messages.max_tokens).toBeGreaterThan(0);
    expect(messages.tools).toEqual([{ name: 'get_weather', description: 'Weather of a city', input_schema: requestBodyTool().parameters }]);
    const responses = JSON.parse(responsesRequestBody(GATEWAY_SCENARIOS.call));
    expect(responses).toMatchObject({ model: 'bench-model', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: GATEWAY_SCENARIOS.call.marker }] }] });
    expect(responses.stream).toBeUndefined();
    expect(responses.tools).toEqual([{ type: 'function', name: 'get_weather', description: 'Weather of a city', parameters: requestBodyTool().parameters, strict: false }]);
    expect(FRONT_ROUTES.map((route) => route.path)).toEqual(['/v1/messages', '/v1/responses']);
  });

  it('finds the get_weather call of each route\'s answer, and says when there is none', () => {
    const chat = { choices: [{ message: { tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } }] };
    const anthropic = { type: 'message', content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] };
    const responses = { object: 'response', output: [{ type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] };
    expect(toolCallProblem(200, JSON.stringify(chat), CHAT_ROUTE.callOf)).toBeUndefined();
    expect(toolCallProblem(200, JSON.stringify(anthropic), FRONT_ROUTES[0]?.callOf)).toBeUndefined();
    expect(toolCallProblem(200, JSON.stringify(responses), FRONT_ROUTES[1]?.callOf)).toBeUndefined();
    expect(toolCallProblem(200, JSON.stringify(chat), FRONT_ROUTES[0]?.callOf)).toContain('held no get_weather call');
    expect(toolCallProblem(200, JSON.stringify({ output: [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Lyon"}' }] }), FRONT_ROUTES[1]?.callOf)).toContain('held no get_weather call');
    expect(toolCallProblem(400, '{"type":"error"}', FRONT_ROUTES[0]?.callOf)).toContain('HTTP 400');
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
    expect(table.rows.at(-2)?.[3]).toBe('0.25× direct');
    expect(table.rows.at(-1)?.[3]).toBe('+2.0 MiB');
    expect(table.rows).toHaveLength(14);
  });

  it('shows the other fronts\' latency and first content beside the direct side, without a verdict', () => {
    const table = gatewayTable(report());
    expect(table.rows.slice(4, 12).map((row) => row[0])).toEqual([
      '/v1/messages (Anthropic Messages): non-streamed answer with one tool call, latency p50',
      '/v1/messages (Anthropic Messages): non-streamed answer with one tool call, latency p99',
      '/v1/messages (Anthropic Messages): streamed text answer, time to first content p50',
      '/v1/messages (Anthropic Messages): streamed text answer, time to first content p99',
      '/v1/responses (OpenAI Responses): non-streamed answer with one tool call, latency p50',
      '/v1/responses (OpenAI Responses): non-streamed answer with one tool call, latency p99',
      '/v1/responses (OpenAI Responses): streamed text answer, time to first content p50',
      '/v1/responses (OpenAI Responses): streamed text answer, time to first content p99',
    ]);
    expect(table.rows[5]).toEqual(['/v1/messages (Anthropic Messages): non-streamed answer with one tool call, latency p99', '0.400 ms', '1.400 ms', '+1.000 ms', '', '']);
    expect(table.rows[11]?.slice(1)).toEqual(['0.500 ms', '2.500 ms', '+2.000 ms', '', '']);
    // No goal is judged on them, so a large added time makes no note.
    expect(gatewayNotes(report({ fronts: [front('/v1/messages', 'Anthropic Messages', 50)] })).filter((note) => note.includes('GOAL'))).toHaveLength(1);
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
    expect(markdown).toContain('| /v1/responses (OpenAI Responses): streamed text answer, time to first content p99 | 0.500 ms | 2.500 ms | +2.000 ms |  |  |');
    expect(markdown).toContain('`response.output_text.delta` (Responses)');
  });
});
