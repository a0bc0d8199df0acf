/** Calendar time, for what must hold across processes (token expiry, stored results). Swappable in tests. */
export interface IWallClock {
  /** Milliseconds since the Unix epoch. */
  nowEpochMs(): number;
}
