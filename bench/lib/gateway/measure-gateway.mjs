// @ts-check
/**
 * The gateway section (issue 15): the same requests sent to the scripted upstream directly and
 * through the host's `/v1/chat/completions`, in interleaved rounds, all in this process (client,
 * host and upstream share its event loop, alike for both sides):
 *
 * - latency of a small non-streamed answer with one valid tool call (request handed over to the
 *   last byte), sequential requests;
 * - time to the first content of a streamed text answer (request handed over to the chunk that
 *   completes the first `data:` event with non-empty content), sequential requests;
 * - the same two figures for the gateway's other fronts, `/v1/messages` (Anthropic) and
 *   `/v1/responses` (OpenAI Responses): the request in their clients' shape through the host,
 *   beside the upstream's own chat request direct (first content: the first text delta event of
 *   the front's stream), each front in rounds of its own against the direct side;
 * - throughput: 50 clients, each sending its requests one after another, keep-alive;
 * - memory per 100 open streams: `heapUsed` and RSS after two forced collections, before and
 *   with 100 streamed requests the upstream holds open, the direct side's delta being the
 *   baseline (client sockets and the upstream's own state) that the gateway's is compared with.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { closingAgent, exchange, keepAliveAgent, openRequest } from './gateway-client.mjs';
import { median, percentiles, roundOrder } from './gateway-figures.mjs';
import { CHAT_ROUTE, FRONT_ROUTES, GATEWAY_SCENARIOS, requestBody } from './gateway-scenarios.mjs';

/**
 * @typedef {object} GatewayPlan
 * @property {number} latencyRounds Rounds of the latency run; each sends `block` requests per side.
 * @property {number} firstContentRounds Rounds of the first-content run.
 * @property {number} frontLatencyRounds Rounds of the latency run of each other front (`/v1/messages`, `/v1/responses`).
 * @property {number} frontFirstContentRounds Rounds of the first-content run of each other front.
 * @property {number} block Sequential requests per side per round.
 * @property {number} warmup Requests per side before each timed run.
 * @property {number} clients Concurrent clients of the throughput run.
 * @property {number} requestsPerClient
 * @property {number} throughputRounds Throughput runs per side.
 * @property {number} streams Open streams of the memory run.
 * @property {number} memoryRounds Memory runs per side.
 */

/** @type {GatewayPlan} */
export const DEFAULT_GATEWAY_PLAN = Object.freeze({
  latencyRounds: 40,
  firstContentRounds: 20,
  frontLatencyRounds: 20,
  frontFirstContentRounds: 20,
  block: 50,
  warmup: 200,
  clients: 50,
  requestsPerClient: 40,
  throughputRounds: 3,
  streams: 100,
  memoryRounds: 4,
});

/**
 * @typedef {object} SidePair
 * @property {import('./gateway-figures.mjs').Percentiles} direct
 * @property {import('./gateway-figures.mjs').Percentiles} gateway
 */

/**
 * @typedef {object} MemoryFigures
 * @property {number} heapBytes Median `heapUsed` delta of the rounds.
 * @property {number} rssBytes Median RSS delta of the rounds.
 */

/**
 * @typedef {object} FrontFigures The figures of one of the gateway's other fronts.
 * @property {string} path `/v1/messages`, `/v1/responses`.
 * @property {string} client Whose shape its requests have (`Anthropic Messages`).
 * @property {SidePair} latency Milliseconds; `direct` is the upstream's chat request, in the same rounds.
 * @property {SidePair} firstContent Milliseconds; likewise.
 */

/**
 * @typedef {object} GatewayReport
 * @property {SidePair} latency Milliseconds.
 * @property {SidePair} firstContent Milliseconds.
 * @property {FrontFigures[]} fronts The gateway's other fronts, each beside the direct side.
 * @property {{ direct: number, gateway: number, clients: number, requests: number }} throughput Requests per second (medians of the runs).
 * @property {{ direct: MemoryFigures, gateway: MemoryFigures, streams: number } | { failure: string, streams: number }} memory
 * @property {{ chunkSize: number, maxConcurrentUpstream: number, logLevel: string }} setup
 * @property {string[]} problems Wrong answers and anything else that makes a figure doubtful.
 */

/**
 * @typedef {object} Side
 * @property {'direct' | 'gateway'} name
 * @property {string} label How problems name it: `direct`, `gateway`, `gateway /v1/messages`.
 * @property {string} url
 * @property {import('node:http').Agent} agent
 * @property {import('./gateway-scenarios.mjs').GatewayRoute} route The shape of its requests and answers.
 */

/**
 * @param {import('./start-gateway.mjs').GatewayBench} bench
 * @param {{ chunkSize: number, maxConcurrentUpstream: number, logLevel: string }} setup
 * @param {GatewayPlan} [plan]
 * @returns {Promise<GatewayReport>}
 */
export async function measureGateway(bench, setup, plan = DEFAULT_GATEWAY_PLAN) {
  /** @type {Side} */
  const direct = { name: 'direct', label: 'direct', url: bench.directUrl, agent: keepAliveAgent(plan.clients), route: CHAT_ROUTE };
  /** @type {Side} */
  const gateway = { name: 'gateway', label: 'gateway', url: bench.gatewayUrl, agent: keepAliveAgent(plan.clients), route: CHAT_ROUTE };
  // The other fronts share the gateway side's connections (one host, as one agent's SDK would reach it).
  /** @type {Side[]} */
  const fronts = FRONT_ROUTES.map((route) => ({ name: /** @type {const} */ ('gateway'), label: `gateway ${route.path}`, url: new URL(route.path, bench.hostUrl).href, agent: gateway.agent, route }));
  /** @param {import('./gateway-client.mjs').Exchange} result */
  const totalMs = (result) => result.totalMs;
  /** @param {import('./gateway-client.mjs').Exchange} result */
  const firstContentMs = (result) => result.firstContentMs ?? Number.NaN;
  try {
    /** @type {string[]} */
    const problems = [];
    for (const side of [direct, gateway, ...fronts]) problems.push(...(await checkAnswers(side)));
    const latency = await sequentialRun(direct, gateway, GATEWAY_SCENARIOS.call, plan.latencyRounds, plan, totalMs, problems);
    const firstContent = await sequentialRun(direct, gateway, GATEWAY_SCENARIOS.text, plan.firstContentRounds, plan, firstContentMs, problems);
    /** @type {FrontFigures[]} */
    const frontFigures = [];
    for (const front of fronts) {
      frontFigures.push({
        path: front.route.path,
        client: front.route.client,
        latency: await sequentialRun(direct, front, GATEWAY_SCENARIOS.call, plan.frontLatencyRounds, plan, totalMs, problems),
        firstContent: await sequentialRun(direct, front, GATEWAY_SCENARIOS.text, plan.frontFirstContentRounds, plan, firstContentMs, problems),
      });
    }
    const throughput = await throughputRun(direct, gateway, plan);
    const memory = await memoryRun(bench, direct, gateway, plan);
    return { latency, firstContent, fronts: frontFigures, throughput, memory, setup, problems };
  } finally {
    direct.agent.destroy();
    gateway.agent.destroy();
  }
}

/**
 * One request of each scenario: the answer each side gives must be the one the bench expects,
 * or its figures compare different work.
 *
 * @param {Side} side
 * @returns {Promise<string[]>}
 */
async function checkAnswers(side) {
  const problems = [];
  const call = await exchange(side.url, side.route.body(GATEWAY_SCENARIOS.call), side.agent);
  const callProblem = toolCallProblem(call.status, call.body, side.route.callOf);
  if (callProblem !== undefined) problems.push(`${side.label}: the non-streamed answer ${callProblem}`);
  const text = await exchange(side.url, side.route.body(GATEWAY_SCENARIOS.text), side.agent, { stream: true, isContent: side.route.isContent });
  if (text.status !== 200 || text.firstContentMs === undefined) problems.push(`${side.label}: the streamed answer (HTTP ${text.status}) carried no content event`);
  return problems;
}

/**
 * @param {number} status
 * @param {string} body
 * @param {import('./gateway-scenarios.mjs').CallReader} callOf Where the route's answer has its first call.
 * @returns {string | undefined}
 */
export function toolCallProblem(status, body, callOf = CHAT_ROUTE.callOf) {
  if (status !== 200) return `was HTTP ${status}: ${body.slice(0, 200)}`;
  try {
    const call = callOf(JSON.parse(body));
    if (call?.name !== 'get_weather' || /** @type {{ city?: unknown } | null | undefined} */ (call.arguments)?.city !== 'Paris') return `held no get_weather call for Paris: ${body.slice(0, 200)}`;
  } catch {
    return `was not the expected JSON: ${body.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * Sequential requests of one scenario, `block` per side per round, sides alternating. Each side
 * sends the scenario in its own route's shape.
 *
 * @param {Side} direct
 * @param {Side} gateway The host's side: its chat route, or one of its other fronts.
 * @param {import('./gateway-scenarios.mjs').Scenario} scenario
 * @param {number} rounds
 * @param {GatewayPlan} plan
 * @param {(result: import('./gateway-client.mjs').Exchange) => number} figure
 * @param {string[]} problems Where answers other than HTTP 200 are counted.
 * @returns {Promise<SidePair>}
 */
async function sequentialRun(direct, gateway, scenario, rounds, plan, figure, problems) {
  /** @type {Record<'direct' | 'gateway', { body: string, options: { stream: boolean, isContent: import('./sse-content.mjs').ContentTest } }>} */
  const requests = {
    direct: { body: direct.route.body(scenario), options: { stream: scenario.stream, isContent: direct.route.isContent } },
    gateway: { body: gateway.route.body(scenario), options: { stream: scenario.stream, isContent: gateway.route.isContent } },
  };
  /** @type {Record<'direct' | 'gateway', number[]>} */
  const samples = { direct: [], gateway: [] };
  /** @type {Record<'direct' | 'gateway', number>} */
  const failed = { direct: 0, gateway: 0 };
  for (const side of [direct, gateway]) {
    const { body, options } = requests[side.name];
    for (let index = 0; index < plan.warmup; index += 1) await exchange(side.url, body, side.agent, options);
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const side of roundOrder(round, direct, gateway)) {
      const { body, options } = requests[side.name];
      for (let index = 0; index < plan.block; index += 1) {
        const result = await exchange(side.url, body, side.agent, options);
        if (result.status === 200) samples[side.name].push(figure(result));
        else failed[side.name] += 1;
      }
    }
  }
  for (const side of [direct, gateway]) {
    if (failed[side.name] > 0) problems.push(`${side.label}: ${failed[side.name]} of ${rounds * plan.block} timed ${scenario.stream ? 'streamed' : 'non-streamed'} requests were not HTTP 200 (left out of the figures)`);
  }
  return { direct: percentiles(samples.direct.filter(Number.isFinite)), gateway: percentiles(samples.gateway.filter(Number.isFinite)) };
}

/**
 * `clients` concurrent loops of non-streamed tool-call requests; requests per second over the
 * whole run, the median of `throughputRounds` runs per side.
 *
 * @param {Side} direct
 * @param {Side} gateway
 * @param {GatewayPlan} plan
 * @returns {Promise<GatewayReport['throughput']>}
 */
async function throughputRun(direct, gateway, plan) {
  const body = requestBody(GATEWAY_SCENARIOS.call);
  /** @param {Side} side @param {number} perClient */
  const run = async (side, perClient) => {
    const started = performance.now();
    let ok = 0;
    await Promise.all(
      Array.from({ length: plan.clients }, async () => {
        for (let index = 0; index < perClient; index += 1) {
          if ((await exchange(side.url, body, side.agent)).status === 200) ok += 1;
        }
      }),
    );
    return ok / ((performance.now() - started) / 1000);
  };
  await run(direct, 5);
  await run(gateway, 5);
  /** @type {Record<'direct' | 'gateway', number[]>} */
  const rates = { direct: [], gateway: [] };
  for (let round = 0; round < plan.throughputRounds * 2; round += 1) {
    const side = roundOrder(Math.floor(round / 2), direct, gateway)[round % 2] ?? direct;
    rates[side.name].push(await run(side, plan.requestsPerClient));
  }
  return { direct: median(rates.direct), gateway: median(rates.gateway), clients: plan.clients, requests: plan.requestsPerClient };
}

/**
 * Memory of `streams` open streams per side, the rounds alternating sides; medians of the deltas.
 *
 * @param {import('./start-gateway.mjs').GatewayBench} bench
 * @param {Side} direct
 * @param {Side} gateway
 * @param {GatewayPlan} plan
 * @returns {Promise<GatewayReport['memory']>}
 */
async function memoryRun(bench, direct, gateway, plan) {
  const collect = /** @type {(() => void) | undefined} */ (globalThis.gc);
  if (typeof collect !== 'function') return { failure: 'run node with --expose-gc', streams: plan.streams };
  /** @type {Record<'direct' | 'gateway', { heap: number[], rss: number[] }>} */
  const deltas = { direct: { heap: [], rss: [] }, gateway: { heap: [], rss: [] } };
  // One unmeasured round per side first: connection pools, the host's first held stream.
  for (const side of [direct, gateway]) {
    const warm = await openStreams(bench, side, plan.streams, collect);
    if ('failure' in warm) return { failure: warm.failure, streams: plan.streams };
  }
  for (let round = 0; round < plan.memoryRounds; round += 1) {
    for (const side of roundOrder(round, direct, gateway)) {
      const delta = await openStreams(bench, side, plan.streams, collect);
      if ('failure' in delta) return { failure: delta.failure, streams: plan.streams };
      deltas[side.name].heap.push(delta.heap);
      deltas[side.name].rss.push(delta.rss);
    }
  }
  /** @param {{ heap: number[], rss: number[] }} side */
  const figures = (side) => ({ heapBytes: median(side.heap), rssBytes: median(side.rss) });
  return { direct: figures(deltas.direct), gateway: figures(deltas.gateway), streams: plan.streams };
}

/**
 * Opens `count` streamed requests the upstream holds open, reads the memory once all reached the
 * upstream, then hangs up on all of them and waits until the upstream saw every one close.
 *
 * @param {import('./start-gateway.mjs').GatewayBench} bench
 * @param {Side} side
 * @param {number} count
 * @param {() => void} collect
 * @returns {Promise<{ heap: number, rss: number } | { failure: string }>}
 */
async function openStreams(bench, side, count, collect) {
  const body = requestBody(GATEWAY_SCENARIOS.hold);
  // Its own agent, without keep-alive: a hang-up closes the socket, and nothing stays pooled.
  const agent = closingAgent();
  bench.clearHeld();
  settle(collect);
  const before = process.memoryUsage();
  const open = Array.from({ length: count }, () => openRequest(side.url, body, agent));
  const arrived = await waitFor(() => bench.heldRequests() >= count, 15_000);
  // Whatever the host does after the upstream request left (its own timers, the client's socket) settles.
  await delay(100);
  settle(collect);
  const during = process.memoryUsage();
  for (const request of open) request.destroy();
  agent.destroy();
  const closed = await waitFor(() => bench.heldOpen() === 0, 15_000);
  await delay(100);
  if (!arrived) return { failure: `${side.name}: only ${bench.heldRequests()} of ${count} streams reached the upstream in 15 s` };
  if (!closed) return { failure: `${side.name}: ${bench.heldOpen()} of ${count} upstream requests stayed open 15 s after their clients hung up` };
  return { heap: during.heapUsed - before.heapUsed, rss: during.rss - before.rss };
}

/**
 * @param {() => boolean} condition
 * @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
async function waitFor(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await delay(10);
  }
  return true;
}

/** @param {() => void} collect */
function settle(collect) {
  collect();
  collect();
}
