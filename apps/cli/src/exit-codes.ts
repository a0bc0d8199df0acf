/**
 * Exit codes of `acode`. Scripts and CI branch on them, so they are part of the interface.
 */
export const EXIT_CODES = Object.freeze({
  /** The command did what was asked; for `validate`, the arguments are valid. */
  OK: 0,
  /** Validation failed, or the tool (or version) does not exist. */
  VALIDATION_FAILED: 1,
  /** The command line or the configuration could not be used. */
  USAGE: 2,
  /** The model server could not be used: unreachable, timed out, HTTP error, unreadable answer (ACODE-MDL-001/002/003/005/007). */
  MODEL_UNAVAILABLE: 3,
  /** The server answered but the model cannot serve: not installed, or without tool support (ACODE-MDL-004/006). */
  MODEL_UNSUITABLE: 4,
  /** The acode host could not be used: unreachable, timed out, or not answering as an acode host (`tools create|update|delete|definitions`). */
  HOST_UNAVAILABLE: 5,
  /** A bug: something failed that should not have (sysexits' EX_SOFTWARE). */
  INTERNAL: 70,
} as const);

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
