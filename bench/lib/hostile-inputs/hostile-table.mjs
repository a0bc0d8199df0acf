// @ts-check
/**
 * The "Hostile inputs" section of the report (issue 13) as a table: per case, the worst and the
 * median time one call held the event loop, against its goal.
 */

/**
 * @param {readonly import('./run-hostile.mjs').HostileRow[]} rows
 * @returns {import('../report-tables.mjs').Table}
 */
export function hostileTable(rows) {
  return {
    title: 'Hostile inputs: event-loop hold of one call within the configured limits',
    columns: ['Case', 'KiB', 'runs', 'worst ms', 'median ms', 'goal ms', 'verdict', 'answer'],
    rows: rows.map((row) => [
      row.label,
      (row.bytes / 1024).toFixed(0),
      String(row.runs),
      row.worstMs.toFixed(1),
      row.medianMs.toFixed(1),
      `≤ ${row.goalMs.toFixed(0)}`,
      row.problem !== undefined ? 'WRONG ANSWER' : row.worstMs <= row.goalMs ? 'PASS' : 'OVER',
      row.problem === undefined ? row.outcome : `${row.outcome}: ${row.problem}`,
    ]),
    numericColumns: [1, 2, 3, 4, 5],
  };
}

/**
 * Notes for the cases over their goal or with a wrong answer.
 *
 * @param {readonly import('./run-hostile.mjs').HostileRow[]} rows
 * @returns {string[]}
 */
export function hostileNotes(rows) {
  return rows.flatMap((row) => {
    if (row.problem !== undefined) return [`WRONG ANSWER: hostile input "${row.label}": ${row.problem}, got ${row.outcome}.`];
    if (row.worstMs > row.goalMs) return [`Hostile input "${row.label}" held the event loop ${row.worstMs.toFixed(1)} ms, over its goal of ${row.goalMs.toFixed(0)} ms.`];
    return [];
  });
}
