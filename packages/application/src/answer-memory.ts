/**
 * What an answer may keep in memory while it is read: the model client claims the bytes it holds
 * (a whole answer's body, a line not yet ended, text kept for parsing) and releases those it
 * lets go. A claim past the limit throws, so a server that sends more than the caller allows
 * cannot grow the process: the request stops there with the thrower's error.
 */
export interface AnswerMemory {
  /**
   * Claims `bytes` more for this answer.
   * @throws ModelClientException (ACODE-GTW-006) when the answer's or the process's limit would be passed.
   */
  claim(bytes: number): void;
  /** Gives back `bytes` claimed before (a line handed on, a buffer dropped). */
  release(bytes: number): void;
}
