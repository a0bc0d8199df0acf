import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"msg": "hel` → `{"msg": "hel"}`: a string cut off by the end of the text is closed. An escape
 * sequence cut in half (`\`, `\u00`) is dropped first, since it cannot be completed faithfully.
 */
export const truncatedString: RepairHeuristic = {
  name: 'truncated_string',
  unterminatedString: () => true,
};
