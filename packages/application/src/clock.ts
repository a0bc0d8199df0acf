/** Monotonic time, swappable in tests. */
export interface IClock {
  /** Milliseconds from an arbitrary origin, sub-millisecond precision. */
  now(): number;
}
