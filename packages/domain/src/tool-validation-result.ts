import type { JsonObject } from './json-value.js';
import type { ValidationError } from './validation-error.js';

/** The arguments of a call passed every check. */
export interface ToolValidationSuccess {
  readonly success: true;
  /** Canonical name of the tool validated against. */
  readonly tool: string;
  /** Version validated against. */
  readonly version: string;
  /** The name the caller used, when it was an alias or differed in case. */
  readonly requestedName?: string;
  /** The parsed arguments with the schema's defaults applied; the caller's input is untouched. */
  readonly arguments: JsonObject;
  /** Correlation id of the operation this validation belonged to. */
  readonly correlationId: string;
}

/** The arguments were refused; `errors` says why, sanitised for the model. */
export interface ToolValidationFailure {
  readonly success: false;
  /** Canonical name, or the requested name when the tool is unknown. */
  readonly tool: string;
  /** Version validated against; absent when the tool is unknown. */
  readonly version?: string;
  /** The name the caller used, when it was an alias or differed in case. */
  readonly requestedName?: string;
  /** At most 50 errors, in schema order. */
  readonly errors: readonly ValidationError[];
  /**
   * Errors found past the cap and left out; absent when none were (issue 13). A lower bound: to
   * keep hostile input cheap the validator stops looking shortly past the cap, so there may be more.
   */
  readonly omittedErrors?: number;
  /** One line summarising the schema, such as `file_read expects: {path: string (required)}`. */
  readonly schemaHint?: string;
  /** For unknown tools: the names that do exist, and the closest one. */
  readonly availableTools?: readonly string[];
  /** For unknown tools: the closest registered name, when one is close. */
  readonly didYouMean?: string;
  /** Correlation id of the operation this validation belonged to. */
  readonly correlationId: string;
}

/** What `tryValidateArguments` returns: expected failures are results, not exceptions (BP-009). */
export type ToolValidationResult = ToolValidationSuccess | ToolValidationFailure;

/**
 * The error envelope a model sees in a tool-result message (000's retry contract). snake_case
 * on the wire because that is what the documents show the model.
 */
export interface ToolErrorEnvelope {
  readonly success: false;
  readonly tool: string;
  readonly errors: ReadonlyArray<{
    readonly path: string;
    readonly code: string;
    readonly message: string;
    readonly expected?: string;
    readonly actual?: string;
    readonly suggestion?: string;
  }>;
  /** Errors found past the cap and left out (at least this many); absent when none were. */
  readonly omitted_errors?: number;
  /** `...and at least 20 more errors not shown`, with `omitted_errors`. */
  readonly omitted_errors_note?: string;
  readonly schema_hint?: string;
  readonly available_tools?: readonly string[];
  readonly did_you_mean?: string;
  readonly correlation_id: string;
}

/** Builds the model-facing envelope of a failed validation. */
export function toErrorEnvelope(failure: ToolValidationFailure): ToolErrorEnvelope {
  return {
    success: false,
    tool: failure.tool,
    errors: failure.errors.map(({ path, code, message, expected, actual, suggestion }) =>
      dropUndefined({ path, code, message, expected, actual, suggestion }),
    ),
    ...dropUndefined({
      omitted_errors: failure.omittedErrors !== undefined && failure.omittedErrors > 0 ? failure.omittedErrors : undefined,
      omitted_errors_note: failure.omittedErrors !== undefined && failure.omittedErrors > 0 ? omittedErrorsNote(failure.omittedErrors) : undefined,
      schema_hint: failure.schemaHint,
      available_tools: failure.availableTools,
      did_you_mean: failure.didYouMean,
    }),
    correlation_id: failure.correlationId,
  } as ToolErrorEnvelope;
}

/** `...and at least 1 more error not shown`: the words every surface uses for a capped list. */
export function omittedErrorsNote(count: number): string {
  return `...and at least ${count} more ${count === 1 ? 'error' : 'errors'} not shown; fix these and validate again to see the rest`;
}

function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
