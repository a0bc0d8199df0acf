import { ERROR_CODE_TITLES, ERROR_CODES, type ErrorCode, type JsonSchemaObject, type ToolCallError, type ToolDefinition, type ValidationError } from '@acode/domain';
import { truncate } from '../validation/display-text.js';
import { buildExampleArguments } from '../validation/example-value.js';

/** Longest `{error_message}`: a validation error list is long, but a prompt has a budget. */
export const MAX_RETRY_ERROR_MESSAGE_LENGTH = 4_000;

/** Longest `{malformed_json}`; the parser already cuts raw arguments to about this. */
export const MAX_RETRY_MALFORMED_JSON_LENGTH = 2_000;

/** `{error_type}` by code; other codes use their title from the error table. */
const ERROR_TYPES: Partial<Record<ErrorCode, string>> = {
  [ERROR_CODES.TOOL_CALL_INVALID_JSON]: 'Invalid JSON',
  [ERROR_CODES.TOOL_CALL_REPAIR_FAILED]: 'Invalid JSON',
  [ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT]: 'Invalid JSON',
  [ERROR_CODES.TOOL_CALL_SCHEMA_INVALID]: 'Schema validation failed',
  [ERROR_CODES.TOOL_CALL_STREAM_ERROR]: 'Incomplete tool call',
};

/**
 * `{failure_summary}` by code: the first line of the default template, naming the failure in the
 * model's terms. Invalid JSON keeps 002's wording; codes not listed say "The tool call you made
 * could not be used: <title from the error table>."
 */
const FAILURE_SUMMARIES: Partial<Record<ErrorCode, string>> = {
  [ERROR_CODES.TOOL_CALL_INVALID_JSON]: 'The tool call arguments you provided contain invalid JSON.',
  [ERROR_CODES.TOOL_CALL_REPAIR_FAILED]: 'The tool call arguments you provided contain invalid JSON.',
  [ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT]: 'The tool call arguments you provided contain invalid JSON.',
  [ERROR_CODES.TOOL_CALL_SCHEMA_INVALID]: "The tool call arguments you provided do not match the tool's schema.",
  [ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED]:
    'Your output was cut off before the tool call was complete, so the call was not run. Send the call again, shorter: keep the arguments brief, or split large content over several calls.',
  [ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL]: 'The tool you called does not exist.',
  [ERROR_CODES.TOOL_CALL_NAME_MISSING]: 'The tool call you made has no function name.',
  [ERROR_CODES.TOOL_CALL_STREAM_ERROR]: 'The tool call arrived incomplete: the stream that carried it broke off.',
};

/** The values of the template's placeholders for one failed call. */
export interface RetryPromptValues {
  /** One sentence naming the failure: invalid JSON, schema violation, truncated output, unknown tool... */
  readonly failure_summary: string;
  readonly error_type: string;
  readonly error_position: string;
  readonly error_message: string;
  readonly malformed_json: string;
  readonly tool_name: string;
  readonly schema_example: string;
}

const PLACEHOLDER = /\{(failure_summary|error_type|error_position|error_message|malformed_json|tool_name|schema_example)\}/g;

/**
 * The placeholder values for a failed call (002's retry prompt template): a sentence naming the
 * failure, the error, its
 * position (`n/a` when it has none), every validation error line for ACODE-TLP-004, the
 * arguments as sent, and an example built from the tool's schema that itself validates.
 */
export function retryPromptValues(error: ToolCallError, toolName: string, parameters: JsonSchemaObject): RetryPromptValues {
  return {
    failure_summary: FAILURE_SUMMARIES[error.code] ?? `The tool call you made could not be used: ${ERROR_CODE_TITLES[error.code]}.`,
    error_type: ERROR_TYPES[error.code] ?? ERROR_CODE_TITLES[error.code],
    error_position: error.position === undefined ? 'n/a' : String(error.position),
    error_message: truncate(errorDetails(error), MAX_RETRY_ERROR_MESSAGE_LENGTH),
    malformed_json: truncate(error.rawArguments ?? '', MAX_RETRY_MALFORMED_JSON_LENGTH),
    tool_name: toolName,
    schema_example: JSON.stringify(buildExampleArguments(parameters), null, 2),
  };
}

/**
 * The values for a call to a tool that does not exist (retried by the gateway, issue 15): the
 * summary names it and lists the tools the model may call (`listed`, of `total`); `{tool_name}`
 * and `{schema_example}` show `target` (the closest tool, or the only one) when there is one, and
 * otherwise the call's own name and the list of tools as JSON.
 */
export function unknownToolPromptValues(
  error: ToolCallError,
  listed: readonly string[],
  total: number,
  target: Pick<ToolDefinition, 'name' | 'parameters'> | undefined,
  malformedJson: string,
): RetryPromptValues {
  const name = error.tool ?? '';
  const more = total > listed.length ? `, and ${total - listed.length} more` : '';
  const tools = listed.length === 0 ? 'none' : `${listed.join(', ')}${more}`;
  return {
    failure_summary: `The tool '${truncate(name, 64)}' you called does not exist. The tools you can call are: ${tools}. Call one of them instead.`,
    error_type: ERROR_TYPES[error.code] ?? ERROR_CODE_TITLES[error.code],
    error_position: 'n/a',
    error_message: truncate(errorDetails(error), MAX_RETRY_ERROR_MESSAGE_LENGTH),
    malformed_json: truncate(malformedJson, MAX_RETRY_MALFORMED_JSON_LENGTH),
    tool_name: target?.name ?? name,
    schema_example: JSON.stringify(target === undefined ? { available_tools: listed } : buildExampleArguments(target.parameters), null, 2),
  };
}

/**
 * Fills `template` in one pass: text substituted in (the model's own arguments may hold
 * `{tool_name}` or `$&`) is never read as a placeholder or a replacement pattern.
 */
export function fillRetryPrompt(template: string, values: RetryPromptValues): string {
  return template.replace(PLACEHOLDER, (_match, name: keyof RetryPromptValues) => values[name]);
}

/** `[code] message`, then one line per registry error: code, path, message, expected. */
function errorDetails(error: ToolCallError): string {
  const lines = [`[${error.code}] ${error.message}`];
  for (const validation of error.validationErrors ?? []) lines.push(validationLine(validation));
  return lines.join('\n');
}

function validationLine(error: ValidationError): string {
  const path = error.path === '' ? '(arguments)' : error.path;
  return `- [${error.code}] ${path}: ${error.message}${error.expected === undefined ? '' : ` (expected: ${error.expected})`}`;
}
