import type { InteractionMode } from '../interaction-mode.js';
import type { JsonValue } from '../json-value.js';
import type { SandboxIsolationLevel } from '../sandbox-isolation-level.js';
import type { RefusedIntent, ToolIntent } from './tool-intent.js';
import type { ToolFailure } from './tool-failure.js';

/** An argument the executor lowered to the mode's maximum (003's `top_k` clamp in voice). */
export interface ClampedArgument {
  /** Top-level argument name. */
  readonly argument: string;
  /** What the call asked for (after defaults). */
  readonly requested: number;
  /** What the handler was given. */
  readonly applied: number;
}

/** Facts about one run, on every envelope (003: "automatic version tracking"). */
export interface ToolResponseMeta {
  /** Canonical tool name (also when the call used an alias or a different case). */
  readonly tool: string;
  /** The tool's version; absent when the tool is unknown. */
  readonly toolVersion?: string;
  /** The built registry version the session pinned. */
  readonly registryVersion: string;
  /** Wall time from receiving the call to the envelope, in milliseconds. */
  readonly durationMs: number;
  /** The call's execution id: the caller's, or one generated. Idempotency key. */
  readonly executionId: string;
  /** Mode the call ran in. */
  readonly mode: InteractionMode;
  /** The name the call used, when it was an alias or differed in case. */
  readonly requestedName?: string;
  /** Where the handler ran. Absent when it never ran. */
  readonly isolation?: SandboxIsolationLevel;
  /** The tool's latency budget, when it has one. */
  readonly latencyBudgetMs?: number;
  /** Present and true when `durationMs` passed the latency budget (logged as a warning too). */
  readonly latencyBudgetExceeded?: boolean;
  /** Present when the output passed `maxOutputSizeBytes` and was cut. */
  readonly outputTruncated?: { readonly originalBytes: number; readonly limitBytes: number };
  /** Arguments lowered by a mode clamp. */
  readonly clampedArguments?: readonly ClampedArgument[];
  /** Present and true when this envelope is the stored result of an earlier run with the same execution id. */
  readonly replayed?: boolean;
  /** Intents the state controller refused. */
  readonly refusedIntents?: readonly RefusedIntent[];
  /** Runs repeated after a retryable `TRANSIENT` failure of an idempotent tool (003: once in text mode); absent when none. */
  readonly retries?: number;
}

/** A run that succeeded. */
export interface ToolSuccessResponse {
  readonly ok: true;
  /** What the handler returned (possibly truncated, see `meta.outputTruncated`). */
  readonly data: JsonValue;
  /** State changes the handler asked for, as returned. */
  readonly intents: readonly ToolIntent[];
  readonly meta: ToolResponseMeta;
}

/** A run that failed, was refused, or never started. */
export interface ToolFailureResponse {
  readonly ok: false;
  readonly error: ToolFailure;
  /** Always empty: a failed run changes no session state. */
  readonly intents: readonly ToolIntent[];
  readonly meta: ToolResponseMeta;
}

/** The one envelope every tool run returns (003), standardised on `ok`. */
export type ToolResponse = ToolSuccessResponse | ToolFailureResponse;
