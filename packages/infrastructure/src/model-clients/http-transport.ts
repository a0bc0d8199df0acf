import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** One request of {@link sendHttpRequest}. */
export interface TransportRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Aborts the request and its body; the promise or the body's iteration then rejects with an `AbortError`. */
  readonly signal: AbortSignal;
}

/** What came back: the status and the body as it arrives. */
export interface TransportResponse {
  readonly status: number;
  readonly ok: boolean;
  /** The body's chunks; iterating it to the end (or leaving the loop) releases the connection. */
  readonly body: AsyncIterable<Uint8Array>;
}

/** Redirects followed before the answer is taken as it is, as `fetch` does. */
const MAX_REDIRECTS = 20;

/**
 * Connections kept open between requests to the same model server: an agent, a gateway and a
 * retry loop send one request after another to one server, and a new connection per request is
 * latency and garbage (issue 15's bench measured Node's `fetch` at about twice the time and three
 * times the collections of `node:http` per request to a local server).
 */
const AGENTS = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) } as const;

/**
 * One HTTP exchange over `node:http` / `node:https` with keep-alive connections, for the model
 * clients: what they used `fetch` for, without its per-request web-stream machinery. Like
 * `fetch`, redirects are followed (a 303, or a 301/302 of a POST, becomes a GET) and a network
 * failure rejects with the system error (`ECONNREFUSED`...), which `classifyNetworkFailure` names.
 *
 * @throws TypeError for a URL that is not http or https (a programming or configuration error caught upstream).
 */
export async function sendHttpRequest(url: string, init: TransportRequest): Promise<TransportResponse> {
  let current = new URL(url);
  let method = init.method;
  let body = init.body;
  let headers = init.headers;
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(current, method, headers, body, init.signal, false);
    const location = response.headers.location;
    if (!isRedirect(response.statusCode) || location === undefined || redirects >= MAX_REDIRECTS) return toTransportResponse(response);
    response.resume();
    const next = new URL(location, current);
    // As `fetch` does: the credentials go to the origin they were given for, never to another one.
    if (next.origin !== current.origin) headers = withoutAuthorization(headers);
    current = next;
    if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

/**
 * One request. On a kept-alive connection the server closed while it sat idle, the request never
 * reached the server, so it is sent once more on a new connection (`fresh`; Node's documented remedy).
 */
function exchange(url: URL, method: string, headers: Readonly<Record<string, string>>, body: string | undefined, signal: AbortSignal, fresh: boolean): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method,
      agent: fresh ? false : AGENTS[url.protocol as 'http:' | 'https:'],
      headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      signal,
    });
    request.once('response', resolve);
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (!fresh && request.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted) exchange(url, method, headers, body, signal, true).then(resolve, reject);
      else reject(error);
    });
    request.end(body);
  });
}

function withoutAuthorization(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

function toTransportResponse(response: IncomingMessage): TransportResponse {
  const status = response.statusCode ?? 0;
  return { status, ok: status >= 200 && status < 300, body: bodyOf(response) };
}

/**
 * The body's chunks. A reader that stops early (a stream's end marker came) drops the connection
 * unless the whole message already arrived: then the connection goes back to the pool for the
 * next request instead of a new one being opened.
 */
function bodyOf(response: IncomingMessage): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
      const chunks = response[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return {
        next: () => chunks.next(),
        async return(): Promise<IteratorResult<Uint8Array>> {
          if (!response.complete) return (await chunks.return?.()) ?? { done: true, value: undefined };
          response.resume();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}
