import { startScriptedModelServer, type Script, type ScriptedModelServer } from '@acode/infrastructure/testing';
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
    'gateway:',
    '  upstream:',
    ...(options.apiKey === undefined ? ['    provider: scripted'] : [`    base_url: ${baseUrl}`, `    type: ${type}`, '    api_key_env: GATEWAY_TEST_KEY']),
    `  on_invalid: ${options.onInvalid ?? 'pass_through'}`,
    `  timeout_ms: ${options.timeoutMs ?? 5000}`,
    ...(options.maxBodyBytes === undefined ? [] : [`  max_body_bytes: ${options.maxBodyBytes}`]),
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
