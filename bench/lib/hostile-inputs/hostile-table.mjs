// @ts-check
/**
 * The "Hostile inputs" section of the report (issue 13) as tables: per case, the worst and the
 * median time one call held the event loop, against its goal; then per attack on the real host
 * process, its peak heap and event-loop hold measured inside it, and `/healthz` during the attack.
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

/**
 * Which goals of an attack row were missed: `hold` (the host's event loop) and `/healthz`.
 *
 * @param {import('./run-host-attacks.mjs').HostAttackRow} row
 * @returns {string[]}
 */
function missedGoals(row) {
  return [...(row.holdMs !== undefined && row.holdMs >= row.holdGoalMs ? ['hold'] : []), ...(row.healthWorstMs >= row.healthGoalMs ? ['/healthz'] : [])];
}

/**
 * @param {number | undefined} value
 * @returns {string}
 */
function figure(value) {
  return value === undefined ? '—' : value.toFixed(1);
}

/**
 * The attacks on the real host process: its own peak heap and longest event-loop hold (from its
 * preload), its peak RSS, `/healthz` on one kept-alive connection during the attack, and what the
 * attacking clients got.
 *
 * @param {readonly import('./run-host-attacks.mjs').HostAttackRow[]} rows
 * @returns {import('../report-tables.mjs').Table}
 */
export function hostAttackTable(rows) {
  return {
    title: 'Hostile inputs: the host under attack',
    columns: ['Attack', 'clients', 's', 'peak heap MiB', 'peak RSS MiB', 'loop hold ms', '/healthz worst ms', '/healthz median ms', 'probes', 'verdict', 'clients got'],
    rows: rows.map((row) => {
      const missed = missedGoals(row);
      const verdict = row.problem !== undefined ? 'FAILED' : missed.length > 0 ? `OVER (${missed.join(', ')})` : 'PASS';
      return [
        row.label,
        String(row.clients),
        row.seconds.toFixed(1),
        figure(row.peakHeapMiB),
        row.peakRssMiB.toFixed(0),
        figure(row.holdMs),
        row.healthWorstMs.toFixed(1),
        row.healthMedianMs.toFixed(1),
        String(row.healthProbes),
        verdict,
        row.problem === undefined ? row.outcome : `${row.outcome}: ${row.problem}`,
      ];
    }),
    numericColumns: [1, 2, 3, 4, 5, 6, 7, 8],
  };
}

/**
 * What the host's process did over its longest timer gap, when known: `; it used 40.1 ms of CPU over its longest gap of 95.0 ms`.
 *
 * @param {import('./run-host-attacks.mjs').HostAttackRow} row
 * @returns {string}
 */
function cpuOverGap(row) {
  if (row.holdGapMs === undefined || row.holdGapCpuMs === undefined) return '';
  return `; its process used ${row.holdGapCpuMs.toFixed(1)} ms of CPU, all threads, over its longest timer gap of ${row.holdGapMs.toFixed(1)} ms`;
}

/**
 * Notes for the attacks the host did not hold, and for those over their goals.
 *
 * @param {readonly import('./run-host-attacks.mjs').HostAttackRow[]} rows
 * @returns {string[]}
 */
export function hostAttackNotes(rows) {
  return rows.flatMap((row) => {
    if (row.problem !== undefined) return [`HOST ATTACK FAILED: "${row.label}": ${row.problem} (clients got: ${row.outcome}).`];
    const over = [
      ...(row.holdMs !== undefined && row.holdMs >= row.holdGoalMs ? [`held its event loop ${row.holdMs.toFixed(1)} ms (goal: under ${row.holdGoalMs.toFixed(0)} ms${cpuOverGap(row)})`] : []),
      ...(row.healthWorstMs >= row.healthGoalMs ? [`answered /healthz in ${row.healthWorstMs.toFixed(1)} ms at worst (goal: under ${row.healthGoalMs.toFixed(0)} ms)`] : []),
    ];
    return over.length === 0 ? [] : [`Host attack "${row.label}": the host ${over.join(' and ')}.`];
  });
}
