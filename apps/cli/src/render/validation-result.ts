import { ERROR_CODES, omittedErrorsNote, type JsonValue, type ToolValidationFailure, type ToolValidationSuccess, type ValidationError } from '@acode/domain';
import { pointerToDisplayPath } from './json-path.js';
import type { Style } from './style.js';
import { displayMessage, displayName } from './text.js';

/** Indentation of an error's detail lines under its `[CODE] message` line. */
const DETAIL_INDENT = '      ';

/**
 * Renders a passed validation as 000 scenario 3 shows it: a ✓ line, then the parsed arguments
 * (defaults applied) as indented JSON.
 */
export function renderValidationSuccess(result: ToolValidationSuccess, style: Style): string {
  const lines = [style.success(`✓ Validation passed for tool '${displayName(result.tool)}'`), `  Version: ${displayName(result.version)}`];
  if (result.requestedName !== undefined) lines.push(`  Requested as: ${displayName(result.requestedName)}`);
  lines.push('', 'Parsed Arguments:', JSON.stringify(result.arguments, null, 2));
  return lines.join('\n') + '\n';
}

/** Extras shown after a failure's errors. */
export interface FailureRenderOptions {
  readonly style: Style;
  /** A valid arguments object for the tool's schema, shown as `Example:`. */
  readonly example?: JsonValue;
}

/**
 * Renders a failed validation as 000 scenarios 4, 5, 8 and 9 show it: a ✗ line, every error
 * as `[CODE] message` with its Expected/Actual (or Received/Allowed values) and Path lines, then
 * the suggestions and an example, or for an unknown tool the available tools and a "did you
 * mean".
 */
export function renderValidationFailure(failure: ToolValidationFailure, options: FailureRenderOptions): string {
  const lines = [options.style.failure(`✗ Validation failed for tool '${displayName(failure.tool)}'`)];
  if (failure.version !== undefined) lines.push(`  Version: ${displayName(failure.version)}`);
  return lines.join('\n') + '\n\n' + renderFailureDetails(failure, options);
}

/**
 * The body of a failure without its ✗ line: errors, suggestions, example, available tools,
 * "did you mean". `tools show` uses it alone for an unknown tool.
 */
export function renderFailureDetails(failure: ToolValidationFailure, options: FailureRenderOptions): string {
  const { style } = options;
  const lines = ['Errors:'];
  for (const error of failure.errors) lines.push(...renderValidationError(error, style));
  if (failure.omittedErrors !== undefined && failure.omittedErrors > 0) lines.push(`  ${omittedErrorsNote(failure.omittedErrors)}`);

  const suggestions = [...new Set(failure.errors.flatMap((error) => (error.suggestion ? [displayMessage(error.suggestion)] : [])))];
  if (suggestions.length > 0) lines.push('');
  if (suggestions.length === 1) lines.push(`Suggestion: ${suggestions[0]}`);
  else if (suggestions.length > 1) lines.push('Suggestions:', ...suggestions.map((suggestion) => `  - ${suggestion}`));
  if (options.example !== undefined) {
    if (suggestions.length === 0) lines.push('');
    lines.push(`Example: ${displayMessage(JSON.stringify(options.example))}`);
  }

  if (failure.availableTools !== undefined) {
    lines.push('', 'Available tools:');
    if (failure.availableTools.length === 0) lines.push('  (none registered)');
    lines.push(...failure.availableTools.map((name) => `  - ${displayName(name)}`));
  }
  if (failure.didYouMean !== undefined) lines.push('', `Did you mean: ${displayName(failure.didYouMean)}?`);
  return lines.join('\n') + '\n';
}

/** One validation error as `[CODE] message` and its detail lines, indented by two spaces. */
export function renderValidationError(error: ValidationError, style: Style): string[] {
  const lines = [`  ${style.code(`[${error.code}]`)} ${displayMessage(error.message)}`];
  const detail = (label: string, value: string): void => {
    lines.push(`${DETAIL_INDENT}${label}: ${displayMessage(value)}`);
  };
  if (error.keyword === 'enum') {
    // Scenario 9: the value sent and the values allowed, which is what lets the caller fix it.
    if (error.actual !== undefined) detail('Received', error.actual);
    if (error.expected !== undefined) detail('Allowed values', error.expected.replace(/^one of:\s*/i, ''));
  } else {
    if (error.expected !== undefined) detail('Expected', error.expected);
    if (error.actual !== undefined) detail('Actual', error.actual);
  }
  if (error.code !== ERROR_CODES.UNKNOWN_TOOL) detail('Path', pointerToDisplayPath(error.path));
  if (error.position !== undefined) detail('Position', String(error.position));
  return lines;
}
