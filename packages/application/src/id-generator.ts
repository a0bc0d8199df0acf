/** Makes the identifiers the executor hands out. Swappable in tests for predictable ids. */
export interface IIdGenerator {
  /** A new execution or session id, unique enough to key stored results (`exec_…`). */
  nextId(prefix: string): string;
  /** A new unguessable token (at least 128 random bits, URL-safe), for confirmations. */
  secretToken(): string;
}
