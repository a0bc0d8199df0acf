import { getToolRoute } from './get-tool.js';
import { healthzRoute } from './healthz.js';
import { listToolsRoute } from './list-tools.js';
import { metricsRoute } from './metrics.js';
import type { HostRoute } from './route.js';
import { validateArgumentsRoute } from './validate-arguments.js';

/** Every endpoint of the host. */
export const HOST_ROUTES: readonly HostRoute[] = Object.freeze([
  healthzRoute,
  metricsRoute,
  listToolsRoute,
  getToolRoute,
  validateArgumentsRoute,
]);

export type { HostRoute, RouteContext, RouteRequest } from './route.js';
