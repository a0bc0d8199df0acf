import type { IWallClock } from '@acode/application';

/** The system's calendar clock (`Date.now()`). */
export class SystemWallClock implements IWallClock {
  nowEpochMs(): number {
    return Date.now();
  }
}
