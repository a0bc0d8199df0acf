/** Results kept per session: `keep` rounded down, and at least one (the result just saved). */
export function normaliseKeep(keep: number): number {
  return Number.isFinite(keep) ? Math.max(1, Math.floor(keep)) : 1;
}
