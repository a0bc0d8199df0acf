import type { RepairName, RepairResult } from '@acode/domain';
import { DEFAULT_REPAIR_HEURISTICS } from '../../src/repair/default-heuristics.js';
import type { RepairHeuristic } from '../../src/repair/repair-heuristic.js';
import { repairJson } from '../../src/repair/repair-json.js';

/** A clock that never moves: no test depends on how fast the machine is. */
export const frozenClock = { now: (): number => 0 };

/** Repairs `text` with every heuristic (or `heuristics`) and a clock that never moves. */
export function repair(text: string, heuristics?: readonly RepairHeuristic[]): RepairResult {
  return repairJson(text, heuristics === undefined ? { clock: frozenClock } : { clock: frozenClock, heuristics });
}

/** Every default heuristic except `names`: shows that those alone are responsible for a repair. */
export function allBut(...names: RepairName[]): readonly RepairHeuristic[] {
  return DEFAULT_REPAIR_HEURISTICS.filter((heuristic) => !names.includes(heuristic.name));
}

/** Asserts-by-shape helper: the repaired text, or a readable marker when repair failed. */
export function repairedText(result: RepairResult): string {
  return result.success ? (result.repaired ?? '<missing repaired>') : `<failed ${result.error?.code}: ${result.error?.message}>`;
}
