import { ERROR_CODES, type JsonObject } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import { jsonResponse } from '../http/host-response.js';
import { readJsonObjectBody } from '../http/read-json-body.js';
import type { HostRoute } from './route.js';
import { requestedSession } from './session-view.js';

/** Fields of an execution request besides `args`. */
const OPTIONAL_FIELDS = ['execution_id', 'confirmation_token'] as const;
/** Room the request's own fields take beside the arguments. */
const ENVELOPE_ALLOWANCE_BYTES = 4096;

/**
 * `POST /v1/sessions/{id}/tools/{name}/execute` with `{"args": {...}, "execution_id"?: "...",
 * "confirmation_token"?: "..."}`: runs the call through the `ToolExecutor` in the session and
 * answers 200 with the envelope `{ ok, data | error, intents, meta }` whatever its outcome: a
 * refused or failed run is a result (read `ok` and `error.type`), not an HTTP error. The HTTP
 * errors are for requests that never reached the executor: 400 malformed body, 404 unknown
 * session (ACODE-HST-004), 413 body past the argument limit, 415 not JSON, 503 no registry. A
 * client that disconnects mid-run cancels the run (the handler's signal aborts).
 */
export const executeToolRoute: HostRoute = {
  template: '/v1/sessions/{id}/tools/{name}/execute',
  method: 'POST',
  async handle(request, { execution, limits }) {
    const { correlationId } = request;
    const found = requestedSession(request, execution);
    if (!found.ok) return found.response;

    const body = await readJsonObjectBody(request, correlationId, { limitBytes: limits.maxArgumentSizeBytes + ENVELOPE_ALLOWANCE_BYTES, optional: false });
    if (!body.ok) return body.response;
    const fields = body.value ?? {};
    const unknown = Object.keys(fields).filter((key) => key !== 'args' && !(OPTIONAL_FIELDS as readonly string[]).includes(key));
    if (unknown.length > 0) {
      return hostError(400, `Unknown field ${JSON.stringify(unknown[0]!.slice(0, 64))}; send args, and optionally execution_id and confirmation_token`, correlationId);
    }
    const args = fields['args'];
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return hostError(400, 'args must be a JSON object of the tool\'s arguments', correlationId, { code: ERROR_CODES.HOST_BAD_REQUEST });
    }
    for (const field of OPTIONAL_FIELDS) {
      const value = fields[field];
      if (value !== undefined && typeof value !== 'string') return hostError(400, `${field} must be a string`, correlationId);
    }
    const executionId = fields['execution_id'] as string | undefined;
    const confirmationToken = fields['confirmation_token'] as string | undefined;

    // The executor validates the name, the arguments (size, nesting, schema) and the execution id itself.
    const response = await found.sessions.executor.execute(found.session, {
      name: request.params['name'] ?? '',
      args: args as JsonObject,
      ...(executionId === undefined ? {} : { executionId }),
      ...(confirmationToken === undefined ? {} : { confirmationToken }),
      signal: request.signal,
    });
    return jsonResponse(200, response);
  },
};
