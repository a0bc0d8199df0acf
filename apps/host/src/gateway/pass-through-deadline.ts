import { ERROR_CODES } from '@acode/domain';
import type { GatewayFront } from '@acode/infrastructure/gateway';
import { endpointOf, serverAt } from '@acode/infrastructure/model-clients';
import type { HostResponse } from '../http/host-response.js';
import { deadlineExceeded, deadlineMessage, deadlineRelabelled } from '@acode/gateway';
import type { GatewayExchange, HostGatewayOptions } from './host-gateway.js';
import { passThrough } from './pass-through.js';

/**
 * {@link passThrough} under the request's deadline. Before the upstream's answer head arrives,
 * the deadline is a 504 ACODE-GTW-005 in the route's shape (counted `deadline`), and the upstream
 * request is stopped once that answer is written; after it, while the body streams, the response
 * is destroyed (a body cut short is all HTTP can say once the status went out), which stops the
 * upstream request too. Either way the deadline is logged.
 */
export async function passThroughWithin(front: GatewayFront, exchange: GatewayExchange, options: HostGatewayOptions): Promise<HostResponse | undefined> {
  const { req, res, correlationId, deadline } = exchange;
  const body = Buffer.from(exchange.body.buffer, exchange.body.byteOffset, exchange.body.byteLength);
  // Stopped only after the 504 is written: pass-through destroys the response when its request aborts.
  const stop = new AbortController();
  const metrics = deadlineRelabelled(options.metrics, () => deadline.signal.aborted);
  const forwarding = passThrough(front, req, res, correlationId, AbortSignal.any([exchange.gone, stop.signal]), { ...options, metrics }, body);
  const passed = new Promise<typeof DEADLINE>((resolve) => {
    if (deadline.signal.aborted) resolve(DEADLINE);
    else deadline.signal.addEventListener('abort', () => resolve(DEADLINE), { once: true });
  });
  const first = await Promise.race([forwarding, passed]);
  // The slow one is the upstream: named with its address, as its other failures are.
  const upstream = serverAt(endpointOf(options.upstreamSettings));
  const log = (phase: string): void =>
    options.logger.warn(`Gateway pass-through stopped ${phase}: ${deadlineMessage(deadline.timeoutMs, upstream)}`, { event: 'GatewayDeadline', correlation_id: correlationId, error_code: ERROR_CODES.GATEWAY_DEADLINE });
  if (first !== DEADLINE) {
    // The answer is piped (its head may not have gone out yet: it goes with the first bytes), or
    // it was an error written whole: an answer still streaming at the deadline is cut.
    if (!res.writableFinished) {
      const cut = (): void => {
        if (res.writableFinished || res.destroyed) return;
        log('while its answer streamed');
        res.destroy();
      };
      deadline.signal.addEventListener('abort', cut, { once: true });
      res.once('close', () => deadline.signal.removeEventListener('abort', cut));
    }
    return first;
  }
  if (res.headersSent) {
    log('while its answer streamed');
    res.destroy();
    return undefined;
  }
  log('before the upstream answered');
  res.once('finish', () => stop.abort());
  return deadlineExceeded(front, deadline.timeoutMs, { 'x-acode-correlation-id': correlationId, 'x-acode-outcome': 'deadline' }, upstream);
}

const DEADLINE: unique symbol = Symbol('deadline');
