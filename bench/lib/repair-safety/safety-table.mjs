// @ts-check
/**
 * The safety run as a report table: one row per damage kind, then the total, this project and the
 * peer side by side on the same cases.
 */

/** @typedef {import('./safety-run.mjs').SafetyReport} SafetyReport */
/** @typedef {import('./safety-run.mjs').Tally} Tally */

/**
 * @typedef {object} SafetyComparison
 * @property {number} seed
 * @property {number} count
 * @property {SafetyReport} acode
 * @property {SafetyReport} peer
 * @property {string} peerName
 */

/**
 * @param {number} part
 * @param {number} whole
 */
function percent(part, whole) {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

/**
 * @param {string} label
 * @param {Tally} ours
 * @param {Tally} theirs
 * @returns {string[]}
 */
function row(label, ours, theirs) {
  return [
    label,
    ours.cases.toLocaleString('en-US'),
    `${ours.recovered.toLocaleString('en-US')} (${percent(ours.recovered, ours.cases)})`,
    ours.refused.toLocaleString('en-US'),
    ours.meaning_change.toLocaleString('en-US'),
    `${theirs.recovered.toLocaleString('en-US')} (${percent(theirs.recovered, theirs.cases)})`,
    theirs.refused.toLocaleString('en-US'),
    theirs.meaning_change.toLocaleString('en-US'),
  ];
}

/**
 * @param {SafetyComparison} comparison
 * @returns {import('../report-tables.mjs').Table}
 */
export function safetyTable(comparison) {
  const kinds = [...comparison.acode.byDamage.keys()].sort();
  const empty = { cases: 0, recovered: 0, refused: 0, meaning_change: 0, undetectable: 0 };
  return {
    title: `Repair safety: ${comparison.count.toLocaleString('en-US')} damaged arguments, seed ${comparison.seed}`,
    columns: ['Damage kind', 'cases', 'acode recovered', 'acode refused', 'acode meaning changes', `${comparison.peerName} recovered`, `${comparison.peerName} failed`, `${comparison.peerName} meaning changes`],
    rows: [
      ...kinds.map((kind) => row(kind, comparison.acode.byDamage.get(kind) ?? empty, comparison.peer.byDamage.get(kind) ?? empty)),
      row('all cases', comparison.acode.total, comparison.peer.total),
    ],
    numericColumns: [1, 2, 3, 4, 5, 6, 7],
  };
}
