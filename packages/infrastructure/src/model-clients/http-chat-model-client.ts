import type { AnswerMemory, ChatCallOptions, IChatModelClient, ModelClientException, ModelServerInfo } from '@acode/application';
import type { ChatRequest, ChatResponse } from '@acode/domain';
import { answerFromStream, type ChatAnswer } from './chat-answer.js';
import type { ChatWireFormat } from './chat-wire-format.js';
import { badResponseError } from './model-client-errors.js';
import { ModelServerConnection, type ModelServerConnectionOptions } from './model-server-connection.js';
import type { ProviderSettings } from './provider-settings.js';

/** Options of a chat-model client. */
export type ChatModelClientOptions = ModelServerConnectionOptions;

/**
 * An {@link IChatModelClient} over HTTP, for one wire format. Answers keep tool calls as the
 * server sent them (`RawToolCall`s, for `IToolCallParser.parseRawToolCalls`); failures reject
 * with `ModelClientException` (ACODE-MDL-001..007).
 */
export class HttpChatModelClient implements IChatModelClient {
  readonly provider: string;
  readonly #wire: ChatWireFormat;
  readonly #connection: ModelServerConnection;
  readonly #strictSchemas: boolean;

  constructor(wire: ChatWireFormat, settings: ProviderSettings, options: ChatModelClientOptions = {}) {
    this.provider = settings.name;
    this.#wire = wire;
    this.#connection = new ModelServerConnection(settings, wire.apiRoot(settings.baseUrl), options);
    this.#strictSchemas = settings.strictSchemas === true;
  }

  /** The body of a chat request; with `strict_schemas` every tool is marked strict, so it goes in OpenAI strict form. */
  #chatBody(request: ChatRequest, stream: boolean): Record<string, unknown> {
    const tools = request.tools;
    const sent = this.#strictSchemas && tools !== undefined ? { ...request, tools: tools.map((tool) => ({ ...tool, strict: true })) } : request;
    return this.#wire.chatBody(sent, stream);
  }

  async chat(request: ChatRequest, options: ChatCallOptions = {}): Promise<ChatResponse> {
    const started = performance.now();
    const path = this.#wire.chatPath;
    const body = await this.#connection.postJson(path, this.#chatBody(request, false), exchange(request, options));
    const reading = this.#wire.readChat(body, request.model);
    if ('problem' in reading) throw this.#badResponse(path, reading.problem, request.model);
    return withDuration(reading.answer, started);
  }

  async chatStream(request: ChatRequest, options: ChatCallOptions = {}): Promise<ChatResponse> {
    const started = performance.now();
    const accumulation = await this.#connection.postStream(this.#wire.chatPath, this.#chatBody(request, true), {
      ...exchange(request, options),
      format: this.#wire.streamFormat,
      ...(options.onContent === undefined ? {} : { onContent: options.onContent }),
      ...(options.onToolCallFragment === undefined ? {} : { onToolCallFragment: options.onToolCallFragment }),
      ...(options.keepContent === undefined ? {} : { keepContent: options.keepContent }),
      ...(options.readyForMore === undefined ? {} : { readyForMore: options.readyForMore }),
    });
    return withDuration(answerFromStream(accumulation, request.model), started);
  }

  async listModels(options: Pick<ChatCallOptions, 'signal'> = {}): Promise<ModelServerInfo> {
    const path = this.#wire.modelsPath;
    const body = await this.#connection.getJson(path, options.signal === undefined ? {} : { signal: options.signal });
    const reading = this.#wire.readModels(body);
    if ('problem' in reading) throw this.#badResponse(path, reading.problem);
    return { models: reading.models };
  }

  #badResponse(path: string, problem: string, model?: string): ModelClientException {
    const site = { ...this.#connection.endpoint, url: `${this.#wire.apiRoot(this.#connection.endpoint.baseUrl)}${path}` };
    return badResponseError(model === undefined ? site : { ...site, model }, problem);
  }
}

function exchange(request: ChatRequest, options: ChatCallOptions): { model: string; signal?: AbortSignal; memory?: AnswerMemory } {
  return { model: request.model, ...(options.signal === undefined ? {} : { signal: options.signal }), ...(options.memory === undefined ? {} : { memory: options.memory }) };
}

function withDuration(answer: ChatAnswer, started: number): ChatResponse {
  return { ...answer, durationMs: Math.max(0, Math.round(performance.now() - started)) };
}
