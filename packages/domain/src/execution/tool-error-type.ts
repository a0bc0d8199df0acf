/**
 * Why a tool run did not succeed (003's error taxonomy, plus the executor's own three).
 * The orchestrator decides recovery from the type alone: `VALIDATION` goes back to the model,
 * `TRANSIENT` may be retried, `PERMANENT` is reported, and so on.
 */
export const TOOL_ERROR_TYPES = Object.freeze([
  /** The arguments broke the tool's schema, or a semantic check of the handler. */
  'VALIDATION',
  /** The tool, or what it was asked about, does not exist. */
  'NOT_FOUND',
  /** The session the call belongs to has ended (003: a domain failure, no side effects). */
  'SESSION_INACTIVE',
  /** A temporary failure (network, busy resource); trying again may work. */
  'TRANSIENT',
  /** A failure that trying again will not fix. */
  'PERMANENT',
  /** A rate limit was hit. */
  'RATE_LIMIT',
  /** Credentials were missing or refused. */
  'AUTH',
  /** The request conflicts with the state of a resource (or an execution id was reused). */
  'CONFLICT',
  /** The handler failed unexpectedly; side effects may have happened. */
  'INTERNAL',
  /** The tool needs a user's confirmation; the error carries a `confirmation_request`. */
  'CONFIRMATION_REQUIRED',
  /** A policy refused the run (mode, budget, isolation, workspace confinement). */
  'POLICY_DENIED',
  /** The run passed its `maxExecutionTimeMs` and was aborted. */
  'TIMEOUT',
] as const);

/** One of {@link TOOL_ERROR_TYPES}. */
export type ToolErrorType = (typeof TOOL_ERROR_TYPES)[number];

/** True for a member of {@link TOOL_ERROR_TYPES}. */
export function isToolErrorType(value: unknown): value is ToolErrorType {
  return typeof value === 'string' && (TOOL_ERROR_TYPES as readonly string[]).includes(value);
}
