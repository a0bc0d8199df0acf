import { randomUUID } from 'node:crypto';
import {
  ModelClientException,
  type AnswerMemory,
  type ChatCallOptions,
  type IChatModelClient,
  type IClock,
  type ICorrelationContext,
  type ILogger,
  type ITelemetryStore,
  type IToolCallParser,
  type ModelServerInfo,
  type ToolCallFragment,
  type ToolCallSettingsCatalog,
} from '@acode/application';
import {
  addTokenUsage,
  DEFAULT_TOOL_CALL_SETTINGS,
  ERROR_CODES,
  ZERO_TOKEN_USAGE,
  type ChatRequest,
  type ChatResponse,
  type ChatTool,
  type ErrorCode,
  type JsonSchemaObject,
  type RepairName,
  type TokenUsage,
  type ToolCallSettings,
} from '@acode/domain';
import { MONOTONIC_CLOCK } from '../clock/monotonic-clock.js';
import { PieceBuffer } from '../streaming/piece-buffer.js';
import { createToolCallParser } from '../library/create-tool-call-parser.js';
import { SILENT_LOGGER } from '../library/silent-logger.js';
import type { RetryCircuitBreaker } from '../retry/retry-circuit-breaker.js';
import type { RetrySleep, ToolCallHandlingResult, ToolCallReport } from '../retry/tool-call-handling.js';
import { droppedCallErrors } from '../retry/parse-answer.js';
import { ToolCallRetryHandler } from '../retry/tool-call-retry-handler.js';
import { withoutUndefined } from '../tool-calls/tool-call-settings-catalog.js';
import type { GatewayAnswer, GatewayRequest, GatewayToolCall } from './gateway-request.js';
import { ContentHoldback } from './content-holdback.js';
import type { ToolContract } from './request-tool-contract.js';
import { refusedCalls, type RefusedCall } from './refused-call.js';
import { StreamingCallJudge, type EarlyAbort } from './streaming-call-judge.js';
import { WireNamedRegistry } from './wire-named-registry.js';

/** One client request for {@link runGatewayChat}. */
export interface GatewayChatInput {
  readonly request: GatewayRequest;
  /** The request's tools as a contract (`toolContract(request.tools)`): what the upstream's calls must satisfy. */
  readonly contract: ToolContract;
  /** Aborts the upstream request and any backoff (the client hung up). */
  readonly signal?: AbortSignal;
  /** The id of this exchange in logs and telemetry; a new UUID when left out. */
  readonly correlationId?: string;
  /**
   * The client asked for a stream: the upstream is asked to stream too, the first answer's text
   * goes to `onContent` as it arrives (but for what may be a call written in it), and a call that
   * can no longer validate stops its upstream request at once (early abort) so the retry starts.
   */
  readonly stream?: GatewayStreamOptions;
  /**
   * What the answers of this request may hold in memory (held text, a retry's text, call
   * arguments, a whole answer); a claim past it stops the upstream request with ACODE-GTW-006.
   * Unbounded (but for the model client's own size limit) without it.
   */
  readonly memory?: AnswerMemory;
  /** The gateway route the request came in by (`openai_chat`...), written on its telemetry rows. */
  readonly route?: string;
}

/** See {@link GatewayChatInput.stream}. */
export interface GatewayStreamOptions {
  /** Receives the text of the first answer as it arrives, except what is held as a possible call. */
  readonly onContent: (text: string) => void;
  /** Asked after each upstream chunk of the first answer; a promise holds the upstream until the client has taken what was sent (back-pressure). */
  readonly readyForMore?: () => Promise<void> | undefined;
}

/** The ports and settings of {@link runGatewayChat}; everything but the upstream has a default. */
export interface GatewayChatDependencies {
  /** The model server asked, and asked again: `createChatModelClient(upstream settings)`. */
  readonly upstream: IChatModelClient;
  /** `tool_call` settings over 002's defaults (`maxRetries`, `retryDelayMs`, `maxArgumentSize`...). */
  readonly settings?: Partial<ToolCallSettings>;
  /** Times parses and retries; `performance.now()` by default. */
  readonly clock?: IClock;
  /** Parse and retry lines (never argument values); nowhere by default. */
  readonly logger?: ILogger;
  /** Backoff wait between attempts; a real, abortable timer by default. */
  readonly sleep?: RetrySleep;
  /** Share one across requests so a model + tool pair that keeps exhausting its retries is suspended. */
  readonly circuitBreaker?: RetryCircuitBreaker;
  /** Where one row per call goes; none by default. */
  readonly telemetry?: ITelemetryStore;
}

/** How the request's calls ended, over all of them: the worst wins (`failed` > `retried` > `repaired` > `success`). */
export type GatewayOutcome = 'success' | 'repaired' | 'retried' | 'failed';

/** What the pipeline did, for the `x-acode-*` headers, telemetry and metrics. */
export interface GatewayChatReport {
  /** Upstream requests made, the first included. */
  readonly attempts: number;
  /** Repairs applied to the calls answered, one entry per repair per call, in call order. */
  readonly repairs: readonly RepairName[];
  readonly outcome: GatewayOutcome;
  /** One report per call of the first answer (and per error belonging to no call). */
  readonly perCall: readonly ToolCallReport[];
  /**
   * The calls still invalid, refused (their last error, why, and the arguments as last written),
   * a call the stream dropped for its size included; absent when every call validated.
   */
  readonly invalid?: readonly RefusedCall[];
  /** Upstream requests stopped early because a call in them could no longer validate (streamed requests only). */
  readonly earlyAborts: number;
  /**
   * Tokens the early aborts saved, estimated: for each stopped request, the completion tokens of
   * the request that answered in its place less the fragments (about one token each) received
   * before the stop. An estimate, since what a stopped model would have written is unknowable.
   */
  readonly tokensSaved: number;
}

/** The answer of {@link runGatewayChat}: what the client receives, and what happened. */
export interface GatewayChatAnswer {
  readonly kind: 'answer';
  /**
   * The valid calls under the client's names, the text without calls written in it, usage summed
   * over attempts. For a streamed request the text is only what was not given to `onContent`
   * already (the text held back as a possible call, calls removed): the rest went out as it came.
   */
  readonly answer: GatewayAnswer;
  readonly report: GatewayChatReport;
}

/**
 * The upstream could not give an answer: nothing listened (`upstream_unreachable`, 502), it stayed
 * silent past `timeout_ms` (`upstream_timeout`, 504), it answered an HTTP error or something that
 * is not an answer (`upstream_error`, 502), or the caller aborted (`cancelled`: the client is gone).
 * `message` is the model client's, which never holds the API key (it scrubs the server's words).
 */
export interface GatewayUpstreamFailure {
  readonly kind: 'upstream_unreachable' | 'upstream_timeout' | 'upstream_error' | 'cancelled';
  /** The ACODE-MDL code of the failure. */
  readonly code: ErrorCode;
  readonly message: string;
  /** The upstream's HTTP status, when it answered one. */
  readonly status?: number;
  /** Upstream requests made, the failed one included. */
  readonly attempts: number;
  /** Tokens of the upstream answers that did arrive before the failure. */
  readonly usage: TokenUsage;
}

export type GatewayChatResult = GatewayChatAnswer | GatewayUpstreamFailure;

/**
 * The gateway's pipeline for one client request (issue 15): sends the client's request to the
 * upstream with the request's tools as the client declared them and its pass-through parameters; reads the answer's calls, structured or written in the
 * text, repairs and validates them against the request's tools; asks the upstream again for a
 * call still invalid, an unknown tool included (the retry handler's rules: `max_retries`,
 * backoff, the circuit breaker, never arguments over `max_argument_size`); and returns one answer.
 *
 * Names: the model sees and answers with the client's (wire) names; validation runs over a
 * {@link WireNamedRegistry} view of the contract's registry, so the calls, errors, retry prompts
 * and the tool list of an unknown-tool retry all use the client's names, and history messages go
 * upstream as the client sent them. A request without tools whose answer has no structured call
 * is passed through untouched.
 *
 * Expected upstream failures come back as a {@link GatewayUpstreamFailure}, never thrown.
 */
export async function runGatewayChat(input: GatewayChatInput, deps: GatewayChatDependencies): Promise<GatewayChatResult> {
  const { request, contract, signal } = input;
  const settings: ToolCallSettings = Object.freeze({ ...DEFAULT_TOOL_CALL_SETTINGS, ...withoutUndefined(deps.settings ?? {}) });
  const id = input.correlationId ?? randomUUID();
  const correlation: ICorrelationContext = { current: () => id, run: (fn) => fn() };
  const logger = deps.logger ?? SILENT_LOGGER;
  const clock = deps.clock ?? MONOTONIC_CLOCK;
  const registry = new WireNamedRegistry(contract);
  const parser = createToolCallParser({ registry, settings, logger, correlation, clock });
  const holdback =
    input.stream === undefined
      ? undefined
      : new ContentHoldback(request.tools.length === 0 || !settings.extractFromContent ? false : settings.textFormats, request.tools.map((tool) => tool.wireName), input.stream.onContent, input.memory);
  const upstream = new RecordingClient(
    deps.upstream,
    holdback === undefined
      ? undefined
      : { holdback, registry, parser, ...(input.stream?.readyForMore === undefined ? {} : { readyForMore: input.stream.readyForMore }) },
    input.memory,
  );
  const chatRequest = upstreamRequest(request);
  try {
    const first = await upstream.chat(chatRequest, signal === undefined ? {} : { signal });
    // A call the stream dropped (too large) is still a call: checked and refused, not passed as text.
    if (request.tools.length === 0 && first.toolCalls.length === 0 && droppedCallErrors(first).length === 0) return untouched(first, request, upstream);

    const catalog: ToolCallSettingsCatalog = Object.freeze({ defaults: settings, forProvider: () => settings });
    const handler = new ToolCallRetryHandler({
      parser,
      settings: catalog,
      registry,
      logger,
      clock,
      correlation,
      retryUnknownTools: true,
      ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
      ...(deps.circuitBreaker === undefined ? {} : { circuitBreaker: deps.circuitBreaker }),
      ...(deps.telemetry === undefined ? {} : { telemetry: withRequestFacts(deps.telemetry, input.route, upstream) }),
    });
    const result = await handler.settle({
      client: upstream,
      chatRequest,
      response: first,
      provider: deps.upstream.provider,
      ...(signal === undefined ? {} : { signal }),
    });
    return answered(result, first, request, upstream);
  } catch (error) {
    if (error instanceof ModelClientException) return upstreamFailure(error, upstream);
    throw error;
  }
}

/**
 * `store` with what only the gateway knows added to each row: the route the request came in by,
 * and the upstream's time over the whole request (the rows are recorded once its last request ended).
 */
function withRequestFacts(store: ITelemetryStore, route: string | undefined, upstream: RecordingClient): ITelemetryStore {
  return {
    query: (query) => store.query(query),
    findByCorrelationId: (correlationId) => store.findByCorrelationId(correlationId),
    stats: (query) => store.stats(query),
    close: () => store.close(),
    record: (row) => store.record({ ...row, ...(route === undefined ? {} : { route }), upstreamMs: Math.round(upstream.upstreamMs * 10) / 10 }),
  };
}

/** What a tool declared without parameters is sent upstream with: an object with none. */
const NO_PARAMETERS: JsonSchemaObject = Object.freeze({ type: 'object', properties: Object.freeze({}) }) as JsonSchemaObject;

/**
 * The request the upstream receives: the conversation and the tools as the client sent them
 * (names, descriptions and schemas untouched, a name declared twice included), so the gateway
 * is transparent to the model server. A tool without parameters gets an empty object schema.
 */
function upstreamRequest(request: GatewayRequest): ChatRequest {
  const tools: ChatTool[] = request.tools.map((tool) => ({
    name: tool.wireName,
    description: tool.description,
    parameters: tool.parameters === undefined || tool.parameters === null ? NO_PARAMETERS : (tool.parameters as JsonSchemaObject),
    ...(tool.strict === true ? { strict: true } : {}),
  }));
  return {
    model: request.model,
    messages: request.messages,
    ...(tools.length === 0 ? {} : { tools }),
    parameters: request.parameters,
    wireOfParameters: request.wire,
  };
}

function answered(result: ToolCallHandlingResult, first: ChatResponse, request: GatewayRequest, upstream: RecordingClient): GatewayChatAnswer {
  const { parse, perCall } = result;
  const toolCalls: GatewayToolCall[] = parse.toolCalls.map((call) => ({
    id: call.id,
    wireName: call.name,
    arguments: call.arguments,
    ...(call.argumentsText === undefined ? {} : { argumentsText: call.argumentsText }),
  }));
  const invalid = refusedCalls(parse.errors);
  const reasoning = parse.reasoning ?? '';
  const answer: GatewayAnswer = {
    model: first.model || request.model,
    content: parse.content,
    ...(reasoning === '' ? {} : { reasoning }),
    toolCalls,
    finishReason: finishReason(toolCalls.length > 0, first),
    usage: result.usage,
  };
  return {
    kind: 'answer',
    answer,
    report: {
      attempts: result.attempts,
      repairs: perCall.flatMap((call) => call.repairs),
      outcome: outcomeOf(perCall, invalid.length > 0),
      perCall,
      ...(invalid.length === 0 ? {} : { invalid }),
      earlyAborts: upstream.earlyAborts,
      tokensSaved: upstream.tokensSaved,
    },
  };
}

/** A request without tools answered without calls: the answer as it came, its reasoning included. */
function untouched(first: ChatResponse, request: GatewayRequest, upstream: RecordingClient): GatewayChatAnswer {
  const reasoning = first.reasoning ?? '';
  return {
    kind: 'answer',
    answer: {
      model: first.model || request.model,
      content: first.content,
      ...(reasoning === '' ? {} : { reasoning }),
      toolCalls: [],
      finishReason: first.finishReason ?? 'stop',
      usage: first.usage,
    },
    report: { attempts: upstream.requests, repairs: [], outcome: 'success', perCall: [], earlyAborts: 0, tokensSaved: 0 },
  };
}

/** `tool_calls` with calls; otherwise the first answer's reason (whose text is the one answered), `stop` when it had none or said `tool_calls`. */
function finishReason(hasCalls: boolean, first: ChatResponse): string {
  if (hasCalls) return 'tool_calls';
  const reason = first.finishReason;
  return reason === undefined || reason === '' || reason === 'tool_calls' ? 'stop' : reason;
}

function outcomeOf(perCall: readonly ToolCallReport[], invalid: boolean): GatewayOutcome {
  if (invalid || perCall.some((call) => call.outcome === 'failed')) return 'failed';
  if (perCall.some((call) => call.outcome === 'retried')) return 'retried';
  if (perCall.some((call) => call.outcome === 'repaired')) return 'repaired';
  return 'success';
}

function upstreamFailure(error: ModelClientException, upstream: RecordingClient): GatewayUpstreamFailure {
  const kind: GatewayUpstreamFailure['kind'] =
    error.code === ERROR_CODES.MODEL_UNREACHABLE
      ? 'upstream_unreachable'
      : error.code === ERROR_CODES.MODEL_TIMEOUT
        ? 'upstream_timeout'
        : error.code === ERROR_CODES.MODEL_CANCELLED
          ? 'cancelled'
          : 'upstream_error';
  return {
    kind,
    code: error.code,
    message: error.message,
    ...(error.status === undefined ? {} : { status: error.status }),
    attempts: upstream.requests,
    usage: upstream.usage,
  };
}

/** What {@link RecordingClient} needs to stream an upstream request and judge its calls as they come. */
interface StreamingAttempts {
  readonly holdback: ContentHoldback;
  readonly registry: WireNamedRegistry;
  readonly parser: IToolCallParser;
  readonly readyForMore?: () => Promise<void> | undefined;
}

/**
 * The upstream port, counting requests and tokens. For a
 * streamed client request every upstream request streams: the first answer's text goes through
 * the holdback to the client, and each call is judged as it arrives; one that can no longer
 * validate stops the request, whose answer becomes what arrived with that call closed where it
 * failed, so the retry handler asks again with the failure the parser finds in it.
 *
 * The upstream's reasoning field is not forwarded as it streams: it reaches the client with the
 * answer's last chunks, once the answer is decided (a call may end it).
 */
class RecordingClient implements IChatModelClient {
  readonly provider: string;
  requests = 0;
  usage: TokenUsage = ZERO_TOKEN_USAGE;
  earlyAborts = 0;
  tokensSaved = 0;
  /** Fragments the last stopped request had received, until the next answer says how long one is. */
  #stoppedFragments: number | undefined;

  constructor(
    private readonly inner: IChatModelClient,
    private readonly streaming: StreamingAttempts | undefined,
    private readonly memory: AnswerMemory | undefined,
  ) {
    this.provider = inner.provider;
  }

  /** Time spent waiting on the upstream over every request so far, in ms. */
  upstreamMs = 0;

  async chat(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse> {
    this.requests++;
    const started = performance.now();
    try {
      const response =
        this.streaming === undefined
          ? await this.inner.chat(request, { ...options, ...(this.memory === undefined ? {} : { memory: this.memory }) })
          : await this.#stream(request, this.streaming, options?.signal);
      this.usage = addTokenUsage(this.usage, response.usage);
      return response;
    } finally {
      this.upstreamMs += performance.now() - started;
    }
  }

  chatStream(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse> {
    return this.chat(request, options);
  }

  listModels(options?: Pick<ChatCallOptions, 'signal'>): Promise<ModelServerInfo> {
    return this.inner.listModels(options);
  }

  async #stream(request: ChatRequest, streaming: StreamingAttempts, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const started = performance.now();
    const judge = new StreamingCallJudge(streaming.registry);
    const stop = new AbortController();
    const first = this.requests === 1;
    const memory = this.memory;
    // The text kept for parsing: the first answer's is what the holdback did not forward (the
    // rest went out and holds no call); a retry's is all of it, since none of it is forwarded.
    const kept = new PieceBuffer();
    const content = (): string => (first ? streaming.holdback.unsent : kept.text());
    let verdict: EarlyAbort | undefined;
    try {
      const response = await this.inner.chatStream(request, {
        signal: signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]),
        keepContent: false,
        ...(memory === undefined ? {} : { memory }),
        ...(first && streaming.readyForMore !== undefined ? { readyForMore: streaming.readyForMore } : {}),
        onContent: (text) => {
          judge.countContent();
          // Only the first answer's text is the answer's text (as when not streamed).
          if (first) return streaming.holdback.push(text);
          memory?.claim(text.length);
          kept.push(text);
        },
        onToolCallFragment: (fragment) => {
          // Kept twice: by the stream's reader and by the judge.
          memory?.claim(2 * fragmentSize(fragment));
          if (verdict !== undefined) return;
          verdict = judge.observe(fragment);
          if (verdict !== undefined) stop.abort();
        },
      });
      this.#countSaved(response.usage.completionTokens);
      // The first answer's text that went out is not in `content()`: what is left is read as the end of a message.
      return { ...response, content: content(), ...(first && streaming.holdback.spoke ? { contentFollowsSentText: true } : {}) };
    } catch (error) {
      if (verdict === undefined || signal?.aborted === true || !(error instanceof ModelClientException)) throw error;
      this.earlyAborts++;
      this.#stoppedFragments = judge.fragments;
      const call = verdict.call;
      const calls = [...judge.calls().filter((earlier) => earlier.index < call.index), call];
      // The judge only stops a call that cannot validate; should the parser still accept the
      // call as closed here, it is refused as cut: a call the model did not finish never runs.
      const accepted = streaming.parser.parseRawToolCalls([call], '', {}).toolCalls.length > 0;
      return {
        model: request.model,
        content: content(),
        ...(first && streaming.holdback.spoke ? { contentFollowsSentText: true } : {}),
        toolCalls: accepted ? calls.map((raw) => (raw === call ? { ...raw, incomplete: true } : raw)) : calls,
        finishReason: 'stop',
        usage: ZERO_TOKEN_USAGE,
        durationMs: Math.max(0, Math.round(performance.now() - started)),
        streamErrors: [],
      };
    }
  }

  #countSaved(completionTokens: number): void {
    if (this.#stoppedFragments === undefined) return;
    this.tokensSaved += Math.max(0, completionTokens - this.#stoppedFragments);
    this.#stoppedFragments = undefined;
  }
}


/** About what a fragment costs to keep: its text, or its object's length as JSON. */
function fragmentSize(fragment: ToolCallFragment): number {
  const args = fragment.argumentsObject === undefined ? (fragment.arguments?.length ?? 0) : (JSON.stringify(fragment.argumentsObject)?.length ?? 0);
  return (fragment.name?.length ?? 0) + args;
}
