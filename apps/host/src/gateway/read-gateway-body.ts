import type { IncomingMessage } from 'node:http';
import { readBoundedBody, type ReadBodyResult } from '../http/read-body.js';

/** A gateway request's body, or why it was not read: too large, the client gone, or `timeout`. */
export type GatewayBodyReading = ReadBodyResult | { readonly ok: false; readonly reason: 'timeout' };

/**
 * Reads a gateway request's whole body, at most `limitBytes` (`gateway.max_body_bytes`), within
 * `timeoutMs` (`gateway.body_timeout_ms`). A body still arriving when the time is up is left
 * unread (the request paused): the caller answers and closes the connection, so a client that
 * trickles its body costs a socket for `timeoutMs`, never an upstream slot.
 */
export async function readGatewayBody(req: IncomingMessage, limitBytes: number, timeoutMs: number): Promise<GatewayBodyReading> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<GatewayBodyReading>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), timeoutMs);
  });
  try {
    const reading = await Promise.race([readBoundedBody(req, limitBytes), timeout]);
    if (!reading.ok && reading.reason === 'timeout') req.pause();
    return reading;
  } finally {
    clearTimeout(timer);
  }
}

/** `gateway.body_timeout_ms` when the options leave it out: 30 seconds. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
