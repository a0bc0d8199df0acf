import { ERROR_CODES } from '@acode/domain';
import { isJsonUtf8 } from '../http/media-type.js';
import { jsonResponse } from '../http/host-response.js';
import { failureResponse, refusedRequestEnvelope } from './tool-envelope.js';
import { readQueryParameter } from './query-parameter.js';
import type { HostRoute } from './route.js';

/**
 * `POST /v1/tools/{name}/validate[?version=]`: the body is the arguments JSON text. Valid →
 * 200 with the arguments (defaults applied); otherwise the model-facing envelope: 404 unknown
 * tool, 400 unparseable JSON or not UTF-8, 413 body past the argument size limit, 415 not
 * `application/json`, 422 schema violations or nesting past the limit.
 */
export const validateArgumentsRoute: HostRoute = {
  template: '/v1/tools/{name}/validate',
  method: 'POST',
  async handle(request, { registry, limits }) {
    const tool = request.params['name'] ?? '';
    const { correlationId } = request;

    const version = readQueryParameter(request.query, 'version');
    if (!version.ok) {
      return refusedRequestEnvelope(400, {
        tool,
        code: ERROR_CODES.HOST_BAD_REQUEST,
        message: version.message,
        suggestion: 'Send one version or range, such as 1.0.0 or ^1',
        correlationId,
      });
    }
    if (!isJsonUtf8(request.headers['content-type'])) {
      return refusedRequestEnvelope(415, {
        tool,
        code: ERROR_CODES.HOST_BAD_REQUEST,
        message: 'The arguments must be sent as application/json in UTF-8',
        suggestion: "Send the arguments object with 'Content-Type: application/json'",
        correlationId,
      });
    }

    const body = await request.readBody(limits.maxArgumentSizeBytes);
    if (!body.ok && body.reason === 'aborted') return undefined;
    if (!body.ok) {
      return refusedRequestEnvelope(413, {
        tool,
        code: ERROR_CODES.ARGUMENTS_TOO_LARGE,
        message: `Arguments exceed the maximum size of ${limits.maxArgumentSizeBytes} bytes`,
        suggestion: 'Send smaller arguments; pass large content by reference, such as a file path',
        correlationId,
      });
    }

    let text: string;
    try {
      text = UTF8.decode(body.body);
    } catch {
      return refusedRequestEnvelope(400, {
        tool,
        code: ERROR_CODES.INVALID_JSON,
        message: 'The arguments are not valid UTF-8 text',
        suggestion: 'Send the arguments as a JSON object encoded in UTF-8',
        correlationId,
      });
    }

    const result = registry.tryValidateArguments(tool, text, version.value === undefined ? undefined : { version: version.value });
    if (!result.success) return failureResponse(result);
    return jsonResponse(200, {
      success: true,
      tool: result.tool,
      version: result.version,
      ...(result.requestedName === undefined ? {} : { requested_name: result.requestedName }),
      arguments: result.arguments,
      correlation_id: result.correlationId,
    });
  },
};

/** Strict decoder: invalid byte sequences are refused, not replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
