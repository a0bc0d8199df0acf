import {
  canonicalJson,
  closestName,
  initialSessionState,
  resolveToolConstraints,
  type ClampedArgument,
  type ExecutionPolicy,
  type InteractionMode,
  type RefusedIntent,
  type SandboxIsolationLevel,
  type ToolConstraints,
  type ToolFailure,
  type ToolResponse,
} from '@acode/domain';
import type { IClock } from '../clock.js';
import type { ILogger } from '../logger.js';
import type { IIdGenerator } from '../id-generator.js';
import type { ToolArguments, IToolSchemaRegistry } from '../tool-schema-registry.js';
import type { IWallClock } from '../wall-clock.js';
import { EXECUTION_ID_PATTERN, invalidArguments, invalidExecutionId, toolWithoutHandler, unkeyableArguments, unknownTool } from './call-failures.js';
import { confirmationPolicy } from './policies/confirmation-policy.js';
import { isolationPolicy } from './policies/isolation-policy.js';
import { modeClampPolicy } from './policies/mode-clamp-policy.js';
import { modePolicy } from './policies/mode-policy.js';
import { permissionPolicy } from './policies/permission-policy.js';
import { registryVersionPolicy } from './policies/registry-version-policy.js';
import { retrievalBudgetPolicy } from './policies/retrieval-budget-policy.js';
import {
  enforcePolicies,
  type AdmissionCall,
  type PolicyEnvironment,
  type ResolvedCall,
  type SessionCall,
  type ToolCallPolicy,
} from './policies/tool-call-policy.js';
import { interpretRunOutcome, internalError, type RunResult } from './run-outcome-result.js';
import { StateController } from './state-controller.js';
import type { IToolCatalog } from './tool-catalog.js';
import type { IToolExecutionStore, StoredExecution } from './tool-execution-store.js';
import type { IToolRunner } from './tool-runner.js';
import { ToolSession, type IToolSession } from './tool-session.js';

/** One call to run. */
export interface ToolExecutionRequest {
  /** Tool name as the model or user wrote it (aliases and case resolved by the registry). */
  readonly name: string;
  /** Arguments: JSON text or an object. */
  readonly args: ToolArguments;
  /** Idempotency key; a repeated id replays the stored result. Generated when absent. */
  readonly executionId?: string;
  /** A token from an earlier `CONFIRMATION_REQUIRED`. */
  readonly confirmationToken?: string;
  /** Cancels the run. */
  readonly signal?: AbortSignal;
}

/** What the executor is built from (all ports; the app's container supplies them). */
export interface ToolExecutorDependencies {
  readonly registry: IToolSchemaRegistry;
  readonly catalog: IToolCatalog;
  /** One runner per isolation level the host can provide. */
  readonly runners: readonly IToolRunner[];
  readonly store: IToolExecutionStore;
  readonly ids: IIdGenerator;
  readonly clock: IClock;
  readonly wallClock: IWallClock;
  readonly logger: ILogger;
  readonly policy: ExecutionPolicy;
  /** Absolute path file tools are confined to. */
  readonly workspaceRoot: string;
  /** Workspace-relative paths tools may not write, besides the built-in ones (`execution.protected_paths`). */
  readonly protectedPaths?: readonly string[];
  /** Host variables handlers get besides the base allowlist (`execution.handler_env`). */
  readonly handlerEnv?: readonly string[];
}

/** How to open a session. */
export interface ToolSessionOptions {
  /** Stable id (a CLI uses one per project so tokens outlive the process); generated when absent. */
  readonly id?: string;
  readonly mode: InteractionMode;
}

/**
 * The execution use case (003 + 001 §4.6-4.7): validate with the registry, apply the policies,
 * run the handler through the runner of its isolation level, and return the envelope
 * `{ ok, data | error, intents, meta }`. Never throws for anything a call can get wrong.
 */
export interface IToolExecutor {
  /** A session pinned to the catalog's registry version, in a mode. */
  openSession(options: ToolSessionOptions): IToolSession;
  /** Runs one call in a session. */
  execute(session: IToolSession, request: ToolExecutionRequest): Promise<ToolResponse>;
}

/** Policies that need only the session, run before the name is looked up. */
export const SESSION_POLICIES: readonly ToolCallPolicy<SessionCall>[] = Object.freeze([registryVersionPolicy]);

/** Policies that need the tool, run before its arguments are validated. */
export const TOOL_POLICIES: readonly ToolCallPolicy<ResolvedCall>[] = Object.freeze([modePolicy, permissionPolicy]);

/** Policies that need the validated arguments, in 003's order; confirmation last so a token is only asked for a call that may run. */
export const ADMISSION_POLICIES: readonly ToolCallPolicy<AdmissionCall>[] = Object.freeze([
  modeClampPolicy,
  isolationPolicy,
  retrievalBudgetPolicy,
  confirmationPolicy,
]);

/** The facts an envelope's `meta` is built from, gathered as the call goes through the steps. */
interface MetaFacts {
  tool: string;
  executionId: string;
  toolVersion?: string;
  requestedName?: string;
  latencyBudgetMs?: number;
  isolation?: SandboxIsolationLevel;
  clampedArguments?: readonly ClampedArgument[];
  refusedIntents?: readonly RefusedIntent[];
  outputTruncated?: { readonly originalBytes: number; readonly limitBytes: number };
  retries?: number;
}

/** Longest name echoed in `meta.tool` for an unknown tool. */
const MAX_SHOWN_NAME_LENGTH = 64;

/**
 * The execution use case: resolves, validates, applies the policies, deduplicates by execution
 * id, runs the handler through the runner of its isolation and returns the envelope. Every step a
 * call can fail at ends in a failure envelope; an unexpected exception is logged and answered with
 * `INTERNAL`, so `execute` never rejects.
 */
export class ToolExecutor implements IToolExecutor {
  readonly #deps: ToolExecutorDependencies;
  readonly #environment: PolicyEnvironment;
  /** Runs under way by session and execution id, so a concurrent duplicate waits and replays instead of running twice. */
  readonly #inFlight = new Map<string, Promise<StoredExecution | undefined>>();

  constructor(dependencies: ToolExecutorDependencies) {
    this.#deps = dependencies;
    const { catalog, runners, store, ids, wallClock, policy } = dependencies;
    this.#environment = { catalog, runners, store, ids, wallClock, policy };
  }

  openSession(options: ToolSessionOptions): IToolSession {
    const id = options.id ?? this.#deps.ids.nextId('session');
    return new ToolSession({
      id,
      mode: options.mode,
      registryVersion: this.#deps.catalog.registryVersion,
      state: new StateController(initialSessionState(options.mode), this.#deps.logger, id),
    });
  }

  async execute(session: IToolSession, request: ToolExecutionRequest): Promise<ToolResponse> {
    const startedAt = this.#deps.clock.now();
    const facts: MetaFacts = { tool: shownName(request.name), executionId: '' };
    let response: ToolResponse;
    try {
      response = await this.#process(session, request, facts, startedAt);
    } catch (error) {
      this.#deps.logger.error('tool execution failed unexpectedly', { tool: facts.tool, executionId: facts.executionId, error: describeError(error) });
      const result = internalError({ name: facts.tool }, describeError(error));
      response = this.#respond(session, facts, result, startedAt);
    }
    this.#logExecution(session, response);
    return response;
  }

  async #process(session: IToolSession, request: ToolExecutionRequest, facts: MetaFacts, startedAt: number): Promise<ToolResponse> {
    const fail = (failure: ToolFailure): ToolResponse => this.#respond(session, facts, { ok: false, failure }, startedAt);

    // a. The caller's id is echoed and used as a key, so only a safe one is taken.
    const given: unknown = request.executionId;
    if (given !== undefined && !(typeof given === 'string' && EXECUTION_ID_PATTERN.test(given))) {
      facts.executionId = this.#deps.ids.nextId('exec');
      return fail(invalidExecutionId());
    }
    facts.executionId = given ?? this.#deps.ids.nextId('exec');

    // b. The registry version the session pinned.
    const sessionCall: SessionCall = { session, executionId: facts.executionId, confirmationToken: request.confirmationToken };
    const pinned = enforcePolicies(SESSION_POLICIES, sessionCall, this.#environment);
    if (!pinned.allowed) return fail(pinned.failure);

    // c. Name to tool (aliases, case), then to its handler.
    const lookup = typeof request.name === 'string' ? this.#deps.registry.findTool(request.name) : undefined;
    if (lookup === undefined) return fail(this.#unknownTool(request.name));
    const canonical = lookup.definition.name;
    facts.tool = canonical;
    if (lookup.requestedName !== undefined) facts.requestedName = lookup.requestedName;
    const catalogTool = this.#deps.catalog.find(canonical);
    if (catalogTool === undefined) return fail(toolWithoutHandler(canonical, this.#deps.catalog.registryVersion));
    const definition = catalogTool.definition;
    facts.toolVersion = definition.version;
    if (definition.latencyBudgetMs !== undefined) facts.latencyBudgetMs = definition.latencyBudgetMs;

    // d. Mode, before validation: no point asking the model to fix arguments of a tool it may not use.
    const resolved = enforcePolicies(TOOL_POLICIES, { ...pinned.call, definition, catalogTool }, this.#environment);
    if (!resolved.allowed) return fail(resolved.failure);

    // e. Arguments, against the version the handler was built for.
    const validation = this.#deps.registry.tryValidateArguments(canonical, request.args, { version: definition.version });
    if (!validation.success) return fail(invalidArguments(canonical, validation));
    const argsCanonical = canonicalJson(validation.arguments);
    if (argsCanonical === undefined) return fail(unkeyableArguments(canonical));

    // f. Idempotency: a repeated execution id replays or conflicts, never runs again. An id the
    // executor just made cannot have been used: no look-up (a database read in production).
    const key = `${session.id}\u0000${facts.executionId}`;
    // No await unless a run is under way: between this look-up and `#inFlight.set` below nothing may interleave.
    const pending = given === undefined ? undefined : this.#inFlight.get(key);
    const previous = given === undefined ? undefined : pending === undefined ? this.#deps.store.findExecution(session.id, facts.executionId, argsCanonical) : await pending;
    if (previous !== undefined) {
      if (previous.tool === canonical && previous.argsCanonical === argsCanonical) {
        return { ...previous.response, meta: { ...previous.response.meta, replayed: true } };
      }
      return fail({
        type: 'CONFLICT',
        message: 'Execution id reused with a different tool or different arguments',
        retryable: false,
        suggestion: 'Send a new execution id for a new call',
      });
    }

    // g-j. Clamps, isolation, retrieval budget, confirmation.
    const admission = enforcePolicies(ADMISSION_POLICIES, { ...resolved.call, args: validation.arguments, clampedArguments: [] }, this.#environment);
    if (!admission.allowed) return fail(admission.failure);
    const call = admission.call;
    if (call.clampedArguments.length > 0) facts.clampedArguments = call.clampedArguments;
    if (call.runner === undefined) throw new Error('isolation policy admitted a call without a runner');

    // k-m. Run once; a concurrent duplicate waits for this run and replays it.
    const run = this.#run(call, call.runner, request.signal, facts, startedAt);
    const stored = run.then((response) => ({ tool: canonical, argsCanonical, response }));
    this.#inFlight.set(key, stored.catch(() => undefined));
    try {
      const execution = await stored;
      this.#remember(session.id, facts.executionId, execution);
      return execution.response;
    } finally {
      this.#inFlight.delete(key);
    }
  }

  async #run(call: AdmissionCall, runner: IToolRunner, signal: AbortSignal | undefined, facts: MetaFacts, startedAt: number): Promise<ToolResponse> {
    const { definition, session } = call;
    const constraints = resolveToolConstraints(definition.constraints);
    if (definition.kind === 'retrieval') session.countRetrieval();
    facts.isolation = runner.isolation;
    // 003: an idempotent tool's retryable TRANSIENT failure may be retried, by mode (text once, voice never).
    const retries = Math.max(0, Math.floor(this.#deps.policy.transientRetries[session.mode]));
    let result: RunResult;
    for (let attempt = 0; ; attempt++) {
      result = await this.#attempt(call, runner, constraints, signal);
      if (!isRetriableTransient(result, definition.idempotent === true, signal) || attempt >= retries) break;
      this.#deps.logger.warn('tool transient failure retried', { tool: definition.name, executionId: call.executionId, attempt: attempt + 1, mode: session.mode });
      await pause(this.#deps.policy.transientRetryBackoffMs, signal);
      if (signal?.aborted === true) break;
      facts.retries = attempt + 1;
    }
    if (result.ok && definition.outputSchema !== undefined) result = this.#checkOutput(call, result, facts);
    if (result.ok) {
      if (result.outputTruncated !== undefined) facts.outputTruncated = result.outputTruncated;
      // l. Only a success changes session state.
      const refused = session.state.applyAll(result.intents);
      if (refused.length > 0) facts.refusedIntents = refused;
    }
    return this.#respond(session, facts, result, startedAt);
  }

  /** One handler run through the runner, interpreted; a crash is logged here. */
  async #attempt(call: AdmissionCall, runner: IToolRunner, constraints: Required<ToolConstraints>, signal: AbortSignal | undefined): Promise<RunResult> {
    const { definition, session } = call;
    const outcome = await runner.run({
      tool: call.catalogTool,
      args: call.args,
      context: {
        mode: session.mode,
        executionId: call.executionId,
        tool: { name: definition.name, version: definition.version, idempotent: definition.idempotent === true },
        session: { id: session.id, registryVersion: session.registryVersion, state: session.state.snapshot() },
        deadline: this.#deps.wallClock.nowEpochMs() + constraints.maxExecutionTimeMs,
        workspaceRoot: this.#deps.workspaceRoot,
        ...(this.#deps.protectedPaths === undefined ? {} : { protectedPaths: this.#deps.protectedPaths }),
        ...(this.#deps.handlerEnv === undefined ? {} : { handlerEnv: this.#deps.handlerEnv }),
      },
      timeoutMs: constraints.maxExecutionTimeMs,
      maxOutputBytes: constraints.maxOutputSizeBytes,
      ...(signal === undefined ? {} : { signal }),
      audit: (event, data) => this.#deps.logger.info('tool audit', { tool: definition.name, executionId: call.executionId, event, data }),
    });
    const result = interpretRunOutcome(outcome, definition, constraints.maxExecutionTimeMs);
    if (!result.ok && result.crashDetail !== undefined) {
      this.#deps.logger.error('tool handler failed', { tool: definition.name, executionId: call.executionId, detail: result.crashDetail });
    }
    return result;
  }

  /**
   * 001 §4.2/§5.1: a success is checked against the tool's `outputSchema` (compiled at
   * registration). A mismatch is `INTERNAL`: the handler broke its contract, and its data is
   * neither returned nor logged; the log gets the error paths and codes. Truncated data is
   * checked as cut, so a schema'd tool whose output passed `maxOutputSizeBytes` fails too.
   */
  #checkOutput(call: AdmissionCall, result: Extract<RunResult, { ok: true }>, facts: MetaFacts): RunResult {
    const { definition } = call;
    const checked = this.#deps.registry.tryValidateOutput(definition.name, result.data, { version: definition.version });
    if (checked.valid) return result;
    const summary = checked.errors
      .slice(0, 5)
      .map((error) => `${error.code} at ${error.path || '/'}`)
      .join('; ');
    const truncated = result.outputTruncated !== undefined;
    this.#deps.logger.error('tool result does not match its outputSchema', {
      tool: definition.name,
      executionId: call.executionId,
      error_count: checked.errors.length,
      error_summary: summary,
      ...(truncated ? { output_truncated: true } : {}),
    });
    if (truncated) facts.outputTruncated = result.outputTruncated;
    const cut = truncated ? ' after it was cut at maxOutputSizeBytes' : '';
    const message = `Tool ${definition.name} returned a result that does not match its outputSchema${cut}`;
    return { ok: false, failure: { type: 'INTERNAL', message, retryable: false, partialSideEffects: mayHaveChangedSomething(definition) } };
  }

  #unknownTool(name: unknown): ToolFailure {
    // Only tools with a handler are worth offering: the catalog's names and aliases.
    const runnable = this.#deps.catalog.tools().map((tool) => tool.definition.name).sort();
    const candidates = this.#deps.catalog.tools().flatMap((tool) => [tool.definition.name, ...(tool.definition.aliases ?? [])]);
    const didYouMean = typeof name === 'string' ? closestName(name, candidates) : undefined;
    return unknownTool(name, runnable, didYouMean);
  }

  /** Stores a run's response for replay; a store failure costs replay, not the response. */
  #remember(sessionId: string, executionId: string, execution: StoredExecution): void {
    try {
      this.#deps.store.saveExecution(sessionId, executionId, execution, this.#deps.policy.idempotencyHistory);
    } catch (error) {
      this.#deps.logger.error('tool execution result not stored', { tool: execution.tool, executionId, error: describeError(error) });
    }
  }

  #respond(session: IToolSession, facts: MetaFacts, result: RunResult, startedAt: number): ToolResponse {
    const durationMs = this.#deps.clock.now() - startedAt;
    const overBudget = facts.latencyBudgetMs !== undefined && durationMs > facts.latencyBudgetMs;
    if (overBudget) {
      this.#deps.logger.warn('tool latency budget exceeded', { tool: facts.tool, executionId: facts.executionId, durationMs, latencyBudgetMs: facts.latencyBudgetMs });
    }
    const meta = {
      tool: facts.tool,
      ...(facts.toolVersion === undefined ? {} : { toolVersion: facts.toolVersion }),
      registryVersion: session.registryVersion,
      durationMs,
      executionId: facts.executionId,
      mode: session.mode,
      ...(facts.requestedName === undefined ? {} : { requestedName: facts.requestedName }),
      ...(facts.isolation === undefined ? {} : { isolation: facts.isolation }),
      ...(facts.latencyBudgetMs === undefined ? {} : { latencyBudgetMs: facts.latencyBudgetMs }),
      ...(overBudget ? { latencyBudgetExceeded: true } : {}),
      ...(facts.outputTruncated === undefined ? {} : { outputTruncated: facts.outputTruncated }),
      ...(facts.clampedArguments === undefined ? {} : { clampedArguments: facts.clampedArguments }),
      ...(facts.refusedIntents === undefined ? {} : { refusedIntents: facts.refusedIntents }),
      ...(facts.retries === undefined ? {} : { retries: facts.retries }),
    };
    return result.ok ? { ok: true, data: result.data, intents: result.intents, meta } : { ok: false, error: result.failure, intents: [], meta };
  }

  #logExecution(session: IToolSession, response: ToolResponse): void {
    const { meta } = response;
    this.#deps.logger.info('tool executed', {
      tool: meta.tool,
      toolVersion: meta.toolVersion,
      registryVersion: meta.registryVersion,
      executionId: meta.executionId,
      sessionId: session.id,
      mode: meta.mode,
      ok: response.ok,
      errorType: response.ok ? undefined : response.error.type,
      durationMs: meta.durationMs,
      replayed: meta.replayed,
    });
  }
}

/** A caller's name as shown in `meta.tool` when it resolves to nothing: cut, never a non-string. */
function shownName(name: unknown): string {
  if (typeof name !== 'string') return '(invalid name)';
  return name.length > MAX_SHOWN_NAME_LENGTH ? `${name.slice(0, MAX_SHOWN_NAME_LENGTH)}…` : name;
}

/** Whether a run of the tool may have changed something; unknown side effects count as yes. */
function mayHaveChangedSomething(definition: { readonly sideEffects?: string }): boolean {
  return definition.sideEffects !== 'none' && definition.sideEffects !== 'read_only';
}

/** A failure worth one more run: retryable `TRANSIENT` of an idempotent tool, not a cancellation by the caller. */
function isRetriableTransient(result: RunResult, idempotent: boolean, signal: AbortSignal | undefined): boolean {
  return !result.ok && idempotent && result.failure.type === 'TRANSIENT' && result.failure.retryable && signal?.aborted !== true;
}

/** Waits `ms` milliseconds, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0 || signal?.aborted === true) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
