import { jsonResponse } from '../http/host-response.js';
import type { HostRoute, RouteContext } from './route.js';

/**
 * `GET /healthz`: 200 `{ status: 'ok', tools, uptime_s, tool_registry }` while serving
 * (`tool_registry`: the built registry's version, commit and tool count, or null); 503 with
 * `status: 'draining'` once shutdown began. The host listens only after startup registration
 * finished, so there is no "starting" state to report.
 */
export const healthzRoute: HostRoute = {
  template: '/healthz',
  method: 'GET',
  handle(_request, context) {
    const draining = context.isDraining();
    return jsonResponse(draining ? 503 : 200, {
      status: draining ? 'draining' : 'ok',
      tools: context.registry.size,
      uptime_s: Math.floor((context.clock.now() - context.startedAt) / 1000),
      tool_registry: builtRegistry(context),
    });
  },
};

function builtRegistry(context: RouteContext): { version: string; git_commit: string | null; tools: number } | null {
  const info = context.execution?.registry();
  return info === undefined ? null : { version: info.version, git_commit: info.gitCommit, tools: info.tools };
}
