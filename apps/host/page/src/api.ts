import { createParser } from 'eventsource-parser';

/** One server-sent event as the host wrote it. */
export interface HostEvent {
  readonly event: string;
  readonly data: string;
  readonly id?: string;
}

/** Whether a stream is connected, or waiting to reconnect after `retryInMs`. */
export type StreamState = { readonly state: 'open' } | { readonly state: 'retrying'; readonly retryInMs: number; readonly reason: string };

/**
 * The page's only way to the host: JSON requests and event streams, each carrying the bearer
 * token when one is known. A 401 asks the user for the token (once, however many requests wait)
 * and retries; every other refusal becomes a {@link HostError}.
 */
export interface HostApi {
  /** `GET path` (or `init.method`), the JSON answer. */
  getJson<T>(path: string, init?: RequestInit): Promise<T>;
  /** `method path` with `body` as JSON (a string is sent as it is), the JSON answer. */
  send<T>(method: string, path: string, body?: unknown): Promise<T>;
  /**
   * Follows the server-sent events of `path` until `signal` aborts: reconnects with backoff,
   * sending `Last-Event-ID` when the stream gave ids. Resolves when aborted.
   */
  stream(path: string, onEvent: (event: HostEvent) => void, signal: AbortSignal, onState?: (state: StreamState) => void): Promise<void>;
}

/** A refusal from the host: its HTTP status, its ACODE code (or `HTTP <status>`) and its message. */
export class HostError extends Error {
  readonly status: number;
  readonly code: string;
  /** The parsed JSON body, for callers that show field errors (`error.errors`). */
  readonly body: unknown;
  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message);
    this.name = 'HostError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Where the token lives: this tab's session storage only, never local storage or a cookie. */
export const TOKEN_KEY = 'acode.host.token';

/** Asks the user for the token; `wrong` when the last one was refused. Resolves when a new one is stored, or to false when cancelled. */
export type TokenPrompt = (wrong: boolean) => Promise<boolean>;

/** Reads the stored token (session storage can be unavailable: then there is none). */
export function storedToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `token` for this tab, or forgets it. */
export function storeToken(token: string | undefined): void {
  try {
    if (token === undefined || token === '') sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the token lasts only as long as the request that needs it.
  }
}

/** The host's error envelope, whichever of its shapes: `{error:{code,message}}`, `{errors:[{code,message}]}` or `{error:"..."}`. */
export function hostErrorOf(status: number, body: unknown): HostError {
  const record = (value: unknown): Record<string, unknown> | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
  const root = record(body);
  const error = record(root?.['error']);
  const first = Array.isArray(root?.['errors']) ? record((root['errors'] as unknown[])[0]) : undefined;
  const source = error ?? first;
  const code = typeof source?.['code'] === 'string' ? source['code'] : `HTTP ${status}`;
  const message =
    typeof source?.['message'] === 'string' ? source['message'] : typeof root?.['error'] === 'string' ? (root['error'] as string) : `The host answered ${status}`;
  return new HostError(status, code, message, body);
}

const MAX_BACKOFF_MS = 15_000;

/** The page's {@link HostApi}; `prompt` is how a 401 asks for the token. */
export function createHostApi(prompt: TokenPrompt, base = ''): HostApi {
  /** One prompt at a time: every request refused meanwhile waits for the same answer. */
  let pending: Promise<boolean> | undefined;
  /** The token a refusal was for: a refusal with the token asked for since just retries. */
  function askToken(refused: string | undefined): Promise<boolean> {
    if (storedToken() !== refused) return Promise.resolve(true);
    pending ??= prompt(refused !== undefined).finally(() => (pending = undefined));
    return pending;
  }

  function headersWith(extra: Record<string, string>): Record<string, string> {
    const token = storedToken();
    return token === undefined ? extra : { ...extra, Authorization: `Bearer ${token}` };
  }

  async function request<T>(path: string, init: RequestInit): Promise<T> {
    for (;;) {
      const token = storedToken();
      const response = await fetch(base + path, { ...init, headers: headersWith({ Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) }) });
      const text = await response.text();
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      if (response.status === 401 && (await askToken(token))) continue;
      if (!response.ok) throw hostErrorOf(response.status, body);
      return body as T;
    }
  }

  return {
    getJson: (path, init) => request(path, { method: 'GET', ...init }),
    send: (method, path, body) =>
      request(path, body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    async stream(path, onEvent, signal, onState) {
      let lastEventId: string | undefined;
      let failures = 0;
      while (!signal.aborted) {
        const token = storedToken();
        let reason = 'the connection closed';
        try {
          const response = await fetch(base + path, {
            headers: headersWith({ Accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }) }),
            signal,
            cache: 'no-store',
          });
          if (response.status === 401) {
            await response.body?.cancel();
            if (await askToken(token)) continue;
            reason = 'the host needs its token';
          } else if (!response.ok || response.body === null) {
            const text = await response.text();
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            reason = hostErrorOf(response.status, body).message;
          } else {
            failures = 0;
            onState?.({ state: 'open' });
            const parser = createParser({
              onEvent: (message) => {
                if (message.id !== undefined) lastEventId = message.id;
                onEvent({ event: message.event ?? 'message', data: message.data, ...(message.id === undefined ? {} : { id: message.id }) });
              },
            });
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parser.feed(value);
            }
          }
        } catch (error) {
          if (signal.aborted) return;
          reason = error instanceof Error ? error.message : String(error);
        }
        if (signal.aborted) return;
        // 1 s, 2 s, 4 s, ... up to 15 s: a restarting host is found again without a storm of requests.
        const retryInMs = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++);
        onState?.({ state: 'retrying', retryInMs, reason });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryInMs);
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    },
  };
}
