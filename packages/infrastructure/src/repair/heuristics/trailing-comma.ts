import type { RepairHeuristic } from '../repair-heuristic.js';

/** `{"a": 1, "b": 2,}` → `{"a": 1, "b": 2}`: drops a `,` that stands directly before `}` or `]`. */
export const trailingComma: RepairHeuristic = {
  name: 'trailing_comma',
  trailingComma: () => true,
};
