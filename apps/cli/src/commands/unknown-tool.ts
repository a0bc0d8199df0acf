import { ToolNotFoundException, type IToolSchemaRegistry, type ToolVersionQuery } from '@acode/application';
import { ERROR_CODES, invalidVersionQueryError, type ToolValidationFailure } from '@acode/domain';

/**
 * The failure for a name (or version) the registry does not hold, in the shape validation
 * reports it: ACODE-TSR-001 with the available tools and the closest name. `findTool` only says
 * "not found"; the registry's throwing look-up is the one that computes the suggestion, so it is
 * asked once the miss is known.
 */
export function unknownToolFailure(registry: IToolSchemaRegistry, name: string, query: ToolVersionQuery, correlationId: string): ToolValidationFailure {
  try {
    registry.getToolDefinition(name, query);
  } catch (error) {
    if (!(error instanceof ToolNotFoundException)) throw error;
    const versions = registry.getVersions(name);
    const badRange = versions.length > 0 ? invalidVersionQueryError(query.version) : undefined;
    if (badRange !== undefined) {
      // A known tool with a malformed range: a typo, not a missing version (issue 13).
      return { success: false, tool: error.toolName, errors: [{ ...badRange, suggestion: `${badRange.suggestion}; available: ${versions.join(', ')}` }], correlationId };
    }
    return {
      success: false,
      tool: error.toolName,
      errors: [
        {
          path: '',
          code: ERROR_CODES.UNKNOWN_TOOL,
          message: error.message,
          ...(versions.length > 0 ? { suggestion: `Use one of the registered versions: ${versions.join(', ')}` } : {}),
        },
      ],
      // When only the version is missing, listing every other tool is noise.
      ...(versions.length > 0 ? {} : { availableTools: error.availableTools }),
      ...(versions.length === 0 && error.didYouMean !== undefined ? { didYouMean: error.didYouMean } : {}),
      correlationId,
    };
  }
  throw new Error(`Tool '${name}' was not found, then found: the registry changed during the command`);
}
