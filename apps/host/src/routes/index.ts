import { definitionEventsRoute } from '../definitions/definition-events-route.js';
import { createDefinitionRoute, deleteDefinitionRoute, getDefinitionRoute, listDefinitionsRoute, updateDefinitionRoute } from '../definitions/definition-routes.js';
import { executeToolRoute } from './execute-tool.js';
import { getSessionRoute } from './get-session.js';
import { getToolRoute } from './get-tool.js';
import { healthzRoute } from './healthz.js';
import { GATEWAY_LIVE_ROUTES } from '../live/gateway-stats-routes.js';
import { listToolsRoute } from './list-tools.js';
import { metricsRoute } from './metrics.js';
import { openSessionRoute } from './open-session.js';
import type { HostRoute } from './route.js';
import { startTurnRoute } from './start-turn.js';
import { TOOL_MANAGER_ROUTES } from './tool-manager-page.js';
import { validateArgumentsRoute } from './validate-arguments.js';

/** Every endpoint of the host. */
export const HOST_ROUTES: readonly HostRoute[] = Object.freeze([
  healthzRoute,
  metricsRoute,
  listToolsRoute,
  getToolRoute,
  validateArgumentsRoute,
  openSessionRoute,
  getSessionRoute,
  startTurnRoute,
  executeToolRoute,
  listDefinitionsRoute,
  createDefinitionRoute,
  getDefinitionRoute,
  updateDefinitionRoute,
  deleteDefinitionRoute,
  definitionEventsRoute,
  ...GATEWAY_LIVE_ROUTES,
  ...TOOL_MANAGER_ROUTES,
]);

export type { HostRoute, RouteContext, RouteRequest } from './route.js';
