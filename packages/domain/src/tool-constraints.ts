import type { SandboxIsolationLevel } from './sandbox-isolation-level.js';

/** Execution limits of a tool (001 §4.6). Absent fields take {@link DEFAULT_TOOL_CONSTRAINTS}. */
export interface ToolConstraints {
  /** Longest a run may take, in milliseconds; the executor aborts past it. 1 s to 10 min. */
  readonly maxExecutionTimeMs?: number;
  /** Largest output in bytes; longer output is truncated. 1 KiB to 100 MiB. */
  readonly maxOutputSizeBytes?: number;
  /** Whether the tool may change state outside itself (files, network, databases). */
  readonly allowSideEffects?: boolean;
  /** The weakest sandbox the tool may run in. */
  readonly requiredIsolation?: SandboxIsolationLevel;
}

/** Every field a {@link ToolConstraints} may carry; anything else is a typo the rules report. */
export const TOOL_CONSTRAINT_FIELDS: readonly (keyof ToolConstraints)[] = Object.freeze([
  'maxExecutionTimeMs',
  'maxOutputSizeBytes',
  'allowSideEffects',
  'requiredIsolation',
]);

/** 001's defaults: 60 s, 10 MiB, side effects allowed, standard isolation. */
export const DEFAULT_TOOL_CONSTRAINTS: Readonly<Required<ToolConstraints>> = Object.freeze({
  maxExecutionTimeMs: 60_000,
  maxOutputSizeBytes: 10 * 1024 * 1024,
  allowSideEffects: true,
  requiredIsolation: 'standard',
});

/** Inclusive ranges the numeric constraints must fall in (001 §5.2). */
export const TOOL_CONSTRAINT_RANGES = Object.freeze({
  maxExecutionTimeMs: Object.freeze({ min: 1_000, max: 600_000 }),
  maxOutputSizeBytes: Object.freeze({ min: 1024, max: 100 * 1024 * 1024 }),
});

/** The constraints with every default filled in. */
export function resolveToolConstraints(constraints: ToolConstraints | undefined): Required<ToolConstraints> {
  return { ...DEFAULT_TOOL_CONSTRAINTS, ...stripUndefined(constraints ?? {}) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
