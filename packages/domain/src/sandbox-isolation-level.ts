/**
 * Isolation a tool needs when it runs (001 §4.7), weakest first. The order matters: an
 * executor that cannot provide the requested level refuses the tool rather than run it weaker.
 */
export const SANDBOX_ISOLATION_LEVELS = Object.freeze(['none', 'standard', 'strict', 'restricted'] as const);

/** One of {@link SANDBOX_ISOLATION_LEVELS}. */
export type SandboxIsolationLevel = (typeof SANDBOX_ISOLATION_LEVELS)[number];

/** Orders two isolation levels: negative when `a` is weaker than `b`. */
export function compareIsolationLevels(a: SandboxIsolationLevel, b: SandboxIsolationLevel): number {
  return SANDBOX_ISOLATION_LEVELS.indexOf(a) - SANDBOX_ISOLATION_LEVELS.indexOf(b);
}
