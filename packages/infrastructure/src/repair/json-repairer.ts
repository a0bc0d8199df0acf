import type { RepairResult } from '@acode/domain';
import { TOKENS, type IClock, type IJsonRepairer, type JsonRepairOptions } from '@acode/application';
import { inject, injectable } from 'tsyringe';
import { repairJson } from './repair-json.js';

/**
 * {@link IJsonRepairer} with every heuristic of {@link DEFAULT_REPAIR_HEURISTICS}; the DI seam over
 * {@link repairJson}. The clock is injected so the deadline can be tested without waiting.
 */
@injectable()
export class JsonRepairer implements IJsonRepairer {
  constructor(@inject(TOKENS.Clock) private readonly clock: IClock) {}

  /** Repairs `text`; see {@link repairJson}. */
  repair(text: string, options?: JsonRepairOptions): RepairResult {
    return repairJson(text, {
      clock: this.clock,
      ...(options?.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options?.knownInvalid === true ? { knownInvalid: true } : {}),
    });
  }
}
