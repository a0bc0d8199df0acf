// @ts-check
/**
 * The requests the gateway section sends, and the scripted upstream's answer to each. The same
 * body goes to the upstream directly and through the gateway's `/v1/chat/completions`; the
 * gateway's other fronts (`/v1/messages`, `/v1/responses`) get the same request in their own
 * clients' shape, which the gateway turns into the same OpenAI chat request upstream. The
 * upstream tells the scenarios apart by the user message (the gateway forwards the conversation
 * as it came).
 */
import { hasAnthropicText, hasContent, hasResponsesText } from './sse-content.mjs';

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

/** The same tool as Anthropic's clients declare it (Claude Code, `@anthropic-ai/sdk`): `input_schema`, no `type`. */
export const ANTHROPIC_BENCH_TOOLS = Object.freeze(BENCH_TOOLS.map(({ function: { name, description, parameters } }) => ({ name, description, input_schema: parameters })));

/** The same tool as Responses clients declare it (Codex, `openai.responses`): flat, `type: 'function'`. */
export const RESPONSES_BENCH_TOOLS = Object.freeze(BENCH_TOOLS.map(({ function: { name, description, parameters } }) => ({ type: 'function', name, description, parameters, strict: false })));

/**
 * A scenario's body as Anthropic's clients send it to `POST /v1/messages`: the user's words as a
 * `text` block (as Claude Code writes them), `max_tokens` (required), `stream` when streamed.
 *
 * @param {Scenario} scenario
 * @returns {string}
 */
export function messagesRequestBody(scenario) {
  return JSON.stringify({
    model: 'bench-model',
    max_tokens: 1024,
    messages: [{ role: 'user', content: [{ type: 'text', text: scenario.marker }] }],
    tools: ANTHROPIC_BENCH_TOOLS,
    ...(scenario.stream ? { stream: true } : {}),
  });
}

/**
 * A scenario's body as Responses clients send it to `POST /v1/responses`: `input` as one user
 * `message` item with an `input_text` part (as Codex writes it), `stream` when streamed.
 *
 * @param {Scenario} scenario
 * @returns {string}
 */
export function responsesRequestBody(scenario) {
  return JSON.stringify({
    model: 'bench-model',
    input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: scenario.marker }] }],
    tools: RESPONSES_BENCH_TOOLS,
    ...(scenario.stream ? { stream: true } : {}),
  });
}

/**
 * The first tool call of a non-streamed answer, read from its JSON body.
 *
 * @typedef {(answer: any) => { name: unknown, arguments: unknown } | undefined} CallReader
 */

/**
 * A front of the gateway the section measures: its path on the host, the body its clients send,
 * what counts as the first content of its stream, and where its answer's tool call is.
 *
 * @typedef {object} GatewayRoute
 * @property {string} path
 * @property {string} client Who sends that shape, for the report.
 * @property {(scenario: Scenario) => string} body
 * @property {import('./sse-content.mjs').ContentTest} isContent
 * @property {CallReader} callOf
 */

/** `POST /v1/chat/completions`: the body the upstream itself takes (the *direct* side sends it too). */
export const CHAT_ROUTE = /** @type {GatewayRoute} */ (
  Object.freeze({
    path: '/v1/chat/completions',
    client: 'OpenAI chat',
    body: requestBody,
    isContent: hasContent,
    callOf: (answer) => {
      const call = answer?.choices?.[0]?.message?.tool_calls?.[0];
      return call === undefined ? undefined : { name: call.function?.name, arguments: JSON.parse(call.function?.arguments) };
    },
  })
);

/** The gateway's other fronts, each measured beside the same upstream answer direct. */
export const FRONT_ROUTES = /** @type {readonly GatewayRoute[]} */ (
  Object.freeze([
    Object.freeze({
      path: '/v1/messages',
      client: 'Anthropic Messages',
      body: messagesRequestBody,
      isContent: hasAnthropicText,
      callOf: (/** @type {any} */ answer) => {
        const block = Array.isArray(answer?.content) ? answer.content.find((/** @type {any} */ item) => item?.type === 'tool_use') : undefined;
        return block === undefined ? undefined : { name: block.name, arguments: block.input };
      },
    }),
    Object.freeze({
      path: '/v1/responses',
      client: 'OpenAI Responses',
      body: responsesRequestBody,
      isContent: hasResponsesText,
      callOf: (/** @type {any} */ answer) => {
        const item = Array.isArray(answer?.output) ? answer.output.find((/** @type {any} */ entry) => entry?.type === 'function_call') : undefined;
        return item === undefined ? undefined : { name: item.name, arguments: JSON.parse(item.arguments) };
      },
    }),
  ])
);

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
