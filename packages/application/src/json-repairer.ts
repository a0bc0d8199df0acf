import type { RepairResult } from '@acode/domain';

/** Options of one repair. */
export interface JsonRepairOptions {
  /** Budget in milliseconds; past it the repair stops with ACODE-TLP-007. Default 100. */
  readonly timeoutMs?: number;
  /**
   * The caller has already found the text invalid (the tool-call parser scans it first), so the
   * repairer skips its valid-input check: a failing `JSON.parse` is the most expensive step of a
   * small repair, and it would be paid twice.
   */
  readonly knownInvalid?: boolean;
}

/**
 * Repairs the JSON damage local models emit (trailing commas, cut-off output, single quotes...).
 * Valid JSON comes back untouched and unflagged; the repairer never evaluates its input and runs
 * in time linear in it.
 */
export interface IJsonRepairer {
  repair(text: string, options?: JsonRepairOptions): RepairResult;
}
