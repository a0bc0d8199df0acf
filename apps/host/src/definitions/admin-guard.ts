import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES } from '@acode/domain';
import { bearerMatches } from '../gateway/gateway-guard.js';
import { hostError } from '../http/host-error.js';
import type { HostResponse } from '../http/host-response.js';
import type { HostDefinitions } from './host-definitions.js';

/**
 * The admin routes change what models may call (issue 16 item 6). Every request carries the
 * host's bearer token when one is configured (the host listens beyond loopback only with one).
 * A write is refused when a browser says it comes from another site (`Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is not the host's own): with JSON bodies required and no CORS
 * answered, a cross-site page cannot make such a request succeed, and this refuses it explicitly.
 * Returns the refusal, or `undefined` to go on.
 */
export function adminRefusal(headers: IncomingHttpHeaders, definitions: HostDefinitions, correlationId: string, write: boolean): HostResponse | undefined {
  if (definitions.authToken !== undefined && !bearerMatches(headers.authorization, definitions.authToken)) {
    return hostError(401, 'This route needs the host\'s bearer token: send Authorization: Bearer <token>', correlationId, {
      code: ERROR_CODES.HOST_AUTH_REQUIRED,
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  if (!write) return undefined;
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (site === 'cross-site' || (typeof origin === 'string' && !isSameOrigin(origin, headers.host))) {
    return hostError(403, 'Changes to tool definitions are not accepted from another site', correlationId, { code: ERROR_CODES.HOST_CROSS_SITE_REFUSED });
  }
  return undefined;
}

/** Whether `origin` is this host as the request reached it (`http://127.0.0.1:7420`). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (origin === 'null' || host === undefined) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
