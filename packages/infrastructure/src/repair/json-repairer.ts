import type { RepairResult } from '@acode/domain';
import type { IClock, IJsonRepairer, JsonRepairOptions } from '@acode/application';
import { repairJson } from './repair-json.js';

/**
 * {@link IJsonRepairer} with every heuristic of {@link DEFAULT_REPAIR_HEURISTICS}; the DI seam over
 * {@link repairJson}. The clock is injected so the deadline can be tested without waiting.
 */
export class JsonRepairer implements IJsonRepairer {
  constructor(private readonly clock: IClock) {}

  /** Repairs `text`; see {@link repairJson}. */
  repair(text: string, options?: JsonRepairOptions): RepairResult {
    return repairJson(text, {
      clock: this.clock,
      ...(options?.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options?.knownInvalid === true ? { knownInvalid: true } : {}),
    });
  }
}
