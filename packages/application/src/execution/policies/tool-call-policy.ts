import type { ClampedArgument, ExecutionPolicy, JsonObject, ToolDefinition, ToolFailure } from '@acode/domain';
import type { IIdGenerator } from '../../id-generator.js';
import type { IWallClock } from '../../wall-clock.js';
import type { CatalogTool, IToolCatalog } from '../tool-catalog.js';
import type { IToolExecutionStore } from '../tool-execution-store.js';
import type { IToolRunner } from '../tool-runner.js';
import type { IToolSession } from '../tool-session.js';

/** A call as soon as it arrives: the session it belongs to and the caller's extras. */
export interface SessionCall {
  readonly session: IToolSession;
  readonly executionId: string;
  readonly confirmationToken?: unknown;
}

/** A call whose name resolved to a tool with a handler. */
export interface ResolvedCall extends SessionCall {
  /** The definition the handler was built for. */
  readonly definition: ToolDefinition;
  readonly catalogTool: CatalogTool;
}

/** A call whose arguments passed the schema; what the admission policies refine. */
export interface AdmissionCall extends ResolvedCall {
  /** Validated arguments with defaults, then lowered by mode clamps. */
  readonly args: JsonObject;
  /** What the clamps lowered, for `meta.clampedArguments`. */
  readonly clampedArguments: readonly ClampedArgument[];
  /** The runner picked by the isolation policy. */
  readonly runner?: IToolRunner;
}

/** A policy's answer: go on with the (possibly refined) call, or stop with a failure. */
export type PolicyVerdict<TCall> = { readonly allowed: true; readonly call: TCall } | { readonly allowed: false; readonly failure: ToolFailure };

/** What policies may consult besides the call; the executor's ports, read-only. */
export interface PolicyEnvironment {
  readonly catalog: IToolCatalog;
  readonly runners: readonly IToolRunner[];
  readonly store: IToolExecutionStore;
  readonly ids: IIdGenerator;
  readonly wallClock: IWallClock;
  readonly policy: ExecutionPolicy;
}

/**
 * One orchestration rule (003 "policy enforcement in code, not in the prompt"). Every policy has
 * this shape, like an Ajv keyword: a name for logs and one `check` that allows, refines or
 * refuses. `TCall` is the least a policy needs to know, which also fixes where it can run.
 */
export interface ToolCallPolicy<TCall extends SessionCall> {
  readonly name: string;
  check(call: TCall, environment: PolicyEnvironment): PolicyVerdict<TCall>;
}

/** Runs policies in order; the first refusal wins. */
export function enforcePolicies<TCall extends SessionCall>(
  policies: readonly ToolCallPolicy<TCall>[],
  call: TCall,
  environment: PolicyEnvironment,
): PolicyVerdict<TCall> {
  let current = call;
  for (const policy of policies) {
    const verdict = policy.check(current, environment);
    if (!verdict.allowed) return verdict;
    current = verdict.call;
  }
  return { allowed: true, call: current };
}

/** Shorthand for a refusal. */
export function deny<TCall>(failure: ToolFailure): PolicyVerdict<TCall> {
  return { allowed: false, failure };
}

/** Shorthand for letting a call through. */
export function allow<TCall>(call: TCall): PolicyVerdict<TCall> {
  return { allowed: true, call };
}
