import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"text": "line one<LF>line two"}` → `{"text": "line one\nline two"}`: a raw line break, tab or
 * other control character inside a string (JSON forbids them, models write them in multi-line
 * content) is written as its escape. Outside strings they are whitespace or an error, as before.
 */
export const rawControlCharacter: RepairHeuristic = {
  name: 'raw_control_character',
  controlCharacter: () => true,
};
