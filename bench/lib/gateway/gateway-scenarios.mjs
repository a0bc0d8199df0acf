// @ts-check
/**
 * The requests the gateway section sends, and the scripted upstream's answer to each. The same
 * body goes to the upstream directly and through the gateway; the upstream tells the scenarios
 * apart by the user message (the gateway forwards the conversation as it came).
 */

/** The tool every request declares, as an agent sends it. */
export const BENCH_TOOLS = Object.freeze([
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'], additionalProperties: false },
    },
  },
]);

/** Prose with nothing a call marker could start with, so no part of it is held back as a possible call. */
const STREAMED_TEXT =
  'The forecast for Paris is mild: clouds in the morning, sun from noon, and a light breeze from the west. ' +
  'Take a jacket for the evening; the temperature drops to nine degrees after sunset.';

/**
 * A step of the scripted model server's script (`ScriptStep` of `@acode/infrastructure/testing`).
 *
 * @typedef {{ kind: string } & Record<string, unknown>} BenchStep
 */

/**
 * @typedef {object} Scenario
 * @property {string} marker The user message; the upstream picks its step by it.
 * @property {boolean} stream
 * @property {BenchStep} step
 */

export const GATEWAY_SCENARIOS = Object.freeze({
  /** A small non-streamed answer with one valid tool call: the gateway parses, repairs (nothing) and validates it. */
  call: /** @type {Scenario} */ ({ marker: 'bench: weather in Paris?', stream: false, step: { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } } }),
  /** A streamed text answer: its first content event is what the time to first content measures. */
  text: /** @type {Scenario} */ ({ marker: 'bench: describe the weather', stream: true, step: { kind: 'text', content: STREAMED_TEXT } }),
  /** A streamed answer the upstream holds for a minute before its headers: a stream left open. */
  hold: /** @type {Scenario} */ ({ marker: 'bench: hold the stream open', stream: true, step: { kind: 'slow', delayMs: 60_000, then: { kind: 'text', content: STREAMED_TEXT } } }),
});

/**
 * The JSON body of a scenario's request, identical for both sides.
 *
 * @param {Scenario} scenario
 * @returns {string}
 */
export function requestBody(scenario) {
  return JSON.stringify({
    model: 'bench-model',
    messages: [{ role: 'user', content: scenario.marker }],
    tools: BENCH_TOOLS,
    ...(scenario.stream ? { stream: true } : {}),
  });
}

/**
 * The scenario a chat request belongs to, from its last user message.
 *
 * @param {unknown} body
 * @returns {Scenario | undefined}
 */
export function scenarioOf(body) {
  const messages = body !== null && typeof body === 'object' && 'messages' in body && Array.isArray(body.messages) ? body.messages : [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message === null || typeof message !== 'object' || message.role !== 'user') continue;
    return Object.values(GATEWAY_SCENARIOS).find((scenario) => scenario.marker === message.content);
  }
  return undefined;
}

/**
 * @typedef {object} RecordedChat
 * @property {unknown} body
 * @property {boolean} [clientHungUp]
 */

/**
 * The upstream's script, plus the `hold` requests it has received (so the open-stream run can
 * wait until every stream reached the upstream, and until every one was hung up on).
 *
 * @returns {{ script: (request: RecordedChat) => BenchStep, held: RecordedChat[] }}
 */
export function createBenchScript() {
  /** @type {RecordedChat[]} */
  const held = [];
  return {
    held,
    script(request) {
      const scenario = scenarioOf(request.body);
      if (scenario === undefined) return { kind: 'http_error', status: 400, message: 'not a bench request' };
      if (scenario === GATEWAY_SCENARIOS.hold) held.push(request);
      return scenario.step;
    },
  };
}
