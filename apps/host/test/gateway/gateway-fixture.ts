import type { TextCallFormat } from '@acode/domain';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '@acode/infrastructure/testing';
import OpenAI from 'openai';
import { Ollama } from 'ollama';
import { startTestHost, type TestHost } from '../support/test-host.js';

/** The tool every gateway test declares, as a client sends it. */
export const WEATHER_PARAMETERS = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
} as const;

export interface GatewayFixture {
  readonly model: ScriptedModelServer;
  readonly host: TestHost;
  /** The host's bearer token, when `authToken` configured one. */
  readonly token?: string;
  /** Chat requests the upstream received. */
  chatRequests(): number;
  close(): Promise<void>;
}

/**
 * A host whose gateway's upstream is a scripted model server: `upstream` says which of its two
 * dialects the gateway speaks to it. Two attempts (one retry), no backoff, so exhausted retries are quick.
 */
export async function startGateway(
  script: Script,
  options: {
    upstream?: 'ollama' | 'openai-compatible';
    onInvalid?: 'pass_through' | 'error';
    baseUrl?: string;
    /** Configure the upstream by `base_url` + `type` + `api_key_env` (this key) rather than as a provider. */
    apiKey?: string;
    /** `gateway.timeout_ms`; 5 s by default. */
    timeoutMs?: number;
    /** `gateway.max_body_bytes`; the default (8 MiB) when left out. */
    maxBodyBytes?: number;
    /** `gateway.keep_alive_ms`; the default (10 s) when left out. */
    keepAliveMs?: number;
    /**
     * `model.providers.scripted.tool_call.text_formats`: the text-call formats looked for, in
     * priority order. Left out, the key is not written and every format the parser knows is on.
     */
    textFormats?: readonly TextCallFormat[];
    /** `gateway.request_timeout_ms`; the default (10 minutes) when left out. */
    requestTimeoutMs?: number;
    /** `gateway.body_timeout_ms`; the default (30 s) when left out. */
    bodyTimeoutMs?: number;
    /** `gateway.max_concurrent_upstream`; the default (32) when left out. */
    maxConcurrentUpstream?: number;
    /** `model.providers.scripted.tool_call.max_argument_size`; the default (1 MiB) when left out. */
    maxArgumentSize?: number;
    /** Bytes per write of the scripted upstream's streamed answers; its default (7) when left out. */
    chunkSize?: number;
    /** The host's bearer token: `gateway.auth_token_env` names a variable holding it. None by default. */
    authToken?: string;
    /** `gateway.allowed_origins`; none by default. */
    allowedOrigins?: readonly string[];
    /** `gateway.allowed_hosts`; none by default. */
    allowedHosts?: readonly string[];
    /** `gateway.max_buffered_bytes`; the default (16 MiB) when left out. */
    maxBufferedBytes?: number;
    /** `gateway.models`: client model names (or globs) to upstream models; none by default. */
    models?: Readonly<Record<string, string>>;
    /** `model.providers.scripted.tool_call.log_argument_values`: telemetry keeps argument values (scrubbed). Off by default. */
    logArgumentValues?: boolean;
  } = {},
): Promise<GatewayFixture> {
  const model = await startScriptedModelServer({ script, ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }) });
  const type = options.upstream ?? 'openai-compatible';
  const baseUrl = options.baseUrl ?? (type === 'ollama' ? model.url : `${model.url}/v1`);
  const config = [
    'model:',
    '  providers:',
    '    scripted:',
    `      type: ${type}`,
    `      base_url: ${baseUrl}`,
    '      tool_call:',
    '        max_retries: 2',
    '        retry_delay_ms: 0',
    ...(options.textFormats === undefined ? [] : [`        text_formats: [${options.textFormats.join(', ')}]`]),
    ...(options.maxArgumentSize === undefined ? [] : [`        max_argument_size: ${options.maxArgumentSize}`]),
    ...(options.logArgumentValues === undefined ? [] : [`        log_argument_values: ${options.logArgumentValues}`]),
    'gateway:',
    '  upstream:',
    ...(options.apiKey === undefined ? ['    provider: scripted'] : [`    base_url: ${baseUrl}`, `    type: ${type}`, '    api_key_env: GATEWAY_TEST_KEY']),
    `  on_invalid: ${options.onInvalid ?? 'pass_through'}`,
    `  timeout_ms: ${options.timeoutMs ?? 5000}`,
    ...(options.maxBodyBytes === undefined ? [] : [`  max_body_bytes: ${options.maxBodyBytes}`]),
    ...(options.keepAliveMs === undefined ? [] : [`  keep_alive_ms: ${options.keepAliveMs}`]),
    ...(options.requestTimeoutMs === undefined ? [] : [`  request_timeout_ms: ${options.requestTimeoutMs}`]),
    ...(options.bodyTimeoutMs === undefined ? [] : [`  body_timeout_ms: ${options.bodyTimeoutMs}`]),
    ...(options.maxConcurrentUpstream === undefined ? [] : [`  max_concurrent_upstream: ${options.maxConcurrentUpstream}`]),
    ...(options.authToken === undefined ? [] : ['  auth_token_env: GATEWAY_TEST_TOKEN']),
    ...(options.allowedOrigins === undefined ? [] : [`  allowed_origins: ${JSON.stringify(options.allowedOrigins)}`]),
    ...(options.allowedHosts === undefined ? [] : [`  allowed_hosts: ${JSON.stringify(options.allowedHosts)}`]),
    ...(options.maxBufferedBytes === undefined ? [] : [`  max_buffered_bytes: ${options.maxBufferedBytes}`]),
    ...(options.models === undefined ? [] : [`  models: ${JSON.stringify(options.models)}`]),
    '',
  ].join('\n');
  const env = {
    ...(options.apiKey === undefined ? {} : { GATEWAY_TEST_KEY: options.apiKey }),
    ...(options.authToken === undefined ? {} : { GATEWAY_TEST_TOKEN: options.authToken }),
  };
  const host = await startTestHost({ gateway: true, config, ...(Object.keys(env).length === 0 ? {} : { env }) });
  return {
    model,
    host,
    ...(options.authToken === undefined ? {} : { token: options.authToken }),
    chatRequests: () => model.requests.filter((request) => request.path.endsWith('/chat') || request.path.endsWith('/chat/completions')).length,
    async close() {
      await host.close();
      await model.close();
    },
  };
}

/** The official openai client pointed at the gateway, as a user sets `OPENAI_BASE_URL`; no client-side retries. The host's token as its key, when it has one. */
export function openAiClientOf(fixture: GatewayFixture): OpenAI {
  return new OpenAI({ baseURL: `${fixture.host.baseUrl}/v1`, apiKey: fixture.token ?? 'not-used', maxRetries: 0 });
}

/** The official ollama client pointed at the gateway, as a user sets `OLLAMA_HOST`; the host's token in `Authorization`, when it has one. */
export function ollamaClientOf(fixture: GatewayFixture): Ollama {
  return new Ollama({ host: fixture.host.baseUrl, ...(fixture.token === undefined ? {} : { headers: { Authorization: `Bearer ${fixture.token}` } }) });
}
