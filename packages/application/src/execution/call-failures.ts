import { omittedErrorsNote, quoteText, type JsonObject, type ToolFailure, type ToolValidationFailure } from '@acode/domain';

/** What a caller-chosen execution id must look like: safe to log, key and echo. */
export const EXECUTION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Most tool names listed in a `NOT_FOUND` suggestion. */
export const MAX_SUGGESTED_TOOLS = 20;

/** The failure for an execution id that does not match {@link EXECUTION_ID_PATTERN}. */
export function invalidExecutionId(): ToolFailure {
  return {
    type: 'VALIDATION',
    message: 'The execution id must be 1 to 128 characters of letters, digits, ".", "_", ":" or "-"',
    retryable: false,
    suggestion: 'Send a simple id such as call_42, or none to have one generated',
  };
}

/** The failure for a name no registered tool has. Suggests only tools that can actually run. */
export function unknownTool(name: unknown, runnable: readonly string[], didYouMean: string | undefined): ToolFailure {
  const shown = typeof name === 'string' ? quoteText(name) : 'a tool name that is not a string';
  const listed = runnable.slice(0, MAX_SUGGESTED_TOOLS);
  const suggestion =
    didYouMean !== undefined
      ? `Did you mean ${didYouMean}?`
      : listed.length > 0
        ? `Available tools: ${listed.join(', ')}${runnable.length > listed.length ? ', …' : ''}`
        : undefined;
  return {
    type: 'NOT_FOUND',
    message: `Unknown tool ${shown}`,
    retryable: false,
    ...(suggestion === undefined ? {} : { suggestion }),
    details: { available_tools: [...listed], ...(didYouMean === undefined ? {} : { did_you_mean: didYouMean }) },
  };
}

/** The failure for a registered tool the loaded `tool_registry.json` has no handler for. */
export function toolWithoutHandler(tool: string, registryVersion: string): ToolFailure {
  return {
    type: 'NOT_FOUND',
    message: `Tool ${tool} has no handler in tool_registry.json ${registryVersion}`,
    retryable: false,
    suggestion: 'Use a tool from the available tools list; tools without a handler folder cannot be executed',
  };
}

/** The failure for arguments the registry refused, with its sanitised errors (000's retry contract). */
export function invalidArguments(tool: string, validation: ToolValidationFailure): ToolFailure {
  const [first] = validation.errors;
  const omitted = validation.omittedErrors ?? 0;
  const others = validation.errors.length - 1 + omitted;
  const more = others > 0 ? ` (and ${omitted > 0 ? 'at least ' : ''}${others} more)` : '';
  const errors = validation.errors.map(({ path, code, message, expected, actual, suggestion }) =>
    definedOnly({ path, code, message, expected, actual, suggestion }),
  );
  return {
    type: 'VALIDATION',
    message: first === undefined ? `Invalid arguments for ${tool}` : `Invalid arguments for ${tool}: ${first.message}${more}`,
    retryable: false,
    ...(first?.suggestion === undefined ? {} : { suggestion: first.suggestion }),
    details: {
      errors,
      // A capped list says that it is capped (issue 13).
      ...(omitted > 0 ? { omitted_errors: omitted, omitted_errors_note: omittedErrorsNote(omitted) } : {}),
      ...(validation.schemaHint === undefined ? {} : { schema_hint: validation.schemaHint }),
    },
  };
}

/** The failure for validated arguments that cannot be keyed (nested past the canonical-JSON depth). */
export function unkeyableArguments(tool: string): ToolFailure {
  return {
    type: 'VALIDATION',
    message: `Invalid arguments for ${tool}: they nest too deeply to be processed`,
    retryable: false,
    suggestion: 'Send flatter arguments',
  };
}

function definedOnly(fields: Record<string, string | undefined>): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result;
}
