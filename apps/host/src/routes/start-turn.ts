import { jsonResponse } from '../http/host-response.js';
import type { HostRoute } from './route.js';
import { requestedSession, sessionView } from './session-view.js';

/**
 * `POST /v1/sessions/{id}/turns`: the user spoke again; the turn's retrieval count starts over
 * (003's per-turn budget). 200 with the session; 404 (ACODE-HST-004) when unknown. No body.
 */
export const startTurnRoute: HostRoute = {
  template: '/v1/sessions/{id}/turns',
  method: 'POST',
  handle(request, { execution }) {
    const found = requestedSession(request, execution);
    if (!found.ok) return found.response;
    found.session.startTurn();
    return jsonResponse(200, { session: sessionView(found.session) });
  },
};
