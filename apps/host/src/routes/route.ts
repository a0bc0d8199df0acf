import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { IClock, ILogger, IMetrics, IToolSchemaRegistry } from '@acode/application';
import type { RegistryLimits } from '@acode/domain';
import type { HostDefinitions } from '../definitions/host-definitions.js';
import type { HostExecution } from '../execution/host-execution.js';
import type { HostResponse } from '../http/host-response.js';
import type { GatewayLive } from '../live/gateway-live.js';
import type { ReadBodyResult } from '../http/read-body.js';

/** What every route may use: the ports the host was built with and its own state. */
export interface RouteContext {
  readonly registry: IToolSchemaRegistry;
  readonly metrics: IMetrics | undefined;
  readonly limits: RegistryLimits;
  readonly clock: IClock;
  /** `clock.now()` when the server was created. */
  readonly startedAt: number;
  /** True once shutdown began: health turns 503 so a balancer stops sending traffic. */
  isDraining(): boolean;
  /** Sessions and the executor (issue 5); absent when the host was built without them. */
  readonly execution?: HostExecution;
  /** For the routes' own events (a session opened). */
  readonly logger?: ILogger;
  /** Stored tool definitions and their events (issue 16); absent when the host was built without them. */
  readonly definitions?: HostDefinitions;
  /** The gateway's telemetry and its event streams, for the live view; absent when the host was built without them. */
  readonly live?: GatewayLive;
}

/** One request as a route sees it. */
export interface RouteRequest {
  /** Values of the `{placeholders}` of the route's template, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The id this request runs under; every response carries it. */
  readonly correlationId: string;
  /** Reads the body, at most `limitBytes` of it. */
  readBody(limitBytes: number): Promise<ReadBodyResult>;
  /** Aborted when the client goes away before the response is written: long work should stop. */
  readonly signal: AbortSignal;
  /** The raw response, for a route that streams (it then answers `undefined`). */
  readonly response: ServerResponse;
}

/**
 * One endpoint. `undefined` from `handle` means nobody is left to answer (the client went
 * away mid-body).
 */
export interface HostRoute {
  /** Path template with `{placeholders}` for single segments, such as `/v1/tools/{name}`. */
  readonly template: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  handle(request: RouteRequest, context: RouteContext): HostResponse | undefined | Promise<HostResponse | undefined>;
}

/**
 * Matches decoded path segments against a template; returns the placeholder values, or
 * `undefined`. A placeholder never matches an empty segment, so `/v1/tools/` is not a tool.
 */
export function matchTemplate(template: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = template.slice(1).split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith('{') && part.endsWith('}')) {
      if (segment === '') return undefined;
      params[part.slice(1, -1)] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}
