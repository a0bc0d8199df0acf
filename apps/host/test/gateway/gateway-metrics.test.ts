import { GATEWAY_METRIC_NAMES, InMemoryMetrics, METRIC_HELP } from '@acode/infrastructure/metrics';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayRequestMetrics } from '@acode/gateway';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** One sample of the Prometheus text: its name, labels and value. */
interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

/**
 * A strict reading of the text exposition format (0.0.4): every line a `# HELP`, a `# TYPE` or a
 * sample of a family whose `# TYPE` came first (histograms as `_bucket`, `_sum`, `_count`), each
 * family typed once, every value a number. Throws on anything else.
 */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string>; help: Map<string, string> } {
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  const samples: Sample[] = [];
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      const [, keyword, name, rest] = comment;
      if (keyword === 'TYPE') {
        if (types.has(name!)) throw new Error(`TYPE declared twice: ${name}`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest!)) throw new Error(`Unknown type: ${line}`);
        types.set(name!, rest!);
      } else help.set(name!, rest!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`Not a Prometheus line: ${line}`);
    const [, name, labelText, valueText] = sample;
    const family = types.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family) || (family !== name && types.get(family) !== 'histogram')) throw new Error(`Sample before its TYPE: ${line}`);
    const value = valueText === '+Inf' ? Infinity : Number(valueText);
    if (Number.isNaN(value)) throw new Error(`Not a number: ${line}`);
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(LABEL)].map(([, label, raw]) => [label!, raw!]));
    samples.push({ name: name!, labels, value });
  }
  return { samples, types, help };
}

function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return found.length === 0 ? undefined : found.reduce((sum, sample) => sum + sample.value, 0);
}

async function post(f: GatewayFixture, path: string, body: unknown): Promise<Response> {
  return fetch(`${f.host.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the gateway on GET /metrics', () => {
  it('counts requests by route and outcome, repairs by kind and retries, and times upstream and added time', async () => {
    fixture = await startGateway([
      // 1: repaired (broken JSON arguments).
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' },
      // 2, 3: retried (invalid, then valid).
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
      // 4: the upstream fails.
      { kind: 'http_error', status: 400, message: 'no such model' },
    ]);

    const repaired = await post(fixture, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS });
    expect(repaired.status).toBe(200);
    expect(repaired.headers.get('x-acode-outcome')).toBe('repaired');
    const repairs = repaired.headers.get('x-acode-repairs')!.split(',');
    expect(repairs.length).toBeGreaterThan(0);
    await repaired.text();

    const retried = await post(fixture, '/api/chat', { model: 'm', messages: MESSAGES, tools: TOOLS, stream: false });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('x-acode-outcome')).toBe('retried');
    expect(retried.headers.get('x-acode-attempts')).toBe('2');
    await retried.text();

    const badJson = await post(fixture, '/v1/chat/completions', '{"model": ');
    expect(badJson.status).toBe(400);
    await badJson.text();

    const failed = await post(fixture, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS });
    expect(failed.status).toBe(502);
    await failed.text();

    const models = await fetch(`${fixture.host.baseUrl}/v1/models`);
    expect(models.status).toBe(200);
    await models.text();

    const response = await fetch(`${fixture.host.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const { samples, types, help } = parsePrometheus(text);

    expect(types.get('acode_gateway_requests_total')).toBe('counter');
    expect(types.get('acode_gateway_repairs_total')).toBe('counter');
    expect(types.get('acode_gateway_retries_total')).toBe('counter');
    expect(types.get('acode_gateway_upstream_seconds')).toBe('histogram');
    expect(types.get('acode_gateway_added_seconds')).toBe('histogram');
    for (const name of types.keys()) if (name.startsWith('acode_gateway_')) expect(help.get(name)).toMatch(/\S/);

    const requests = (labels: Record<string, string>) => valueOf(samples, 'acode_gateway_requests_total', labels);
    expect(requests({ route: 'openai_chat', outcome: 'repaired' })).toBe(1);
    expect(requests({ route: 'ollama_chat', outcome: 'retried' })).toBe(1);
    expect(requests({ route: 'openai_chat', outcome: 'invalid_request' })).toBe(1);
    expect(requests({ route: 'openai_chat', outcome: 'upstream_error' })).toBe(1);
    expect(requests({ route: 'pass_through', outcome: 'success' })).toBe(1);
    expect(requests({})).toBe(5);
    // Only the bounded labels: no model, tool or path.
    for (const sample of samples.filter((s) => s.name.startsWith('acode_gateway_'))) {
      expect(Object.keys(sample.labels).every((label) => ['route', 'outcome', 'kind', 'le'].includes(label))).toBe(true);
    }

    for (const kind of new Set(repairs)) {
      expect(valueOf(samples, 'acode_gateway_repairs_total', { kind })).toBe(repairs.filter((name) => name === kind).length);
    }
    expect(valueOf(samples, 'acode_gateway_repairs_total', {})).toBe(repairs.length);

    expect(valueOf(samples, 'acode_gateway_retries_total', { route: 'ollama_chat' })).toBe(1);
    expect(valueOf(samples, 'acode_gateway_retries_total', { route: 'openai_chat' })).toBeUndefined();

    // Times for the chat requests that reached the upstream (not the 400, not pass-through).
    expect(valueOf(samples, 'acode_gateway_upstream_seconds_count', { route: 'openai_chat' })).toBe(2);
    expect(valueOf(samples, 'acode_gateway_upstream_seconds_count', { route: 'ollama_chat' })).toBe(1);
    expect(valueOf(samples, 'acode_gateway_added_seconds_count', { route: 'openai_chat' })).toBe(2);
    expect(valueOf(samples, 'acode_gateway_upstream_seconds_sum', { route: 'ollama_chat' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'acode_gateway_added_seconds_sum', { route: 'ollama_chat' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'acode_gateway_upstream_seconds_bucket', { route: 'pass_through' })).toBeUndefined();
    expect(valueOf(samples, 'acode_gateway_upstream_seconds_bucket', { route: 'ollama_chat', le: '+Inf' })).toBe(1);
    // Upstream time in seconds to minutes, not the sub-millisecond buckets of validation time.
    expect(samples.some((sample) => sample.name === 'acode_gateway_upstream_seconds_bucket' && sample.labels['le'] === '300')).toBe(true);
  });

  it('records nothing for the gateway before any gateway request', async () => {
    fixture = await startGateway([]);
    const response = await fetch(`${fixture.host.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('acode_gateway_');
  });
});

describe('GatewayRequestMetrics', () => {
  const counter = (metrics: InMemoryMetrics, name: string, labels: Record<string, string>): number | undefined => {
    const same = (found: Readonly<Record<string, string>>): boolean =>
      Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => found[key] === value);
    const series = metrics.snapshot().series.find((entry) => entry.name === name && same(entry.labels));
    return series === undefined || series.type === 'histogram' ? undefined : series.value;
  };

  it('counts early aborts and tokens saved by route, adding up over requests', () => {
    const metrics = new InMemoryMetrics();
    new GatewayRequestMetrics(metrics, 'openai_chat').finish('retried', { attempts: 2, earlyAborts: 1, tokensSaved: 120 });
    new GatewayRequestMetrics(metrics, 'openai_chat').finish('failed', { attempts: 3, earlyAborts: 2, tokensSaved: 30 });
    new GatewayRequestMetrics(metrics, 'ollama_chat').finish('retried', { attempts: 2, earlyAborts: 1, tokensSaved: 7 });
    expect(counter(metrics, GATEWAY_METRIC_NAMES.earlyAbortsTotal, { route: 'openai_chat' })).toBe(3);
    expect(counter(metrics, GATEWAY_METRIC_NAMES.tokensSavedTotal, { route: 'openai_chat' })).toBe(150);
    expect(counter(metrics, GATEWAY_METRIC_NAMES.earlyAbortsTotal, { route: 'ollama_chat' })).toBe(1);
    expect(counter(metrics, GATEWAY_METRIC_NAMES.tokensSavedTotal, { route: 'ollama_chat' })).toBe(7);
    const text = metrics.renderPrometheus();
    expect(text).toContain('# TYPE acode_gateway_early_aborts_total counter');
    expect(text).toContain('# TYPE acode_gateway_tokens_saved_total counter');
    expect(METRIC_HELP[GATEWAY_METRIC_NAMES.earlyAbortsTotal]).toMatch(/\S/);
    expect(METRIC_HELP[GATEWAY_METRIC_NAMES.tokensSavedTotal]).toMatch(/\S/);
  });

  it('records no early-abort or tokens-saved series for requests without any', () => {
    const metrics = new InMemoryMetrics();
    new GatewayRequestMetrics(metrics, 'openai_chat').finish('success', { attempts: 1 });
    new GatewayRequestMetrics(metrics, 'openai_chat').finish('repaired', { attempts: 1, earlyAborts: 0, tokensSaved: 0 });
    const names = metrics.snapshot().series.map((series) => series.name);
    expect(names).not.toContain(GATEWAY_METRIC_NAMES.earlyAbortsTotal);
    expect(names).not.toContain(GATEWAY_METRIC_NAMES.tokensSavedTotal);
    expect(counter(metrics, GATEWAY_METRIC_NAMES.requestsTotal, { route: 'openai_chat', outcome: 'repaired' })).toBe(1);
  });

  it('records a request once, however often it is finished', () => {
    const metrics = new InMemoryMetrics();
    const request = new GatewayRequestMetrics(metrics, 'ollama_chat');
    request.finish('retried', { attempts: 2, earlyAborts: 1, tokensSaved: 10 });
    request.finish('retried', { attempts: 2, earlyAborts: 1, tokensSaved: 10 });
    expect(counter(metrics, GATEWAY_METRIC_NAMES.earlyAbortsTotal, { route: 'ollama_chat' })).toBe(1);
    expect(counter(metrics, GATEWAY_METRIC_NAMES.tokensSavedTotal, { route: 'ollama_chat' })).toBe(10);
  });
});
