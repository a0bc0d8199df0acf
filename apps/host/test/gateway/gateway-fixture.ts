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
  } = {},
): Promise<GatewayFixture> {
  const model = await startScriptedModelServer({ script });
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
    'gateway:',
    '  upstream:',
    ...(options.apiKey === undefined ? ['    provider: scripted'] : [`    base_url: ${baseUrl}`, `    type: ${type}`, '    api_key_env: GATEWAY_TEST_KEY']),
    `  on_invalid: ${options.onInvalid ?? 'pass_through'}`,
    `  timeout_ms: ${options.timeoutMs ?? 5000}`,
    ...(options.maxBodyBytes === undefined ? [] : [`  max_body_bytes: ${options.maxBodyBytes}`]),
    ...(options.keepAliveMs === undefined ? [] : [`  keep_alive_ms: ${options.keepAliveMs}`]),
    '',
  ].join('\n');
  const host = await startTestHost({ gateway: true, config, ...(options.apiKey === undefined ? {} : { env: { GATEWAY_TEST_KEY: options.apiKey } }) });
  return {
    model,
    host,
    chatRequests: () => model.requests.filter((request) => request.path.endsWith('/chat') || request.path.endsWith('/chat/completions')).length,
    async close() {
      await host.close();
      await model.close();
    },
  };
}

/** The official openai client pointed at the gateway, as a user sets `OPENAI_BASE_URL`; no client-side retries. */
export function openAiClientOf(fixture: GatewayFixture): OpenAI {
  return new OpenAI({ baseURL: `${fixture.host.baseUrl}/v1`, apiKey: 'not-used', maxRetries: 0 });
}

/** The official ollama client pointed at the gateway, as a user sets `OLLAMA_HOST`. */
export function ollamaClientOf(fixture: GatewayFixture): Ollama {
  return new Ollama({ host: fixture.host.baseUrl });
}
