import { describe, expect, it } from 'vitest';
import { executionNotes, executionTimingTable } from '../lib/execution-report-tables.mjs';
import { EXECUTION_MEASUREMENT_IDS } from '../lib/execution-tasks.mjs';

const measured = (/** @type {string} */ id, /** @type {Record<string, number>} */ figures) => ({
  id,
  label: id,
  work: 'w',
  role: /** @type {const} */ ('acode'),
  batch: 1,
  state: /** @type {const} */ ('measured'),
  ...figures,
});

describe('executionNotes', () => {
  it("says how far the in-process executor's mean lies above the direct file_read call, and how many samples each child-process row took", () => {
    const notes = executionNotes([
      measured(EXECUTION_MEASUREMENT_IDS.kbSearchDirect, { meanMicros: 900, vsBaseline: 1 }),
      measured(EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess, { meanMicros: 140_000, samples: 17 }),
      measured(EXECUTION_MEASUREMENT_IDS.fileReadDirect, { meanMicros: 400, vsBaseline: 1 }),
      measured(EXECUTION_MEASUREMENT_IDS.fileReadInProcess, { meanMicros: 1_000, vsBaseline: 2.5 }),
      measured(EXECUTION_MEASUREMENT_IDS.echoChildProcess, { meanMicros: 130_000, samples: 16 }),
    ]);
    expect(notes).toEqual([
      "The in-process executor's mean is 600 µs above the direct file_read call's (2.50×); its budget is judged on the whole row, the handler included.",
      'The child-process execution rows took 16 (echo_text) and 17 (kb_search) samples; each p99 is close to the slowest of its samples.',
    ]);
  });

  it('says nothing about rows that were not measured', () => {
    const failed = { ...measured(EXECUTION_MEASUREMENT_IDS.fileReadInProcess, {}), state: /** @type {const} */ ('failed'), failure: 'boom' };
    expect(executionNotes([measured(EXECUTION_MEASUREMENT_IDS.fileReadDirect, { meanMicros: 400 }), failed])).toEqual([]);
    expect(executionNotes([])).toEqual([]);
  });
});

describe('executionTimingTable', () => {
  it('has no peer column: the rows are divided by the direct call only', () => {
    const table = executionTimingTable({ timings: [measured('a', { opsPerSecond: 10, meanMicros: 100_000, p99Micros: 150_000, vsBaseline: 800_000 })], budgets: [] });
    expect(table.columns).toEqual(['Task', 'ops/s', 'mean µs', 'p99 µs', '× direct call']);
    expect(table.numericColumns).toEqual([1, 2, 3, 4]);
    expect(table.rows).toEqual([['a', '10', '100,000', '150,000', '800,000×']]);
  });
});
