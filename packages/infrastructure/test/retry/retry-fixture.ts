import { DEFAULT_TOOL_REGISTRY_OPTIONS, ToolRegistrationService, type ChatCallOptions, type IChatModelClient, type IClock, type ITelemetryStore, type TelemetryQuery, type ToolCallStats } from '@acode/application';
import type { ChatRequest, ChatResponse, RawToolCall, TokenUsage, ToolCallSettings, ToolCallTelemetryRecord } from '@acode/domain';
import { SystemClock } from '../../src/clock/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { CoreToolsProvider } from '../../src/providers/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { JsonRepairer } from '../../src/repair/index.js';
import { RetryCircuitBreaker, ToolCallRetryHandler, type RetryCircuitBreakerOptions } from '../../src/retry/index.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { createToolCallSettingsCatalog, ToolCallParser } from '../../src/tool-calls/index.js';
import { RecordingLogger } from '../support/recording-logger.js';

/** A clock the test moves by hand. */
export class ManualClock implements IClock {
  private ms = 1_000;
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Keeps telemetry rows in memory; `failing` makes every write throw, as a broken database would. */
export class MemoryTelemetryStore implements ITelemetryStore {
  readonly rows: ToolCallTelemetryRecord[] = [];
  constructor(private readonly failing = false) {}
  record(row: ToolCallTelemetryRecord): void {
    if (this.failing) throw new Error('SQLITE_FULL: database or disk is full');
    this.rows.push(row);
  }
  query(_query?: TelemetryQuery): readonly ToolCallTelemetryRecord[] {
    return [...this.rows].reverse();
  }
  findByCorrelationId(correlationId: string): readonly ToolCallTelemetryRecord[] {
    return this.rows.filter((row) => row.correlationId === correlationId);
  }
  stats(): ToolCallStats {
    throw new Error('not used by these tests');
  }
  close(): void {}
}

/** A scripted answer: a response, or an error the client rejects with. */
export type ScriptedAnswer = Partial<ChatResponse> | Error;

/** A chat client that answers from a script and records every request it was sent. */
export class ScriptedChatClient implements IChatModelClient {
  readonly provider = 'ollama';
  readonly requests: ChatRequest[] = [];
  readonly options: Array<ChatCallOptions | undefined> = [];
  constructor(private readonly script: ScriptedAnswer[]) {}

  async chat(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse> {
    this.requests.push(request);
    this.options.push(options);
    const next = this.script.shift();
    if (next === undefined) throw new Error(`the script has no answer for request ${this.requests.length}`);
    if (next instanceof Error) throw next;
    return chatResponse(next);
  }
  chatStream(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse> {
    return this.chat(request, options);
  }
  async listModels() {
    return { models: ['llama3.2'] };
  }
}

/** A whole response from a partial one. */
export function chatResponse(partial: Partial<ChatResponse> = {}): ChatResponse {
  return { content: '', toolCalls: [], usage: usage(0, 0), model: 'llama3.2', durationMs: 1, streamErrors: [], ...partial };
}

export function usage(promptTokens: number, completionTokens: number): TokenUsage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/** An OpenAI-style raw call: arguments as text. */
export function rawCall(name: unknown, args: unknown, index = 0, id: string | undefined = `call_${index}`): RawToolCall {
  return { index, ...(id === undefined ? {} : { id }), name, arguments: args, source: 'openai' };
}

/** An answer holding one call. */
export function answerWith(name: string, args: unknown, tokens: TokenUsage = usage(10, 5)): Partial<ChatResponse> {
  return { toolCalls: [rawCall(name, args, 0, 'call_retry')], usage: tokens };
}

export const CHAT_REQUEST: ChatRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'Show me package.json' }], tools: [] };

/** Options of {@link newHandler}. */
export interface HandlerOptions {
  readonly settings?: Partial<ToolCallSettings>;
  readonly telemetry?: ITelemetryStore;
  readonly breaker?: Partial<RetryCircuitBreakerOptions>;
  /** Replaces the recording sleep. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The handler's `retryUnknownTools`. */
  readonly retryUnknownTools?: boolean;
}

/**
 * A handler over the real parser, repairer and registry (core tools), a manual clock, recording
 * loggers (the handler's, and the parser's apart), and a sleep that records its delays and returns at once.
 */
export async function newHandler(options: HandlerOptions = {}) {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const clock = new ManualClock();
  const correlation = { current: () => 'corr-retry', run: <T>(fn: () => T) => fn() };
  const registry = new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), correlation, new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
  await new ToolRegistrationService(registry, [new CoreToolsProvider()], silent, new SystemClock()).start();
  const settings = createToolCallSettingsCatalog({ ollama: { retryDelayMs: 100, ...options.settings } });
  const logger = new RecordingLogger();
  const parserLogger = new RecordingLogger();
  const parser = new ToolCallParser(registry, new JsonRepairer(new SystemClock()), settings, parserLogger, correlation, new SystemClock());
  const delays: number[] = [];
  const sleep = options.sleep ?? (async (ms: number) => void delays.push(ms));
  const circuitBreaker = new RetryCircuitBreaker(clock, options.breaker);
  const handler = new ToolCallRetryHandler({
    parser,
    settings,
    registry,
    logger,
    clock,
    correlation,
    sleep,
    circuitBreaker,
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
    ...(options.retryUnknownTools === undefined ? {} : { retryUnknownTools: options.retryUnknownTools }),
  });
  return { handler, registry, logger, parserLogger, clock, delays, circuitBreaker };
}

/** The last message of a recorded request: the tool-role retry prompt. */
export function retryPromptOf(request: ChatRequest | undefined): string {
  const last = request?.messages[request.messages.length - 1];
  if (last?.role !== 'tool') throw new Error('the request does not end with a tool message');
  return last.content;
}
