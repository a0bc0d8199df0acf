import type { HostGateway } from '../gateway/host-gateway.js';

/** A gateway whose work is done by whichever gateway was swapped in last. */
export interface SwitchableGateway extends HostGateway {
  /** Serves every request that arrives from now on with `next`; requests already being served finish on the one they started with. */
  swap(next: HostGateway): void;
}

/**
 * The host server holds one gateway for its whole life; this one stands in for it and hands
 * each new request to the current gateway, so a reloaded configuration needs no new server.
 */
export function switchableGateway(initial: HostGateway): SwitchableGateway {
  let current = initial;
  return {
    handles: (segments) => current.handles(segments),
    routeOf: (method, segments, headers) => current.routeOf(method, segments, headers),
    // `current` is read once, when the request is handed over: a swap during it changes nothing for it.
    serve: (req, res, segments, correlationId, signal) => current.serve(req, res, segments, correlationId, signal),
    swap(next) {
      current = next;
    },
  };
}
