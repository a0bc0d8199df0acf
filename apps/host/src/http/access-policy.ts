import type { IncomingHttpHeaders } from 'node:http';
import { ConfigurationException } from '@acode/application';
import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import { ALLOWED_HOSTS_EXPECTED, ALLOWED_ORIGINS_EXPECTED, canonicalHostPattern, canonicalOrigin, MAX_ALLOWED_NAMES, type GatewaySettings } from '@acode/infrastructure/config';
import type { GatewayFront } from '@acode/infrastructure/gateway';
import type { Environment, SecretValue } from '@acode/infrastructure/model-clients';
import { bearerToken, gatewayError, tokenDigest, tokenMatches } from '@acode/gateway';
import { authenticationRequired, gatewayAuthToken, isLoopbackAddress } from '../gateway/gateway-guard.js';
import { healthzRoute } from '../routes/healthz.js';
import type { HostRoute } from '../routes/route.js';
import { TOOL_MANAGER_ROUTES } from '../routes/tool-manager-page.js';
import { hostNameAllowed } from './allowed-host-names.js';
import { hostError } from './host-error.js';
import type { HostResponse } from './host-response.js';
import { isJsonUtf8 } from './media-type.js';

/**
 * Who may use the host: one bearer token for every route (the variable `gateway.auth_token_env`
 * names), and the browser origins and host names it answers beyond its own.
 */
export interface HostAccess {
  /** Required on every route but `GET /healthz` and the Tool Manager page's files; none on a loopback host without it. */
  readonly token?: SecretValue;
  /** `gateway.allowed_origins`: `Origin`s served although they are not the host's own (`https://tools.example.com`). */
  readonly allowedOrigins?: readonly string[];
  /** `gateway.allowed_hosts`: `Host` names served beyond the host's own addresses (`tools.example.com`, `*.example.com`). */
  readonly allowedHosts?: readonly string[];
}

/**
 * The host's access from its configuration: the token of `gateway.auth_token_env` and the two
 * allowed lists. Throws `ConfigurationException` (ACODE-CFG-002) when the token's variable is not set.
 */
export function hostAccessFromConfig(gateway: GatewaySettings, env: Environment): HostAccess {
  const token = gatewayAuthToken(gateway, env);
  return { ...(token === undefined ? {} : { token }), allowedOrigins: gateway.allowedOrigins, allowedHosts: gateway.allowedHosts };
}

/**
 * The allowed lists of `access` in canonical form, checked as the configuration checks them (a
 * host server built directly gets the same refusals). Throws `ConfigurationException`
 * (ACODE-CFG-002) for an entry that is not an http(s) origin or a host name.
 */
export function canonicalHostAccess(access: HostAccess): Required<Pick<HostAccess, 'allowedOrigins' | 'allowedHosts'>> & Pick<HostAccess, 'token'> {
  // The configuration's rules (readNameList), for lists that did not come through a file.
  const list = (entries: readonly string[] | undefined, canonical: (entry: unknown) => string | undefined, key: string, expected: string): readonly string[] => {
    const given = entries ?? [];
    if (given.length > MAX_ALLOWED_NAMES) throw new ConfigurationException(ERROR_CODES.CONFIG_INVALID, `${key} must be a list of at most ${MAX_ALLOWED_NAMES} entries`, { key });
    const found = given.map((entry, index) => {
      const name = canonical(entry);
      if (name === undefined) throw new ConfigurationException(ERROR_CODES.CONFIG_INVALID, `${key}[${index}] must be ${expected}`, { key });
      return name;
    });
    return Object.freeze([...new Set(found)]);
  };
  return {
    ...(access.token === undefined ? {} : { token: access.token }),
    allowedOrigins: list(access.allowedOrigins, canonicalOrigin, 'gateway.allowed_origins', ALLOWED_ORIGINS_EXPECTED),
    allowedHosts: list(access.allowedHosts, canonicalHostPattern, 'gateway.allowed_hosts', ALLOWED_HOSTS_EXPECTED),
  };
}

/** What a request asks for, as the access rule tells routes apart. */
export type AccessTarget =
  /** A route of the host's own (or no route: a 404 is refused like any other); `open` for `GET /healthz` and the page's files. */
  | { readonly family: 'host'; readonly open: boolean }
  /** A gateway path: `chat` for the routes that take a JSON body (`POST /v1/chat/completions`, `/api/chat`, `/v1/messages`, `/v1/responses`...), a pass-through otherwise; refusals in `front`'s shape. */
  | { readonly family: 'gateway'; readonly front: GatewayFront; readonly chat: boolean };

/** Why a request is refused before any route runs. */
export interface AccessRefusal {
  /** `host-name` 421, `cross-site` 403, `token` (missing or wrong) and `no-token` (none configured beyond loopback) 401, `media-type` 415. */
  readonly reason: 'host-name' | 'cross-site' | 'token' | 'no-token' | 'media-type';
  readonly status: 401 | 403 | 415 | 421;
  readonly code: ErrorCode;
  readonly message: string;
}

/** The access rule of one listening host. */
export interface AccessPolicy {
  /** Whether requests must carry the bearer token (a token is configured). */
  readonly tokenRequired: boolean;
  /** The refusal of a request, or `undefined` to serve it. */
  check(request: { readonly method?: string | undefined; readonly headers: IncomingHttpHeaders }, target: AccessTarget): AccessRefusal | undefined;
}

/** Whether `route` is served without the token and to any site: the health probe and the page's static files, which hold no data. */
export function isOpenRoute(route: HostRoute | undefined): boolean {
  return route !== undefined && OPEN_ROUTES.has(route);
}

const OPEN_ROUTES: ReadonlySet<HostRoute> = new Set([healthzRoute, ...TOOL_MANAGER_ROUTES]);

/** Media types a web page may send to any site without a CORS preflight (Fetch standard), so a body of one may be a forged request. */
const CORS_SAFELISTED_TYPES: ReadonlySet<string> = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/** A media type's essence: `type/subtype`, both tokens. */
const MEDIA_TYPE_ESSENCE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/**
 * The one access rule of the host, applied to every request before a route or the gateway runs,
 * in this order:
 *
 * 1. `Host` must name this host (421 ACODE-HST-008): stops DNS rebinding (see `hostNameAllowed`).
 * 2. A browser request from another site is refused (403 ACODE-HST-006): `Sec-Fetch-Site:
 *    cross-site` or `same-site`, or an `Origin` other than the host's own (http or https, the
 *    `Host` header's name and port), unless the `Origin` is in `gateway.allowed_origins`. The page's
 *    files are exempt, so a link to the Tool Manager opens it. No CORS header is ever answered.
 * 3. The bearer token (401 ACODE-HST-005, gateway paths ACODE-GTW-003) on every route but the open
 *    ones, when one is configured; a host bound beyond loopback without one serves only the open
 *    routes (its execution routes above all).
 * 4. A body must be one no web page can send without a preflight (415 ACODE-HST-009): JSON in
 *    UTF-8 for the host's routes and the chat routes (these need it even without a body), any type
 *    but `text/plain`, form or multipart (or none) for pass-through.
 */
export function createAccessPolicy(
  access: HostAccess,
  bound: { readonly address: string },
  options: { readonly interfaceAddresses?: () => readonly string[] } = {},
): AccessPolicy {
  const { token, allowedOrigins, allowedHosts } = canonicalHostAccess(access);
  const hostAllowed = hostNameAllowed({ boundAddress: bound.address, allowedHosts, ...(options.interfaceAddresses === undefined ? {} : { interfaceAddresses: options.interfaceAddresses }) });
  const origins = new Set(allowedOrigins);
  const tokenless = token === undefined && !isLoopbackAddress(bound.address);
  // Hashed once: every request compares against the digest.
  const digest = token === undefined ? undefined : tokenDigest(token.reveal());
  return {
    tokenRequired: token !== undefined,
    check({ method, headers }, target) {
      const open = target.family === 'host' && target.open;
      if (!hostAllowed(single(headers.host))) {
        return { reason: 'host-name', status: 421, code: ERROR_CODES.HOST_NAME_REFUSED, message: 'The Host header names no address of this host; add the name to gateway.allowed_hosts to serve it' };
      }
      if (!open && fromAnotherSite(headers, origins)) {
        return { reason: 'cross-site', status: 403, code: ERROR_CODES.HOST_CROSS_SITE_REFUSED, message: 'Requests from another site are refused (Origin or Sec-Fetch-Site); list a trusted origin in gateway.allowed_origins' };
      }
      if (!open && tokenless) {
        return { reason: 'no-token', status: 401, code: ERROR_CODES.HOST_AUTH_REQUIRED, message: 'This host listens beyond loopback without a bearer token (gateway.auth_token_env), so it serves only /healthz and the Tool Manager page' };
      }
      // Anthropic's SDK sends its key as `x-api-key` (Claude Code a bearer token): either carries the host's token on a gateway path.
      const keyHeader = target.family === 'gateway' ? headers['x-api-key'] : undefined;
      if (!open && digest !== undefined && !tokenMatches(bearerToken(headers.authorization), digest) && !(typeof keyHeader === 'string' && tokenMatches(keyHeader, digest))) {
        return { reason: 'token', status: 401, code: ERROR_CODES.HOST_AUTH_REQUIRED, message: 'This route needs the host\'s bearer token: send Authorization: Bearer <token> (the token of gateway.auth_token_env)' };
      }
      return mediaTypeRefusal(method, headers, target);
    },
  };
}

/**
 * The response refusing a request, in its route family's shape: the host's error envelope, or
 * for a gateway path the wire's (OpenAI `{error:{...}}`, Ollama `{error:"..."}`), a missing token
 * there being ACODE-GTW-003. Never a CORS header; the message never echoes what the client sent.
 */
export function accessRefusalResponse(refusal: AccessRefusal, target: AccessTarget, correlationId: string): HostResponse {
  const challenge = refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : undefined;
  if (target.family === 'host') return hostError(refusal.status, refusal.message, correlationId, { code: refusal.code, ...(challenge === undefined ? {} : { headers: challenge }) });
  if (refusal.reason === 'token') return authenticationRequired(target.front, correlationId);
  return gatewayError(target.front, {
    status: refusal.status,
    code: refusal.status === 401 ? ERROR_CODES.GATEWAY_AUTH_REQUIRED : refusal.code,
    message: refusal.message,
    type: 'invalid_request_error',
    headers: { 'x-acode-correlation-id': correlationId, ...(challenge === undefined ? {} : { 'www-authenticate': 'Bearer' }) },
  });
}

/** Whether a browser says the request comes from a site other than this host's (and its origin is not listed). */
function fromAnotherSite(headers: IncomingHttpHeaders, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = single(headers.origin);
  // Parsed once; `undefined` for one that is no http(s) origin (`null`, two joined by a repeated header).
  const canonical = origin === undefined ? undefined : canonicalOrigin(origin);
  if (canonical !== undefined && allowedOrigins.has(canonical)) return false;
  // A repeated unknown header reaches here joined with ", ": any cross-site value counts.
  const sites = (single(headers['sec-fetch-site']) ?? '').split(',').map((site) => site.trim().toLowerCase());
  if (sites.includes('cross-site') || sites.includes('same-site')) return true;
  return origin !== undefined && (canonical === undefined || !isOwnOrigin(canonical, single(headers.host)));
}

/** Whether a canonical origin is this host as the request reached it: http or https (a proxy may end TLS), the `Host` header's name and port. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  const url = new URL(origin);
  try {
    // The Host header through the same parser: `example.com:80` is `example.com` for an http origin.
    return url.host === new URL(`${url.protocol}//${host.trim()}`).host;
  } catch {
    return false;
  }
}

/** 415 for a body a web page could have sent without a preflight, in the route's terms; `undefined` to go on. */
function mediaTypeRefusal(method: string | undefined, headers: IncomingHttpHeaders, target: AccessTarget): AccessRefusal | undefined {
  const contentType = single(headers['content-type']);
  if (target.family === 'gateway' && target.chat) {
    return isJsonUtf8(contentType) ? undefined : refuse415('A chat request must be sent with Content-Type: application/json (charset utf-8 at most)');
  }
  if (!hasBody(headers)) return undefined;
  if (target.family === 'gateway') {
    return isPreflightedType(contentType)
      ? undefined
      : refuse415('A request body needs a Content-Type other than text/plain, application/x-www-form-urlencoded or multipart/form-data (types any web page can send)');
  }
  return isJsonUtf8(contentType) ? undefined : refuse415(`A request body must be JSON sent with Content-Type: application/json in UTF-8${method === 'GET' || method === 'HEAD' ? ' (and this method takes none)' : ''}`);
}

function refuse415(message: string): AccessRefusal {
  return { reason: 'media-type', status: 415, code: ERROR_CODES.HOST_MEDIA_TYPE_REFUSED, message };
}

/** Whether the request declares a body: a length other than 0, or a transfer coding (chunked). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length.trim() !== '0') || headers['transfer-encoding'] !== undefined;
}

/**
 * Whether a `Content-Type` is one a page cannot send to another site without a CORS preflight
 * (which the host never answers): present, well formed, and not `text/plain`, form or multipart
 * in any case or with any parameters.
 */
export function isPreflightedType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return MEDIA_TYPE_ESSENCE.test(essence) && !CORS_SAFELISTED_TYPES.has(essence);
}

/**
 * A header's value as text. Node keeps the first of a repeated `Host` or `Content-Type`, joins a
 * repeated `Origin` or `Sec-Fetch-Site` with ", " (which then reads as no origin, or as each
 * value); an array is only `set-cookie`'s.
 */
function single(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}
