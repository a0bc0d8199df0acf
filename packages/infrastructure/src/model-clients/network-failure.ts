import type { UnreachableReason } from './model-client-errors.js';

const REASONS: Readonly<Record<string, UnreachableReason>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

/** How deep to follow `cause` chains: fetch wraps the socket error once or twice. */
const MAX_CAUSE_DEPTH = 5;

/**
 * Names what `fetch` hit when no answer came. Node's fetch rejects with a bare
 * `TypeError: fetch failed` whose `cause` (or, for a host with several addresses, the
 * `errors` of an `AggregateError`) carries the system code, such as `ECONNREFUSED`.
 */
export function classifyNetworkFailure(error: unknown): UnreachableReason {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(REASONS, code)) return REASONS[code]!;
    // The fetch standard blocks some ports (1, 7, 9, 25...) before any connection is tried;
    // undici says so only in the message, with no code.
    if ((current as { message?: unknown }).message === 'bad port') return 'port reserved (fetch never connects to it)';
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const reason = classifyNetworkFailure(errors[0]);
      if (reason !== 'network error') return reason;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return 'network error';
}
