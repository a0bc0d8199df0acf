import {
  ModelClientException,
  ToolCallRetryExhaustedException,
  type IClock,
  type ICorrelationContext,
  type ILogger,
  type LogFields,
  type ITelemetryStore,
  type IToolCallParser,
  type IToolSchemaRegistry,
  type ToolCallSettingsCatalog,
} from '@acode/application';
import {
  addTokenUsage,
  ERROR_CODES,
  jsonEquals,
  ZERO_TOKEN_USAGE,
  type ChatRequest,
  type ChatResponse,
  type ErrorCode,
  type JsonSchemaObject,
  type ToolCall,
  type ToolCallError,
  type ToolCallParseResult,
  type ToolCallSettings,
  type TokenUsage,
} from '@acode/domain';
import { answerEnding } from './answer-ending.js';
import { currentError, toReport, toTelemetryRecord, type CallRecord, type TelemetryContext } from './call-record.js';
import { backoffDelayMs, sleepWithSignal } from './retry-backoff.js';
import { RetryCircuitBreaker } from './retry-circuit-breaker.js';
import { fillRetryPrompt, MAX_RETRY_MALFORMED_JSON_LENGTH, retryPromptValues, unknownToolPromptValues } from './retry-prompt.js';
import { parseAnswer } from './parse-answer.js';
import { argumentsFromContent, buildRetryRequest } from './retry-request.js';
import { truncate } from '../validation/display-text.js';
import { MAX_LISTED_TOOL_NAMES } from '../tool-calls/tool-call-parser.js';
import { shareUsage } from './share-usage.js';
import type { RetrySleep, ToolCallHandlingRequest, ToolCallHandlingResult } from './tool-call-handling.js';

/**
 * Codes never sent back to the model: an unknown tool cannot be made to exist by asking again
 * (002 scenario 8); a call without a name has no tool, schema or example to show; arguments over
 * the size limit would be echoed back at full cost and are the shape of a retry-amplification
 * attempt (002 threat 5).
 */
export const NEVER_RETRIED_CODES: ReadonlySet<ErrorCode> = new Set([
  ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL,
  ERROR_CODES.TOOL_CALL_NAME_MISSING,
  ERROR_CODES.TOOL_CALL_TOO_LARGE,
]);

/** Keys of a whole call written as text (`{"name", "arguments" | "parameters"}`). */
const ENVELOPE_KEYS = ['name', 'arguments', 'parameters'] as const;

/** What the handler is built from. */
export interface ToolCallRetryHandlerDependencies {
  readonly parser: IToolCallParser;
  readonly settings: ToolCallSettingsCatalog;
  readonly registry: IToolSchemaRegistry;
  readonly logger: ILogger;
  readonly clock: IClock;
  readonly correlation: ICorrelationContext;
  /** Where one row per call goes; no telemetry without it. */
  readonly telemetry?: ITelemetryStore;
  /** Backoff wait; {@link sleepWithSignal} unless a test records the delays. */
  readonly sleep?: RetrySleep;
  /** Shared across operations so a run of exhaustions is seen; a default breaker otherwise. */
  readonly circuitBreaker?: RetryCircuitBreaker;
  /**
   * Ask again for a call naming a tool the registry does not hold (ACODE-TLP-005), showing the
   * model the tools it may call ({@link MAX_LISTED_TOOL_NAMES} at most). Off by default (the CLI's
   * registry is the tool set, and asking again cannot make a tool exist); the gateway turns it on,
   * since a model that misnames one of the request's tools often names it right when shown them.
   * Arguments over `max_argument_size` are still never sent back.
   */
  readonly retryUnknownTools?: boolean;
}

/** One operation's running state. */
interface Operation {
  readonly request: ToolCallHandlingRequest;
  readonly settings: ToolCallSettings;
  readonly correlationId: string;
  readonly model: string;
  requests: number;
  usage: TokenUsage;
  /** The answer's calls, each with its outcome so far: a retry answer repeating a valid one is not taken as a new call. */
  records: readonly CallRecord[];
}

/** How one call's retry run ended. */
type RetryRun = 'valid' | 'failed' | 'exhausted';

/**
 * Level 2 of 002's error handling: when a call is still invalid after repair (which the parser
 * does, at no model cost), asks the model again for that call only, showing it its output, the
 * error and an example, until the call validates or `max_retries` attempts are spent (see
 * `README.md` for the exact count). Calls are worked on one at a time, in the model's order.
 *
 * Exhaustion of one call throws {@link ToolCallRetryExhaustedException} carrying the partial
 * result (the calls already valid, the errors of the rest); calls after it are not retried, so an
 * operation that is failing anyway stops spending tokens. An unknown tool is never retried, and a
 * model + tool pair whose retries keep exhausting is suspended by the circuit breaker (its calls
 * end with ACODE-MDL-008 in the result). Model server failures and cancellation reject with
 * `ModelClientException` (cancellation: ACODE-MDL-007).
 */
export class ToolCallRetryHandler {
  private readonly sleep: RetrySleep;
  private readonly breaker: RetryCircuitBreaker;

  constructor(private readonly deps: ToolCallRetryHandlerDependencies) {
    this.sleep = deps.sleep ?? sleepWithSignal;
    this.breaker = deps.circuitBreaker ?? new RetryCircuitBreaker(deps.clock);
  }

  /** Parses the response, retries what can be retried, records telemetry, and reports every call. */
  async handle(request: ToolCallHandlingRequest): Promise<ToolCallHandlingResult> {
    const { result, exhausted, operation } = await this.run(request);
    if (exhausted !== undefined) {
      throw new ToolCallRetryExhaustedException(exhausted.tool, {
        originalResponse: request.response,
        attemptCount: operation.settings.maxRetries,
        correlationId: operation.correlationId,
        errors: exhausted.errors,
        partialResult: result.parse,
        usage: operation.usage,
      });
    }
    return result;
  }

  /**
   * {@link handle} without the exhaustion exception: when a call's retries run out, the result
   * says so (`exhaustedTool`, and that call's error among `parse.errors`) with the per-call report
   * the exception does not carry. For callers that answer either way (the gateway).
   */
  async settle(request: ToolCallHandlingRequest): Promise<ToolCallHandlingResult & { readonly exhaustedTool?: string }> {
    const { result, exhausted } = await this.run(request);
    return exhausted === undefined ? result : { ...result, exhaustedTool: exhausted.tool };
  }

  private async run(request: ToolCallHandlingRequest): Promise<{ result: ToolCallHandlingResult; exhausted: CallRecord | undefined; operation: Operation }> {
    const { parser, clock, correlation } = this.deps;
    const operation: Operation = {
      request,
      settings: this.deps.settings.forProvider(request.provider),
      correlationId: correlation.current(),
      model: request.chatRequest.model,
      requests: 1,
      usage: request.response.usage,
      records: [],
    };
    const started = clock.now();
    // The calls the stream dropped (too large, malformed) are calls of the answer too: refused, never silently gone.
    const first = parseAnswer(parser, request.response, {
      provider: request.provider,
      strictTools: strictToolNames(request.chatRequest),
      ...answerEnding(request.response),
    });
    const records = this.initialRecords(first, request, clock.now() - started);
    operation.records = records;

    let exhausted: CallRecord | undefined;
    for (const record of records) {
      const error = currentError(record);
      if (error === undefined || !this.isRetryable(error)) continue;
      if ((await this.retryCall(record, error, operation)) === 'exhausted') {
        exhausted = record;
        break;
      }
    }

    for (const record of records) if (record.call !== undefined) this.breaker.recordSuccess(operation.model, record.call.name);
    this.recordTelemetry(records, operation);
    return { result: this.result(records, first, operation), exhausted, operation };
  }

  /** Retry needs a call the model can fix: a retryable code, a known tool, a call to answer. */
  private isRetryable(error: ToolCallError): boolean {
    if (this.isRetriedUnknownTool(error)) return true;
    return (
      error.retryable &&
      !NEVER_RETRIED_CODES.has(error.code) &&
      error.id !== undefined &&
      error.index >= 0 &&
      error.tool !== undefined &&
      this.deps.registry.findTool(error.tool) !== undefined
    );
  }

  /**
   * With `retryUnknownTools`: a call to a tool the registry does not hold, with a name, an id and
   * arguments under the size limit (they are shown to the model again).
   */
  private isRetriedUnknownTool(error: ToolCallError): boolean {
    if (this.deps.retryUnknownTools !== true || error.code !== ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL) return false;
    return error.id !== undefined && error.index >= 0 && error.tool !== undefined && error.tool !== '';
  }

  private async retryCall(record: CallRecord, failed: ToolCallError, operation: Operation): Promise<RetryRun> {
    const { registry, clock, logger } = this.deps;
    const lookup = registry.findTool(failed.tool ?? '');
    if (lookup === undefined) return this.isRetriedUnknownTool(failed) ? this.retryUnknownCall(record, failed, operation) : 'failed';
    return this.retryKnownCall(record, failed, lookup.definition.name, lookup.definition.parameters, operation, 2);
  }

  /**
   * Asks again for a call to a tool that does not exist, listing the tools that do. An answer
   * calling any of them ends the run ('valid' when the call validates); a call to one of them that
   * is still invalid goes on as that tool's ordinary retry, with the attempts left.
   */
  private async retryUnknownCall(record: CallRecord, failed: ToolCallError, operation: Operation): Promise<RetryRun> {
    const { registry, clock, logger, parser } = this.deps;
    const maxAttempts = operation.settings.maxRetries;
    const echoed = unknownCallArguments(failed, record.originalArguments);
    // Arguments over the size limit are never echoed back (002 threat 5).
    if (echoed === undefined || Buffer.byteLength(echoed, 'utf8') > operation.settings.maxArgumentSize) return 'failed';
    const fields = { correlation_id: operation.correlationId, tool_name: record.tool, call_id: record.callId, max_attempts: maxAttempts };
    const unknownName = failed.tool ?? record.tool;
    const circuit = this.breaker.state(operation.model, unknownName);
    if (circuit.state === 'open') {
      const message = `retries for ${unknownName} on ${operation.model} suspended after ${circuit.exhaustions} exhausted attempts; resuming in ${Math.ceil(circuit.resumeInMs / 1000)}s`;
      record.errors.push({ ...failed, code: ERROR_CODES.RETRY_CIRCUIT_OPEN, message, retryable: false });
      logger.warn(`Tool call retry skipped: ${message}`, { ...fields, error_code: ERROR_CODES.RETRY_CIRCUIT_OPEN, model: operation.model });
      return 'failed';
    }
    const available = registry.getAllTools().map((definition) => definition.name);
    const started = clock.now();
    let error = failed;
    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      logger.info(`Tool call names an unknown tool, attempting retry (${attempt - 1}/${maxAttempts})`, { ...fields, attempt: attempt - 1, error_code: error.code });
      await this.backoff(backoffDelayMs(operation.settings.retryDelayMs, attempt - 1), operation);
      const suggested = error.didYouMean === undefined ? (available.length === 1 ? available[0] : undefined) : error.didYouMean;
      const target = suggested === undefined ? undefined : registry.findTool(suggested)?.definition;
      const values = unknownToolPromptValues(error, available.slice(0, MAX_LISTED_TOOL_NAMES), available.length, target, echoed);
      const answer = await this.send(record, unknownName, truncate(echoed, MAX_RETRY_MALFORMED_JSON_LENGTH), fillRetryPrompt(operation.settings.retryPromptTemplate, values), operation, { ...fields, attempt });
      record.retryCount++;
      record.tokens = addTokenUsage(record.tokens, answer.usage);
      const parseStarted = clock.now();
      const provider = operation.request.provider;
      const parsed = parseAnswer(parser, answer, { provider, strictTools: strictToolNames(operation.request.chatRequest), ...answerEnding(answer) });
      record.parseMs = clock.now() - parseStarted;
      record.retryMs = clock.now() - started;
      const call = parsed.toolCalls[0];
      if (call !== undefined && repeatsAnotherCall(call, record, operation)) {
        // Asked for a tool that exists, the model sent again a call the answer holds already: it
        // has no other call to make, and taking this one would run that call twice.
        logger.info('Retry answer repeats a call of the answer; the unknown call stays refused', { ...fields, attempt });
        return 'failed';
      }
      if (call !== undefined) {
        record.call = { ...call, id: record.callId, index: record.index };
        record.tool = call.name;
        record.outcome = 'retried';
        logger.info(`Retry succeeded on attempt ${attempt}`, { ...fields, attempt });
        return 'valid';
      }
      const known = parsed.errors.find((candidate) => candidate.tool !== undefined && registry.findTool(candidate.tool) !== undefined);
      const next = known ?? parsed.errors.find((candidate) => candidate.code === ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL) ?? noCallError(record, failed);
      error = { ...next, index: record.index, id: record.callId };
      record.errors.push(error);
      logger.warn(`Tool call retry failed (attempt ${attempt}/${maxAttempts})`, { ...fields, attempt, error_code: error.code });
      const lookup = known === undefined ? undefined : registry.findTool(known.tool ?? '');
      if (lookup !== undefined && this.isRetryable(error)) {
        record.tool = error.tool ?? record.tool;
        return this.retryKnownCall(record, error, lookup.definition.name, lookup.definition.parameters, operation, attempt + 1);
      }
      if (known !== undefined) return 'failed';
    }
    logger.warn(`Tool call retries exhausted: failed after ${maxAttempts} attempts`, { ...fields, error_code: error.code, model: operation.model });
    this.breaker.recordExhaustion(operation.model, unknownName);
    return 'exhausted';
  }

  private async retryKnownCall(
    record: CallRecord,
    failed: ToolCallError,
    tool: string,
    parameters: JsonSchemaObject,
    operation: Operation,
    firstAttempt: number,
  ): Promise<RetryRun> {
    const { clock, logger } = this.deps;
    const maxAttempts = operation.settings.maxRetries;
    const fields = { correlation_id: operation.correlationId, tool_name: record.tool, call_id: record.callId, max_attempts: maxAttempts };

    const circuit = this.breaker.state(operation.model, tool);
    if (circuit.state === 'open') {
      const resumeInS = Math.ceil(circuit.resumeInMs / 1000);
      const message = `retries for ${tool} on ${operation.model} suspended after ${circuit.exhaustions} exhausted attempts; resuming in ${resumeInS}s`;
      record.errors.push({ ...failed, code: ERROR_CODES.RETRY_CIRCUIT_OPEN, message, retryable: false });
      logger.warn(`Tool call retry skipped: ${message}`, { ...fields, error_code: ERROR_CODES.RETRY_CIRCUIT_OPEN, model: operation.model });
      return 'failed';
    }

    const started = clock.now();
    let error = failed;
    for (let attempt = firstAttempt; attempt <= maxAttempts; attempt++) {
      logger.info(`Tool call parse failed, attempting retry (${attempt - 1}/${maxAttempts})`, { ...fields, attempt: attempt - 1, error_code: error.code });
      await this.backoff(backoffDelayMs(operation.settings.retryDelayMs, attempt - 1), operation);
      const answer = await this.ask(record, error, parameters, operation, { ...fields, attempt });
      record.retryCount++;
      record.tokens = addTokenUsage(record.tokens, answer.usage);
      const parseStarted = clock.now();
      const outcome = this.readAnswer(answer, record, error, tool, operation);
      record.parseMs = clock.now() - parseStarted;
      record.retryMs = clock.now() - started;
      if (!('code' in outcome)) {
        record.call = { ...outcome, id: record.callId, index: record.index };
        record.tool = outcome.name;
        record.outcome = 'retried';
        logger.info(`Retry succeeded on attempt ${attempt}`, { ...fields, attempt });
        return 'valid';
      }
      error = outcome;
      record.errors.push(outcome);
      logger.warn(`Tool call retry failed (attempt ${attempt}/${maxAttempts})`, { ...fields, attempt, error_code: outcome.code });
    }

    logger.warn(`Tool call retries exhausted: failed after ${maxAttempts} attempts`, { ...fields, error_code: error.code, model: operation.model });
    if (this.breaker.recordExhaustion(operation.model, tool)) {
      const { threshold, cooldownMs } = this.breaker.options;
      logger.warn(`Retries for ${tool} on ${operation.model} suspended for ${Math.ceil(cooldownMs / 1000)}s after ${threshold} exhausted runs`, {
        ...fields,
        error_code: ERROR_CODES.RETRY_CIRCUIT_OPEN,
        model: operation.model,
      });
    }
    return 'exhausted';
  }

  /** Sends the retry prompt for one call and counts the request and its tokens. */
  private async ask(record: CallRecord, error: ToolCallError, parameters: JsonSchemaObject, operation: Operation, fields: LogFields): Promise<ChatResponse> {
    const prompt = fillRetryPrompt(operation.settings.retryPromptTemplate, retryPromptValues(error, record.tool, parameters));
    return this.send(record, record.tool, error.rawArguments ?? '', prompt, operation, fields);
  }

  /** Sends one retry request: the conversation, the failed call echoed, the prompt answering it. */
  private async send(record: CallRecord, tool: string, args: string, prompt: string, operation: Operation, fields: LogFields): Promise<ChatResponse> {
    const { client, chatRequest, signal } = operation.request;
    const retryRequest = buildRetryRequest(chatRequest, { id: record.callId, tool, arguments: args }, prompt);
    const pending = client.chat(retryRequest, signal === undefined ? {} : { signal });
    operation.requests++;
    this.deps.logger.info('Retry prompt sent to model', fields);
    const response = await pending;
    operation.usage = addTokenUsage(operation.usage, response.usage);
    return response;
  }

  /**
   * The retried call in an answer: a call to the same tool (valid, or its error); failing that,
   * arguments the model wrote as text, as the prompt asks; failing that, an error saying so.
   */
  private readAnswer(
    response: ChatResponse,
    record: CallRecord,
    previous: ToolCallError,
    tool: string,
    operation: Operation,
  ): ToolCall | ToolCallError {
    const { parser, registry } = this.deps;
    const provider = operation.request.provider;
    const ending = answerEnding(response);
    const strictTools = strictToolNames(operation.request.chatRequest);
    const parsed = parseAnswer(parser, response, { provider, strictTools, ...ending });
    // A model that sends the whole answer again repeats its valid calls: those are not this call.
    const call = parsed.toolCalls.find((candidate) => candidate.name === tool && !repeatsAnotherCall(candidate, record, operation));
    if (call !== undefined) return call;
    const failed = parsed.errors.find((candidate) => candidate.tool !== undefined && registry.findTool(candidate.tool)?.definition.name === tool);
    if (failed !== undefined) return { ...failed, index: record.index, id: record.callId };

    const isTool = (name: string): boolean => registry.findTool(name)?.definition.name === tool;
    // A tool with a parameter named like an envelope key may take such an object as its own arguments.
    const properties = registry.findTool(tool)?.definition.parameters.properties ?? {};
    const unwrap = ENVELOPE_KEYS.some((key) => Object.hasOwn(properties, key)) ? undefined : isTool;
    const text = response.toolCalls.length === 0 ? argumentsFromContent(response.content, unwrap) : undefined;
    if (text !== undefined) {
      // A cut answer cuts its text too: the parser refuses these arguments (ACODE-TLP-010) as the last call of the output, or as left open by a broken stream.
      const raw = { index: record.index, id: record.callId, name: tool, arguments: text, source: previous.source ?? 'openai', ...(ending.incomplete === true ? { incomplete: true } : {}) } as const;
      const fromText = parser.parseRawToolCalls([raw], '', { provider, strictTools, settings: { extractFromContent: false }, ...ending });
      const outcome = fromText.toolCalls[0] ?? fromText.errors[0];
      if (outcome !== undefined) return outcome;
    }
    return {
      index: record.index,
      id: record.callId,
      tool: record.tool,
      ...(previous.source === undefined ? {} : { source: previous.source }),
      code: ERROR_CODES.TOOL_CALL_INVALID_JSON,
      message: `The retry answer held no arguments for '${record.tool}'`,
      retryable: true,
    };
  }

  /** Waits before a retry; an abort (before or during the wait) ends the operation with ACODE-MDL-007. */
  private async backoff(ms: number, operation: Operation): Promise<void> {
    const { signal, provider } = operation.request;
    const cancelled = (cause?: unknown) =>
      new ModelClientException(ERROR_CODES.MODEL_CANCELLED, 'The tool call retry was cancelled', { provider, ...(cause === undefined ? {} : { cause }) });
    if (isAborted(signal)) throw cancelled();
    try {
      await this.sleep(ms, signal);
    } catch (cause) {
      // The wait's own rejection (the signal's reason) is not a message for a user.
      if (isAborted(signal)) throw cancelled(cause);
      throw cause;
    }
  }

  private initialRecords(first: ToolCallParseResult, request: ToolCallHandlingRequest, parseMs: number): CallRecord[] {
    const originalArguments = (index: number): unknown => request.response.toolCalls.find((raw) => raw.index === index)?.arguments;
    const records: CallRecord[] = [
      ...first.toolCalls.map((call): CallRecord => ({
        index: call.index,
        callId: call.id,
        tool: call.name,
        call,
        errors: [],
        outcome: call.repairs.length > 0 ? 'repaired' : 'success',
        retryCount: 0,
        parseMs,
        retryMs: 0,
        tokens: ZERO_TOKEN_USAGE,
        originalArguments: originalArguments(call.index),
      })),
      ...first.errors.map((error): CallRecord => ({
        index: error.index,
        callId: error.id ?? '',
        tool: error.tool ?? '',
        call: undefined,
        errors: [error],
        outcome: 'failed',
        retryCount: 0,
        parseMs,
        retryMs: 0,
        tokens: ZERO_TOKEN_USAGE,
        originalArguments: error.rawArguments ?? originalArguments(error.index),
      })),
    ].sort((a, b) => a.index - b.index);
    shareUsage(request.response.usage, records.length).forEach((share, position) => {
      (records[position] as CallRecord).tokens = share;
    });
    return records;
  }

  private result(records: readonly CallRecord[], first: ToolCallParseResult, operation: Operation): ToolCallHandlingResult {
    const toolCalls = records.flatMap((record) => (record.call === undefined ? [] : [record.call]));
    const errors = records.flatMap((record) => {
      const error = currentError(record);
      return error === undefined ? [] : [error];
    });
    return {
      parse: {
        success: errors.length === 0,
        toolCalls,
        errors,
        content: first.content,
        ...(first.reasoning === undefined ? {} : { reasoning: first.reasoning }),
        retryCount: operation.requests - 1,
        correlationId: operation.correlationId,
      },
      attempts: operation.requests,
      usage: operation.usage,
      perCall: records.map(toReport),
    };
  }

  /** One row per call; a store that fails is reported once (ACODE-TEL-001) and never fails the operation. */
  private recordTelemetry(records: readonly CallRecord[], operation: Operation): void {
    const store = this.deps.telemetry;
    if (store === undefined) return;
    const context: TelemetryContext = {
      timestamp: new Date().toISOString(),
      correlationId: operation.correlationId,
      provider: operation.request.provider,
      model: operation.request.response.model || operation.model,
      logArgumentValues: operation.settings.logArgumentValues,
      attempts: operation.requests,
    };
    for (const record of records) {
      try {
        store.record(toTelemetryRecord(record, context));
      } catch {
        this.deps.logger.warn('Tool call telemetry could not be recorded', { correlation_id: operation.correlationId, error_code: ERROR_CODES.TELEMETRY_UNAVAILABLE });
        return;
      }
    }
  }
}

/** The request's tools sent in OpenAI strict form: the parser reads their optional properties' `null`s as absent. */
function strictToolNames(request: ChatRequest): string[] {
  return (request.tools ?? []).filter((tool) => tool.strict === true).map((tool) => tool.name);
}

/** The arguments of a call to an unknown tool as the retry echoes them (bounded); `undefined` when there are none to show. */
function unknownCallArguments(error: ToolCallError, original: unknown): string | undefined {
  const text = error.rawArguments ?? (typeof original === 'string' ? original : original === undefined ? '{}' : JSON.stringify(original));
  return typeof text === 'string' ? text : undefined;
}

/** The error of a retry answer that called no tool at all. */
function noCallError(record: CallRecord, failed: ToolCallError): ToolCallError {
  return {
    index: record.index,
    id: record.callId,
    tool: failed.tool ?? record.tool,
    ...(failed.source === undefined ? {} : { source: failed.source }),
    code: ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL,
    message: `The retry answer called no tool: '${truncate(failed.tool ?? record.tool, 64)}' still does not exist`,
    ...(failed.availableTools === undefined ? {} : { availableTools: failed.availableTools }),
    retryable: false,
  };
}

/** Read through a function: TypeScript would otherwise keep `aborted` narrowed across an await. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** True when `call` is, by name and arguments, a valid call of the answer other than `record`'s. */
function repeatsAnotherCall(call: ToolCall, record: CallRecord, operation: Operation): boolean {
  return operation.records.some((other) => other !== record && other.call !== undefined && other.call.name === call.name && jsonEquals(other.call.arguments, call.arguments));
}
