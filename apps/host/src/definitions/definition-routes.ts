import { ERROR_CODES } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import { jsonResponse, type HostResponse } from '../http/host-response.js';
import { isJsonUtf8 } from '../http/media-type.js';
import type { HostRoute, RouteContext, RouteRequest } from '../routes/route.js';
import { definitionChangeResponse } from './definition-change-response.js';
import { definitionView, registeredView } from './definition-view.js';
import { CORE_TOOL_DEFINITIONS } from '@acode/infrastructure/providers';
import { MAX_DEFINITION_BODY_BYTES, type HostDefinitions } from './host-definitions.js';

/** Strict decoder: invalid byte sequences are refused, not replaced. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `GET /v1/definitions`: every definition models may call: the stored ones (editable), then the
 * registered ones the store does not hold (built-ins, configuration, tool folders), locked.
 */
export const listDefinitionsRoute: HostRoute = {
  template: '/v1/definitions',
  method: 'GET',
  handle: (request, context) =>
    withDefinitions(request, context, (definitions) => {
      const stored = definitions.manager.list();
      const storedKeys = new Set(stored.map((record) => versionKey(record.definition.name, record.definition.version)));
      const registered = context.registry
        .getAllTools()
        .filter((definition) => !storedKeys.has(versionKey(definition.name, definition.version)))
        .map((definition) => registeredView(definition, BUILT_IN_NAMES.has(definition.name.toLowerCase())));
      return jsonResponse(200, { definitions: [...stored.map(definitionView), ...registered] });
    }),
};

/** The shipped tools' names: what the list marks built-in among the registered definitions. */
const BUILT_IN_NAMES: ReadonlySet<string> = new Set(CORE_TOOL_DEFINITIONS.map((definition) => definition.name.toLowerCase()));

function versionKey(name: string, version: string): string {
  return `${name.toLowerCase()}@${version}`;
}

/** `GET /v1/definitions/{id}`: one stored definition; 404 ACODE-TDS-004 for an unknown id. */
export const getDefinitionRoute: HostRoute = {
  template: '/v1/definitions/{id}',
  method: 'GET',
  handle: (request, context) =>
    withDefinitions(request, context, (definitions) => {
      const record = definitions.manager.get(request.params['id'] ?? '');
      if (record === undefined) return hostError(404, 'No stored tool definition has this id', request.correlationId, { code: ERROR_CODES.DEFINITION_STORE_NOT_FOUND });
      return jsonResponse(200, { definition: definitionView(record) });
    }),
};

/** `POST /v1/definitions`: creates a custom definition (JSON body); 201, or 400/403/409 with every error and its field path. */
export const createDefinitionRoute: HostRoute = {
  template: '/v1/definitions',
  method: 'POST',
  handle: (request, context) =>
    withDefinitions(request, context, async (definitions) => {
      const body = await readDefinition(request);
      if (!body.ok) return body.response;
      return definitionChangeResponse(definitions.manager.create(body.value, actorOf(request)), 201, request.correlationId);
    }),
};

/** `PUT /v1/definitions/{id}`: replaces a stored custom definition; the running registry changes at once. */
export const updateDefinitionRoute: HostRoute = {
  template: '/v1/definitions/{id}',
  method: 'PUT',
  handle: (request, context) =>
    withDefinitions(request, context, async (definitions) => {
      const body = await readDefinition(request);
      if (!body.ok) return body.response;
      return definitionChangeResponse(definitions.manager.update(request.params['id'] ?? '', body.value, actorOf(request)), 200, request.correlationId);
    }),
};

/** `DELETE /v1/definitions/{id}`: deletes a stored custom definition; built-ins answer 409. */
export const deleteDefinitionRoute: HostRoute = {
  template: '/v1/definitions/{id}',
  method: 'DELETE',
  handle: (request, context) =>
    withDefinitions(request, context, (definitions) => definitionChangeResponse(definitions.manager.delete(request.params['id'] ?? '', actorOf(request)), 200, request.correlationId)),
};

/**
 * Runs `work` once the host has definitions (503 without a store). The token, the origin and the
 * media type were checked by the host's access rule (`http/access-policy.ts`) before the route ran.
 */
export async function withDefinitions(
  request: RouteRequest,
  context: RouteContext,
  work: (definitions: HostDefinitions) => HostResponse | undefined | Promise<HostResponse | undefined>,
): Promise<HostResponse | undefined> {
  const definitions = context.definitions;
  if (definitions === undefined) return hostError(503, 'This host was started without a definition store', request.correlationId, { code: ERROR_CODES.DEFINITION_STORE_UNAVAILABLE });
  return work(definitions);
}

type DefinitionBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly response: HostResponse };

/** The JSON body of a create or update: 415 when not JSON, 413 past the bound, 400 unreadable. */
async function readDefinition(request: RouteRequest): Promise<DefinitionBody> {
  const refuse = (status: number, message: string): DefinitionBody => ({ ok: false, response: hostError(status, message, request.correlationId, { code: ERROR_CODES.HOST_BAD_REQUEST }) });
  if (!isJsonUtf8(request.headers['content-type'])) return refuse(415, 'A definition must be sent as application/json in UTF-8');
  const body = await request.readBody(MAX_DEFINITION_BODY_BYTES);
  if (!body.ok && body.reason === 'aborted') return refuse(400, 'The request ended before its body');
  if (!body.ok) return refuse(413, `A definition body is at most ${MAX_DEFINITION_BODY_BYTES} bytes`);
  try {
    return { ok: true, value: JSON.parse(UTF8.decode(body.body)) as unknown };
  } catch (error) {
    // The parser's message quotes the body: not echoed.
    return refuse(400, error instanceof TypeError ? 'The body is not valid UTF-8 text' : 'The body is not valid JSON');
  }
}

/** Who made the change, when the client says (`X-Acode-Actor`), bounded and printable; never required. */
function actorOf(request: RouteRequest): string | undefined {
  const value = request.headers['x-acode-actor'];
  if (typeof value !== 'string') return undefined;
  const actor = value.trim().slice(0, 256);
  return actor === '' || /[\u0000-\u001f\u007f]/.test(actor) ? undefined : actor;
}
