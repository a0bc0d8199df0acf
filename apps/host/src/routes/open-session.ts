import { ERROR_CODES, INTERACTION_MODES, type InteractionMode } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import { jsonResponse } from '../http/host-response.js';
import { readJsonObjectBody } from '../http/read-json-body.js';
import type { HostRoute } from './route.js';
import { sessionsOr503, sessionView } from './session-view.js';

/** Largest body of `POST /v1/sessions`: `{"mode":"voice"}` and room to spare. */
const MAX_OPEN_BODY_BYTES = 1024;

/**
 * `POST /v1/sessions` with an optional body `{"mode": "text" | "voice"}` (text by default): 201
 * with the new session, pinned to the built registry's version; 503 when the host has no usable
 * `tool_registry.json` (ACODE-TBD-010) or execution store (ACODE-TEX-001).
 */
export const openSessionRoute: HostRoute = {
  template: '/v1/sessions',
  method: 'POST',
  async handle(request, { execution, logger }) {
    const { correlationId } = request;
    const available = sessionsOr503(execution, correlationId);
    if (!available.ok) return available.response;
    const body = await readJsonObjectBody(request, correlationId, { limitBytes: MAX_OPEN_BODY_BYTES, optional: true });
    if (!body.ok) return body.response;

    const fields = body.value ?? {};
    const unknown = Object.keys(fields).filter((key) => key !== 'mode');
    if (unknown.length > 0) return hostError(400, `Unknown field ${JSON.stringify(unknown[0]!.slice(0, 64))}; a session takes only "mode"`, correlationId);
    const mode = fields['mode'] ?? 'text';
    if (typeof mode !== 'string' || !(INTERACTION_MODES as readonly string[]).includes(mode)) {
      return hostError(400, 'mode must be one of: text, voice', correlationId, { code: ERROR_CODES.HOST_BAD_REQUEST, allowedValues: INTERACTION_MODES });
    }

    const { session, evicted } = available.sessions.open(mode as InteractionMode);
    logger?.info(`Session ${session.id} opened (${session.mode} mode, registry v${session.registryVersion})`, {
      event: 'SessionOpened',
      session_id: session.id,
      mode: session.mode,
      registry_version: session.registryVersion,
      ...(evicted === undefined ? {} : { evicted_session_id: evicted }),
    });
    return jsonResponse(201, { session: sessionView(session) }, { Location: `/v1/sessions/${encodeURIComponent(session.id)}` });
  },
};
