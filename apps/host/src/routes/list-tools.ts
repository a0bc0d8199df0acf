import { TOOL_CATEGORIES, isToolCategory } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import { jsonResponse } from '../http/host-response.js';
import { readQueryParameter } from './query-parameter.js';
import type { HostRoute } from './route.js';

/**
 * `GET /v1/tools[?category=]`: the highest version of every tool, sorted by name, optionally
 * of one category. An unknown category is a 400 that lists the valid ones.
 */
export const listToolsRoute: HostRoute = {
  template: '/v1/tools',
  method: 'GET',
  handle(request, { registry }) {
    const category = readQueryParameter(request.query, 'category');
    if (!category.ok) return hostError(400, category.message, request.correlationId, { allowedValues: TOOL_CATEGORIES });
    if (category.value === undefined) return jsonResponse(200, registry.getAllTools());
    if (!isToolCategory(category.value)) {
      return hostError(400, `Unknown category; use one of: ${TOOL_CATEGORIES.join(', ')}`, request.correlationId, {
        allowedValues: TOOL_CATEGORIES,
      });
    }
    return jsonResponse(200, registry.getToolsByCategory(category.value));
  },
};
