/**
 * When the live view reads its figures again after pushed calls. A pure debounce would never read
 * them while calls keep arriving faster than its delay; this one reads them a short quiet time after
 * the last call, but never waits more than `everyMs` while calls keep coming, and never reads them
 * twice within `everyMs`. The last call of a burst is always followed by one read.
 */
export interface RefreshThrottle {
  /** A call arrived: a read is due. */
  readonly call: () => void;
  /** Forget the read due (the view is gone). */
  readonly cancel: () => void;
}

export function refreshThrottle(run: () => void, quietMs: number, everyMs: number): RefreshThrottle {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the first call not yet followed by a read arrived. */
  let firstPending: number | undefined;
  let lastRun = Number.NEGATIVE_INFINITY;
  const fire = () => {
    timer = undefined;
    firstPending = undefined;
    lastRun = Date.now();
    run();
  };
  return {
    call() {
      const now = Date.now();
      firstPending ??= now;
      // Quiet time after this call, but no later than `everyMs` after the first waiting one, and no sooner than `everyMs` after the last read.
      const at = Math.max(Math.min(now + quietMs, firstPending + everyMs), lastRun + everyMs);
      clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, at - now));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      firstPending = undefined;
    },
  };
}
