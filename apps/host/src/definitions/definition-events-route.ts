import { ERROR_CODES, type ToolDefinitionEvent } from '@acode/domain';
import { SSE_KEEP_ALIVE, toServerSentEvent } from '@acode/infrastructure/definitions-events';
import { hostError } from '../http/host-error.js';
import type { HostResponse } from '../http/host-response.js';
import type { HostRoute, RouteRequest } from '../routes/route.js';
import { withDefinitions } from './definition-routes.js';
import type { HostDefinitions } from './host-definitions.js';

/** Streams open now, per host: bounded, each one a listener on the event bus. */
const openStreams = new WeakMap<object, { count: number }>();

/**
 * `GET /v1/events`: the tool-definition events as server-sent events (issue 16 item 4), each with
 * an increasing `id`, the event type as `event` and the event as one line of JSON; a keep-alive
 * comment when the stream is silent. At most `maxEventStreams` clients at once (503 ACODE-HST-007
 * beyond, with `retry-after`); a client that goes away is unsubscribed at once.
 */
export const definitionEventsRoute: HostRoute = {
  template: '/v1/events',
  method: 'GET',
  handle: (request, context) => withDefinitions(request, context, (definitions) => openEventStream(request, definitions)),
};

/** Opens one event stream on the response, within the bound; the refusal past it. */
function openEventStream(request: RouteRequest, definitions: HostDefinitions): HostResponse | undefined {
  const open = openStreams.get(definitions) ?? { count: 0 };
  openStreams.set(definitions, open);
  if (open.count >= definitions.maxEventStreams) {
    return hostError(503, `At most ${definitions.maxEventStreams} clients may follow the events at once`, request.correlationId, {
      code: ERROR_CODES.HOST_EVENT_STREAMS_FULL,
      headers: { 'Retry-After': '5' },
    });
  }
  const res = request.response;
  if (res.destroyed) return undefined;
  open.count++;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.flushHeaders();
  let id = 0;
  let lastWrite = Date.now();
  const unsubscribe = definitions.events.subscribe((event: ToolDefinitionEvent) => {
    res.write(toServerSentEvent(event, ++id));
    lastWrite = Date.now();
  });
  const timer = setInterval(() => {
    if (Date.now() - lastWrite < definitions.keepAliveMs) return;
    res.write(SSE_KEEP_ALIVE);
    lastWrite = Date.now();
  }, Math.max(50, Math.floor(definitions.keepAliveMs / 2)));
  timer.unref();
  res.once('close', () => {
    clearInterval(timer);
    unsubscribe();
    open.count--;
  });
  return undefined;
}
