import type { RepairHeuristic } from '../repair-heuristic.js';

/** Python's spellings of JSON's literals. */
const LITERALS: Readonly<Record<string, string>> = Object.freeze({ True: 'true', False: 'false', None: 'null' });

/**
 * `{"force": True, "dir": None}` → `{"force": true, "dir": null}`: `True`, `False` and `None`
 * where a value is expected become `true`, `false` and `null`. Only these exact words; inside
 * strings and as property names they are left alone.
 */
export const pythonLiterals: RepairHeuristic = {
  name: 'python_literals',
  bareValue: (word) => (Object.hasOwn(LITERALS, word) ? LITERALS[word] : undefined),
};
