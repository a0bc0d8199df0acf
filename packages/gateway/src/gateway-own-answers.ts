import { ModelClientException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { isGlob } from '@acode/infrastructure/config';
import { anthropicMessagesFront, countAnthropicTokens, type GatewayFront } from '@acode/infrastructure/gateway';
import { jsonReply, type GatewayReply } from './gateway-reply.js';
import { parseJsonBody } from './parse-json-body.js';
import { gatewayError, requestRefused } from './gateway-errors.js';
import type { FrontExchange, GatewayOptions } from './gateway-options.js';
import type { StoredResponses } from './stored-responses.js';


/**
 * `POST /v1/messages/count_tokens`: `{ input_tokens }` for a Messages request, estimated by the
 * gateway (the upstreams have no such route); a body the Messages route would refuse is refused
 * here the same way.
 */
export function countTokens(exchange: FrontExchange): GatewayReply {
  const headers = { 'x-acode-correlation-id': exchange.correlationId };
  const parsed = parseJsonBody(exchange.body);
  if (!parsed.ok) return requestRefused(anthropicMessagesFront, [parsed.error], headers);
  const counted = countAnthropicTokens(parsed.value);
  if (!counted.ok) return requestRefused(anthropicMessagesFront, [counted.error], headers);
  return jsonReply(200, counted.body, headers);
}

/** `GET /v1/responses/{id}`: a Responses answer the host kept, or 404 in the front's shape. */
export function storedResponse(id: string, front: GatewayFront, correlationId: string, stored: StoredResponses | undefined): GatewayReply {
  const headers = { 'x-acode-correlation-id': correlationId };
  const found = stored?.get(id);
  if (found !== undefined) return jsonReply(200, found.response, headers);
  return gatewayError(front, {
    status: 404,
    code: ERROR_CODES.GATEWAY_REQUEST_INVALID,
    message: 'No stored response has this id: it was answered with store: false, has expired, or another host answered it',
    type: 'invalid_request_error',
    headers,
  });
}

/**
 * `GET /v1/models` (OpenAI's list, or Anthropic's for a client that names its API version) and
 * `GET /api/tags` (Ollama's) when `gateway.models` maps names: the upstream's models, then the
 * names clients may use beyond them (globs are not names, so not listed). A failing upstream is a
 * 502 (504 when it timed out) in the front's shape, as on the chat routes.
 */
export async function listModels(front: GatewayFront, options: GatewayOptions, signal: AbortSignal, correlationId: string): Promise<GatewayReply> {
  const headers = { 'x-acode-correlation-id': correlationId };
  let upstream: readonly string[];
  try {
    upstream = (await options.upstream.listModels({ signal })).models;
  } catch (error) {
    // The model client's message names the upstream, its address and how to set it, as on the chat routes.
    const code = error instanceof ModelClientException ? error.code : ERROR_CODES.MODEL_UNREACHABLE;
    const message = error instanceof ModelClientException ? error.message : 'The upstream model server could not list its models';
    const slow = code === ERROR_CODES.MODEL_TIMEOUT;
    return gatewayError(front, { status: slow ? 504 : 502, code, message, type: slow ? 'timeout' : 'upstream_error', headers });
  }
  const mapped = (options.models ?? []).filter((mapping) => !isGlob(mapping.name) && !upstream.includes(mapping.name)).map((mapping) => mapping.name);
  const names = [...upstream, ...mapped];
  if (front.name === 'ollama_chat') {
    return jsonReply(200, { models: names.map((name) => ({ name, model: name, modified_at: EPOCH, size: 0, digest: '', details: {} })) }, headers);
  }
  if (front.name === 'anthropic_messages') {
    const data = names.map((id) => ({ type: 'model', id, display_name: id, created_at: EPOCH }));
    return jsonReply(200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null }, headers);
  }
  return jsonReply(200, { object: 'list', data: names.map((id) => ({ id, object: 'model', created: 0, owned_by: mapped.includes(id) ? 'acode-gateway' : 'upstream' })) }, headers);
}

const EPOCH = '1970-01-01T00:00:00Z';
