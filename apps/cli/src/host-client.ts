import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Where the host listens when neither `--host` nor `ACODE_HOST_URL` says otherwise (the host's own default). */
export const DEFAULT_HOST_URL = 'http://127.0.0.1:7420';
/** The variable naming the host's address when `--host` is absent. */
export const HOST_URL_ENV = 'ACODE_HOST_URL';
/**
 * The variable holding the host's bearer token (the value of the variable the host's
 * `gateway.auth_token_env` names). Read from the environment only: a flag would put the secret
 * in the process list and the shell history.
 */
export const HOST_TOKEN_ENV = 'ACODE_HOST_TOKEN';

/** How long one request may take, connection included. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Largest answer read: a list of every definition fits many times over. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** One request to the host's admin routes. */
export interface HostRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route path, such as `/v1/definitions/ID` (segments already encoded). */
  readonly path: string;
  /** Sent as `application/json`. */
  readonly body?: unknown;
  /** `Authorization: Bearer` when present; never printed. */
  readonly token?: string;
  /** `X-Acode-Actor`: who made the change. */
  readonly actor?: string;
}

/** What the host answered, or why nothing could be asked. */
export type HostAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown }
  /** The host answered with something that is not JSON (another server on that port, a proxy page). */
  | { readonly kind: 'not-json'; readonly status: number }
  /** No answer: refused, unknown address, reset, timed out. `reason` is short and safe to print. */
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * The base URL a command talks to: `--host` as typed, else `$ACODE_HOST_URL`, else
 * {@link DEFAULT_HOST_URL}. A message when it is not an http(s) URL without credentials.
 */
export function resolveHostUrl(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): URL | string {
  const fromEnv = env[HOST_URL_ENV]?.trim();
  const text = flag ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_HOST_URL);
  const source = flag !== undefined ? '--host' : fromEnv !== undefined && fromEnv !== '' ? HOST_URL_ENV : 'the default host URL';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `Invalid ${source} '${text}': give a URL such as ${DEFAULT_HOST_URL}.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Invalid ${source} '${text}': use http or https.`;
  if (url.username !== '' || url.password !== '') return `Invalid ${source}: it must not contain credentials; put the token in ${HOST_TOKEN_ENV} instead.`;
  if (url.search !== '' || url.hash !== '') return `Invalid ${source} '${text}': give the host's address without a query or fragment.`;
  return url;
}

/** The URL of `path` under `base`, keeping a path prefix of `base` (a host behind a proxy at `/acode`). */
export function routeUrl(base: URL, path: string): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/** The host's address as shown in messages: origin and path prefix, never credentials. */
export function displayHostUrl(base: URL): string {
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
}

/** Sends one request and reads the JSON answer; never throws. */
export function sendHostRequest(base: URL, request: HostRequest): Promise<HostAnswer> {
  const url = routeUrl(base, request.path);
  const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body), 'utf8');
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) }),
    ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
    ...(request.actor === undefined ? {} : { 'x-acode-actor': request.actor }),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: HostAnswer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    // No shared agent: the connection closes with the answer, so the command ends at once.
    const outgoing = send(url, { method: request.method, headers, agent: false, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      readAnswer(response).then(finish, () => finish({ kind: 'unreachable', reason: 'the connection broke while the answer was read' }));
    });
    outgoing.on('timeout', () => {
      outgoing.destroy();
      finish({ kind: 'unreachable', reason: `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'unreachable', reason: describeConnectionError(error) }));
    outgoing.end(body);
  });
}

async function readAnswer(response: IncomingMessage): Promise<HostAnswer> {
  const status = response.statusCode ?? 0;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_RESPONSE_BYTES) {
      response.destroy();
      return { kind: 'not-json', status };
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { kind: 'answer', status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  } catch {
    return { kind: 'not-json', status };
  }
}

/** Node's connection errors in plain words; the raw message may carry internals. */
function describeConnectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused: nothing listens there';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was reset';
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'the address cannot be reached';
    default:
      return error.code !== undefined ? `connection failed (${error.code})` : 'connection failed';
  }
}
