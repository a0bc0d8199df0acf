import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declaredTools,
  loadCorpus,
  NEGATIVES_FILE,
  replay,
  replayKey,
  startReplayGateway,
  type CorpusCase,
  type GatewayRoute,
  type ReplayGateway,
  type ReplayMode,
  type UpstreamKind,
} from '../support/text-call-corpus.js';

/*
 * The text-call corpus through the gateway, as a client sees it: every case of
 * `packages/infrastructure/test/fixtures/text-calls/*.json` (read when the file runs, so new cases
 * are in) is the upstream model's answer through both routes, answered whole and streamed in
 * content deltas of 1 and 3 characters. The parser's own corpus test checks extraction; this one checks that nothing is
 * lost or added between the upstream and the client: the tool contract built from the request's
 * tools, the streaming holdback, the wire writers.
 *
 * A positive case must give exactly its expected calls (names and arguments deep-equal: the
 * gateway must not add schema defaults the model never wrote), a negative none; the content left
 * and the reasoning must be the case's when it gives them (exactly, as in the parser's test); the
 * finish reason must say whether there were calls; and one upstream request per client request
 * (one attempt configured, and counted). A positive case declares its own tools; a negative
 * declares every tool the corpus calls, so a false call has a declared name to land on.
 *
 * Each route is fed by the upstream of its own wire (the OpenAI route by an OpenAI-compatible
 * server, the Ollama route by Ollama), one host each for the whole file: the corpus is hundreds
 * of cases, three answers each, and a host per case would take minutes. Crossing the wires too
 * would double the file's time (a minute) for code paths the route tests already cover.
 */

const CORPUS = loadCorpus();
const ALL_TOOLS = declaredTools(CORPUS.flatMap(({ cases }) => cases));

/**
 * No corpus schema has a `default`, so one case of the replay's own declares one: the model wrote
 * `city` only, and the client must get `city` only, not `units` filled in from the schema.
 */
const DEFAULTS_FILE = 'replay-schema-defaults';
const DEFAULTS_CASE: CorpusCase = {
  id: 'default-not-written',
  family: DEFAULTS_FILE,
  source: 'own',
  content: 'Checking.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
  expected: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
  tools: [
    {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' } },
        required: ['city'],
        additionalProperties: false,
      },
    },
  ],
};
const REPLAYED = [...CORPUS, { file: DEFAULTS_FILE, cases: [DEFAULTS_CASE] }];
const PAIRS: ReadonlyArray<{ readonly route: GatewayRoute; readonly upstream: UpstreamKind }> = [
  { route: '/v1/chat/completions', upstream: 'openai-compatible' },
  { route: '/api/chat', upstream: 'ollama' },
];
const MODES: readonly ReplayMode[] = ['whole', 1, 3];

const gateways = new Map<UpstreamKind, ReplayGateway>();
beforeAll(async () => {
  for (const { upstream } of PAIRS) gateways.set(upstream, await startReplayGateway(REPLAYED, upstream));
});
afterAll(async () => {
  for (const gateway of gateways.values()) await gateway.close();
});

function modeName(mode: ReplayMode): string {
  return mode === 'whole' ? 'whole' : `streamed, ${mode} character${mode === 1 ? '' : 's'} per delta`;
}

/**
 * Reasoning the chat template opened in the prompt: the answer starts inside it and only a closing
 * tag (`</think>`) says so. A stream cannot know that until the tag arrives, by which time the
 * text before it went out as content; whole answers set it apart.
 */
function opensInsideReasoning(item: CorpusCase): boolean {
  const close = item.content.indexOf('</think>');
  const open = item.content.indexOf('<think>');
  return close !== -1 && (open === -1 || close < open);
}

/** What the client must get for a case: the fields the case fixes, and one upstream request. */
function expectedOutcome(item: CorpusCase, route: GatewayRoute, mode: ReplayMode) {
  const withCalls = item.expected.length > 0;
  // Streamed, the text around a call is what the stream could decide: see opensInsideReasoning.
  const textFixed = mode === 'whole' || !opensInsideReasoning(item);
  return {
    status: 200,
    calls: item.expected,
    // Ollama's wire has no `tool_calls` reason: a turn with calls ends with `stop` there.
    finish: route === '/v1/chat/completions' && withCalls ? 'tool_calls' : 'stop',
    ...(item.expectedContent === undefined || !textFixed ? {} : { content: item.expectedContent }),
    ...(item.expectedReasoning === undefined || !textFixed ? {} : { reasoning: item.expectedReasoning }),
    upstreamRequests: 1,
  };
}

describe('the corpus files are there', () => {
  it('reads the corpus with its negatives, and declares at most the 128 tools a request may hold', () => {
    expect(CORPUS.map(({ file }) => file)).toContain(NEGATIVES_FILE);
    expect(CORPUS.length).toBeGreaterThanOrEqual(10);
    expect(ALL_TOOLS.length).toBeLessThanOrEqual(128);
  });
});

for (const { route, upstream } of PAIRS) {
  describe(`${route} from an ${upstream} upstream`, () => {
    for (const mode of MODES) {
      for (const { file, cases } of REPLAYED) {
        const negative = file === NEGATIVES_FILE;
        it.each(cases.map((item) => [item.id, item] as const))(`${modeName(mode)}: ${file}/%s ${negative ? 'gives no call' : 'gives exactly the expected calls'}`, async (_id, item) => {
          const gateway = gateways.get(upstream)!;
          const key = replayKey(route, file, item.id, mode);
          const outcome = await replay(gateway.url, route, key, negative ? ALL_TOOLS : declaredTools([item]), mode !== 'whole');
          const expected = expectedOutcome(item, route, mode);
          // A stream forwards the answer's first characters before it can know a call follows; a
          // whole answer trims the text around the calls it took. Only that leading blank may differ.
          const content = mode === 'whole' ? outcome.content : outcome.content.trimStart();
          if (mode !== 'whole' && opensInsideReasoning(item) && item.expectedReasoning !== undefined) {
            // Nothing lost: the reasoning reached the client, as content.
            expect(`${outcome.content}\n${outcome.reasoning ?? ''}`).toContain(item.expectedReasoning);
          }
          expect({
            status: outcome.status,
            calls: outcome.calls,
            finish: outcome.finish,
            ...('content' in expected ? { content } : {}),
            ...('reasoning' in expected ? { reasoning: outcome.reasoning } : {}),
            upstreamRequests: gateway.upstreamRequests(key),
            ...(outcome.error === undefined ? {} : { error: outcome.error }),
          }).toEqual(expected);
        });
      }
    }
  });
}
