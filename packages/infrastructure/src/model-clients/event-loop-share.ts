/**
 * Work done in one turn of the event loop before the gateway's streams and request starts step
 * aside, counted in bytes of model answer parsed (a request's start counts as
 * {@link REQUEST_START_COST}). Under it a turn costs a few milliseconds, so a health check or a
 * new request waits for at most that, however many answers stream at once.
 */
export const SHARE_PER_TURN = 256 * 1024;

/** What starting a gateway request costs, in the same units: about what parsing 16 KiB of a streamed answer does. */
export const REQUEST_START_COST = 16 * 1024;

let spent = 0;
let resetPending = false;

/**
 * Counts `cost` of work about to be done in this turn of the event loop; once the turn's share is
 * spent, returns a promise that settles in a later turn (after the pending I/O is served), when
 * the share allows it, and the caller waits for it before doing the work. Shared by the whole
 * process: without it, hundreds of answers streaming at once are each parsed in full within one
 * turn, and the process answers nothing else for as long as that takes.
 */
export function eventLoopShare(cost: number): Promise<void> | undefined {
  if (!resetPending) {
    resetPending = true;
    // The check phase of this turn starts the next share; work deferred now runs after it.
    setImmediate(resetShare);
  }
  // Work larger than a whole share still passes, alone, at the start of a turn.
  if (spent === 0 || spent + cost <= SHARE_PER_TURN) {
    spent += cost;
    return undefined;
  }
  // Asked again in the later turn: the work deferred together does not all pass at once there.
  return new Promise<void>((resolve) => setImmediate(resolve)).then(() => eventLoopShare(cost));
}

function resetShare(): void {
  spent = 0;
  resetPending = false;
}
