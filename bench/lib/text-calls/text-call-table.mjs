// @ts-check
/**
 * The text-call section of the report (issue 12) as tables: per family, the cases extracted right,
 * the calls missed and the false calls; then the extraction cost per KiB of content, with the two
 * linearity rows.
 */

import { NEGATIVES_FILE } from './corpus.mjs';

/** @typedef {import('./corpus-run.mjs').FamilyTally} FamilyTally */
/** @typedef {import('../measure-tasks.mjs').TaskMeasurement} TaskMeasurement */

/**
 * @typedef {object} CostRow
 * @property {string} [id] The row's task id: what a previous run's row is matched on.
 * @property {string} label
 * @property {number} bytes UTF-8 bytes parsed in one operation.
 * @property {number} calls Calls the parser returned for the input (all its texts together).
 * @property {TaskMeasurement} [measurement] Absent when the row could not be timed.
 */

/**
 * @typedef {object} TextCallReport
 * @property {readonly FamilyTally[]} families One per corpus file, the negatives last.
 * @property {readonly CostRow[]} cost The corpus row first, then the linearity rows.
 * @property {readonly FamilyCost[]} [familyCosts] Each family's texts parsed in one operation.
 * @property {{ bytes: number, measurement?: TaskMeasurement }} [positivesCost] Every family's texts but the negatives', in one operation: the total row's cost.
 * @property {PreviousRun} [previous] The run the tables are set beside.
 * @property {readonly GatewayTally[]} [gateway] The families through the gateway, when replayed there.
 * @property {string} [runAlone] When this section was run on its own (`update-results.mjs`), not with the whole bench.
 */

/**
 * @param {number} value
 * @returns {string}
 */
function count(value) {
  return value.toLocaleString('en-US');
}

/**
 * @param {number} part
 * @param {number} whole
 * @returns {string}
 */
function percent(part, whole) {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

/**
 * What one family's texts cost to parse: all of them through `parseResponse` in one operation.
 *
 * @typedef {object} FamilyCost
 * @property {string} family
 * @property {number} bytes UTF-8 bytes of the family's texts.
 * @property {TaskMeasurement} [measurement] Absent when the row could not be timed.
 */

/**
 * The figures of an earlier run, kept in `previous-run.json` and printed beside this run's.
 *
 * @typedef {object} PreviousRun
 * @property {string} run When it ran (ISO date).
 * @property {ReadonlyArray<{ family: string, cases: number, expectedCalls: number, right: number, missed: number, falseCalls: number, errors: number, microsPerKiB?: number }>} families
 *   One per family, the negatives and the total row included (the total under {@link TOTAL_LABEL}).
 * @property {ReadonlyArray<{ id: string, label: string, microsPerKiB?: number }>} cost The cost rows, by task id.
 */

/**
 * A family's calls through the gateway: the texts as the upstream's answers to
 * `POST /v1/chat/completions`, answered whole.
 *
 * @typedef {object} GatewayTally
 * @property {string} family
 * @property {number} found Expected calls the client received.
 * @property {number} missed Expected calls it did not.
 * @property {number} falseCalls Calls it received that the text did not hold.
 */

/** The label of the total row, in this run's table and in a previous run's. */
export const TOTAL_LABEL = 'all families (negatives excluded)';

/** Said in a previous-run cell for a family the previous run did not have. */
export const NEW_FAMILY = 'new';

/**
 * @param {TaskMeasurement | undefined} measurement
 * @param {number} bytes
 * @returns {number | undefined}
 */
export function microsPerKiB(measurement, bytes) {
  return measurement?.state !== 'measured' || measurement.meanMicros === undefined || bytes === 0 ? undefined : measurement.meanMicros / (bytes / 1024);
}

/**
 * @param {number | undefined} value
 * @returns {string}
 */
function perKiBCell(value) {
  return value === undefined ? '—' : value.toFixed(2);
}

/**
 * One table per run of the corpus: per family, the calls found, missed and false, the cases right
 * and the extraction cost per KiB of the family's texts; beside them the previous run's figures
 * (`new` for a family it did not have, `—` for a figure it did not measure), and the family's
 * calls through the gateway when they were replayed there.
 *
 * @param {readonly FamilyTally[]} families
 * @param {{ costs?: readonly FamilyCost[], previous?: PreviousRun, gateway?: readonly GatewayTally[], totalBytes?: number, totalCost?: TaskMeasurement }} [context]
 *   `totalBytes` and `totalCost`: the positive texts of every family parsed in one operation (the total row's cost).
 * @returns {import('../report-tables.mjs').Table}
 */
export function textCallTable(families, context = {}) {
  const positives = families.filter((tally) => tally.family !== NEGATIVES_FILE);
  const total = positives.reduce(
    (sum, tally) => ({ cases: sum.cases + tally.cases, expectedCalls: sum.expectedCalls + tally.expectedCalls, right: sum.right + tally.right, missed: sum.missed + tally.missed, falseCalls: sum.falseCalls + tally.falseCalls, errors: sum.errors + tally.errors }),
    { cases: 0, expectedCalls: 0, right: 0, missed: 0, falseCalls: 0, errors: 0 },
  );
  const gateway = context.gateway;
  const gatewayTotal = gateway?.filter((tally) => tally.family !== NEGATIVES_FILE).reduce((sum, tally) => ({ found: sum.found + tally.found, missed: sum.missed + tally.missed, falseCalls: sum.falseCalls + tally.falseCalls }), { found: 0, missed: 0, falseCalls: 0 });
  const previous = new Map((context.previous?.families ?? []).map((tally) => [tally.family, tally]));
  /**
   * @param {string} label
   * @param {{ cases: number, expectedCalls: number, right: number, missed: number, falseCalls: number, errors: number }} tally
   * @param {number | undefined} bytes
   * @param {TaskMeasurement | undefined} measurement
   * @param {{ found: number, missed: number, falseCalls: number } | undefined} replayed
   */
  const row = (label, tally, bytes, measurement, replayed) => {
    const before = previous.get(label);
    const beforeCells =
      context.previous === undefined
        ? []
        : before === undefined
          ? [NEW_FAMILY, '—', '—', '—', '—', '—']
          : [count(before.cases), count(before.expectedCalls - before.missed), count(before.missed), count(before.falseCalls), `${count(before.right)} (${percent(before.right, before.cases)})`, perKiBCell(before.microsPerKiB)];
    return [
      label,
      count(tally.cases),
      count(tally.expectedCalls),
      count(tally.expectedCalls - tally.missed),
      count(tally.missed),
      count(tally.falseCalls),
      count(tally.errors),
      `${count(tally.right)} (${percent(tally.right, tally.cases)})`,
      bytes === undefined ? '—' : (bytes / 1024).toFixed(1),
      perKiBCell(bytes === undefined ? undefined : microsPerKiB(measurement, bytes)),
      ...beforeCells,
      ...(gateway === undefined ? [] : replayed === undefined ? ['—', '—', '—'] : [count(replayed.found), count(replayed.missed), count(replayed.falseCalls)]),
    ];
  };
  const costs = new Map((context.costs ?? []).map((cost) => [cost.family, cost]));
  const columns = [
    'Family',
    'cases',
    'expected calls',
    'found',
    'missed',
    'false',
    'failed',
    'cases right',
    'KiB',
    'µs per KiB',
    ...(context.previous === undefined ? [] : ['prev. cases', 'prev. found', 'prev. missed', 'prev. false', 'prev. cases right', 'prev. µs per KiB']),
    ...(gateway === undefined ? [] : ['gateway found', 'gateway missed', 'gateway false']),
  ];
  return {
    title: 'Text-call corpus: calls written in the text, per format family',
    columns,
    rows: [
      ...families.map((tally) => row(tally.family, tally, costs.get(tally.family)?.bytes, costs.get(tally.family)?.measurement, gateway?.find((replayed) => replayed.family === tally.family))),
      row(TOTAL_LABEL, total, context.totalBytes, context.totalCost, gatewayTotal),
    ],
    numericColumns: columns.map((_, index) => index).filter((index) => index > 0),
  };
}

/**
 * The opening of the section in `RESULTS.md`: what the rows count and time, and which run the
 * previous-run columns come from.
 *
 * @param {TextCallReport} report
 * @returns {string}
 */
export function textCallPreamble(report) {
  const lines = [
    '# Calls written in the text',
    '',
    "The contract: a call a model wrote into its text in its chat template's format is found, and a",
    'text that holds no call gives none. The corpus is `packages/infrastructure/test/fixtures/text-calls/`',
    "(one file per format family, cases taken from vLLM's and llama.cpp's parser tests and our own,",
    'plus `negatives.json`: prose naming a tool, JSON naming no declared tool, code, a fenced example',
    'followed by more prose, a call inside `<think>`...). Each text goes through `parseResponse` as',
    "an Ollama answer without native calls, against a registry holding the corpus's tools.",
    '',
    'Per family: *found*, the expected calls found (name and arguments exactly); *missed*, the',
    'expected calls not found; *false*, calls found that the text did not hold — the outcome the',
    'contract forbids; *failed*, marked calls reported as errors (retryable), which run nothing;',
    '*cases right*, cases giving exactly the expected calls, in order, with no failed call. *µs per',
    "KiB* is the mean time of `parseResponse` over all the family's texts (one operation), per KiB",
    'of text; the total row times every family but the negatives. The *prev.* columns are the run',
    `of ${report.previous?.run ?? '(none kept)'} (\`bench/lib/text-calls/previous-run.json\`): *new* marks a family it did not have,`,
    '*—* a figure it did not measure.',
    ...(report.gateway === undefined
      ? []
      : [
          '',
          '*gateway found / missed / false*: the same texts as the whole answer of a scripted upstream to',
          "`POST /v1/chat/completions` on a real host, the request declaring the case's tools, one attempt,",
          'counted from the calls the client received (all routes, streamed too, are checked by',
          '`apps/host/test/gateway/text-call-corpus-replay.test.ts`).',
        ]),
    '',
    'The cost rows time `parseResponse` of text-only answers: the whole corpus, then two linearity',
    'checks at 1 MiB of prose full of near-misses of markers, and at 1,000 `<tool_call>` spans (the',
    "parser decodes the first 128, its cap per response). *× corpus per KiB* divides a row's cost per",
    "KiB by the corpus's: near or below 1 means linear.",
    ...(report.runAlone === undefined ? [] : ['', `These two tables: run ${report.runAlone}, the text-call part alone (\`node bench/lib/text-calls/update-results.mjs\`).`]),
    '',
  ];
  return lines.join('\n');
}

/**
 * The context {@link textCallTable} takes, from a report.
 *
 * @param {TextCallReport} report
 * @returns {NonNullable<Parameters<typeof textCallTable>[1]>}
 */
export function textCallContext(report) {
  return {
    ...(report.familyCosts === undefined ? {} : { costs: report.familyCosts }),
    ...(report.previous === undefined ? {} : { previous: report.previous }),
    ...(report.gateway === undefined ? {} : { gateway: report.gateway }),
    ...(report.positivesCost === undefined ? {} : { totalBytes: report.positivesCost.bytes, ...(report.positivesCost.measurement === undefined ? {} : { totalCost: report.positivesCost.measurement }) }),
  };
}

/**
 * @param {readonly CostRow[]} rows The corpus row first: the others' cost per KiB is divided by it.
 * @param {PreviousRun} [previous] Adds the previous run's cost per KiB of the row of the same label.
 * @returns {import('../report-tables.mjs').Table}
 */
export function textCallCostTable(rows, previous) {
  const perKiB = (/** @type {CostRow} */ row) => (row.measurement?.meanMicros === undefined || row.bytes === 0 ? undefined : row.measurement.meanMicros / (row.bytes / 1024));
  const before = (/** @type {string | undefined} */ id) => {
    const match = previous?.cost.find((row) => row.id === id);
    return match === undefined ? NEW_FAMILY : perKiBCell(match.microsPerKiB);
  };
  const reference = rows[0] === undefined ? undefined : perKiB(rows[0]);
  return {
    title: 'Text-call extraction cost (parseResponse of text-only answers)',
    columns: ['Input', 'KiB', 'calls found', 'mean µs', 'p99 µs', 'µs per KiB', '× corpus per KiB', ...(previous === undefined ? [] : ['prev. µs per KiB'])],
    rows: rows.map((row) => {
      const cost = perKiB(row);
      const measured = row.measurement?.state === 'measured';
      return [
        row.label,
        (row.bytes / 1024).toFixed(1),
        count(row.calls),
        measured && row.measurement?.meanMicros !== undefined ? row.measurement.meanMicros.toFixed(1) : `not measured${row.measurement?.failure ? `: ${row.measurement.failure}` : ''}`,
        measured && row.measurement?.p99Micros !== undefined ? row.measurement.p99Micros.toFixed(1) : '—',
        cost === undefined ? '—' : cost.toFixed(2),
        cost === undefined || reference === undefined || reference === 0 ? '—' : `${(cost / reference).toFixed(2)}×`,
        ...(previous === undefined ? [] : [before(row.id)]),
      ];
    }),
    numericColumns: previous === undefined ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7],
  };
}
