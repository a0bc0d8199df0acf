import { jsonResponse } from '../http/host-response.js';
import type { HostRoute } from './route.js';
import { requestedSession, sessionView } from './session-view.js';

/** `GET /v1/sessions/{id}`: the session's mode, pinned registry version, turn count and state; 404 (ACODE-HST-004) when unknown. */
export const getSessionRoute: HostRoute = {
  template: '/v1/sessions/{id}',
  method: 'GET',
  handle(request, { execution }) {
    const found = requestedSession(request, execution);
    if (!found.ok) return found.response;
    return jsonResponse(200, { session: sessionView(found.session) });
  },
};
