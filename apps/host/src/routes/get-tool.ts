import { ToolNotFoundException, type IToolSchemaRegistry } from '@acode/application';
import { ERROR_CODES, invalidVersionQueryError } from '@acode/domain';
import { hostError } from '../http/host-error.js';
import { jsonResponse, type HostResponse } from '../http/host-response.js';
import { failureResponse } from './tool-envelope.js';
import { readQueryParameter } from './query-parameter.js';
import type { HostRoute } from './route.js';

/**
 * `GET /v1/tools/{name}[?version=]`: one definition. The name is case-insensitive and may be an
 * alias; the version an exact version or a range, the highest when absent. When the name was
 * not the canonical one, `Content-Location` names the canonical resource. An unknown tool or
 * version is a 404 with the TSR-001 envelope (available tools, did you mean).
 */
export const getToolRoute: HostRoute = {
  template: '/v1/tools/{name}',
  method: 'GET',
  handle(request, { registry }) {
    const name = request.params['name'] ?? '';
    const version = readQueryParameter(request.query, 'version');
    if (!version.ok) return hostError(400, version.message, request.correlationId);
    const query = version.value === undefined ? undefined : { version: version.value };
    const lookup = registry.findTool(name, query);
    if (!lookup) return unknownTool(registry, name, version.value, request.correlationId);
    const headers = lookup.requestedName === undefined ? undefined : { 'Content-Location': `/v1/tools/${lookup.definition.name}` };
    return jsonResponse(200, lookup.definition, headers);
  },
};

/**
 * The 404 envelope for a name or version the registry does not hold. The registry's throwing
 * look-up is the one that computes the available names and the closest match, so its
 * exception is turned back into a result here, at the edge.
 */
function unknownTool(registry: IToolSchemaRegistry, name: string, version: string | undefined, correlationId: string): HostResponse {
  let notFound: ToolNotFoundException;
  try {
    const definition = registry.getToolDefinition(name, version === undefined ? undefined : { version });
    return jsonResponse(200, definition); // registered between the two look-ups
  } catch (error) {
    if (!(error instanceof ToolNotFoundException)) throw error;
    notFound = error;
  }
  const versions = registry.getVersions(name);
  const badRange = versions.length > 0 ? invalidVersionQueryError(version) : undefined;
  if (badRange !== undefined) {
    // A known tool with a malformed range: a bad request, not a missing resource (issue 13).
    return failureResponse(
      { success: false, tool: notFound.toolName, errors: [{ ...badRange, suggestion: `${badRange.suggestion}; available: ${versions.join(', ')}` }], correlationId },
      400,
    );
  }
  const suggestion =
    versions.length > 0
      ? `Use one of the available versions (${versions.join(', ')}), or omit the version for the highest`
      : // The near name is in `did_you_mean` alone, so a reader sees it once.
        'Use one of the available tools';
  return failureResponse(
    {
      success: false,
      tool: notFound.toolName,
      errors: [{ path: '', code: ERROR_CODES.UNKNOWN_TOOL, message: notFound.message, suggestion }],
      availableTools: notFound.availableTools,
      ...(notFound.didYouMean === undefined ? {} : { didYouMean: notFound.didYouMean }),
      correlationId,
    },
    404,
  );
}
