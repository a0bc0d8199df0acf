import type { RepairName } from '@acode/domain';
import type { RepairHeuristic } from './repair-heuristic.js';

type Hooks = Omit<RepairHeuristic, 'name'>;

/** A hook of one heuristic, bound to the name it records. */
export interface BoundHook<K extends keyof Hooks> {
  readonly name: RepairName;
  readonly hook: NonNullable<Hooks[K]>;
}

/** The heuristics grouped by decision point, in priority order, built once per heuristic list. */
export type HeuristicTable = { readonly [K in keyof Hooks]-?: readonly BoundHook<K>[] };

const HOOK_KEYS = [
  'skip',
  'stringDelimiter',
  'innerQuote',
  'controlCharacter',
  'invalidEscape',
  'bareKey',
  'bareValue',
  'escapedQuote',
  'missingOpeningQuote',
  'trailingComma',
  'missingComma',
  'unterminatedString',
  'unclosedContainer',
] as const satisfies readonly (keyof Hooks)[];

const cache = new WeakMap<readonly RepairHeuristic[], HeuristicTable>();

/** Groups `heuristics` by the hooks they define; memoised per list. */
export function buildHeuristicTable(heuristics: readonly RepairHeuristic[]): HeuristicTable {
  const cached = cache.get(heuristics);
  if (cached) return cached;
  const table: Record<string, BoundHook<keyof Hooks>[]> = {};
  for (const key of HOOK_KEYS) {
    table[key] = heuristics.flatMap((heuristic) => {
      const hook = heuristic[key];
      return hook === undefined ? [] : [{ name: heuristic.name, hook }];
    });
  }
  const built = table as unknown as HeuristicTable;
  cache.set(heuristics, built);
  return built;
}
