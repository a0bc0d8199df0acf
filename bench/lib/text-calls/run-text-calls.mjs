// @ts-check
/**
 * The text-call section of the bench (issue 12): loads the corpus, a parser whose registry holds
 * the corpus's tools, runs the corpus for the per-family table, times the cost rows (the whole
 * corpus, the linearity rows, each family's texts), replays the corpus through the gateway, and
 * sets the previous run's figures beside this run's.
 */
import { loadToolCallParsing } from '../load-tool-calls.mjs';
import { measureTasks } from '../measure-tasks.mjs';
import { corpusToolDefinitions, loadCorpus, textResponse } from './corpus.mjs';
import { runCorpus } from './corpus-run.mjs';
import { replayThroughGateway } from './gateway-replay.mjs';
import { loadPreviousRun } from './previous-run.mjs';
import { costInputs, familyCostInputs, textCallTasks } from './text-call-tasks.mjs';

/**
 * @param {import('../load-acode.mjs').AcodeSubjects | undefined} acode
 * @param {{ measure?: boolean, gateway?: boolean }} [options] `measure: false` skips the timings
 *   (for quick checks); `gateway: false` skips the replay through the host.
 * @returns {Promise<{ ok: true, report: import('./text-call-table.mjs').TextCallReport, notes: string[] } | { ok: false, reason: string }>}
 */
export async function runTextCalls(acode, options = {}) {
  const files = loadCorpus();
  const loaded = await loadToolCallParsing(acode, corpusToolDefinitions(files));
  if (!loaded.ok) return { ok: false, reason: loaded.reason };
  const parse = (/** @type {unknown} */ response) => loaded.parser.parseResponse(response);
  const families = runCorpus(parse, files);
  const inputs = costInputs(files);
  const familyInputs = familyCostInputs(files);
  // The family rows run first: they warm the parser over every text, so the corpus row times a
  // warm parser as they do (timed first, with its short warm-up, it came out nearly twice as slow).
  const measurements = options.measure === false ? [] : await measureTasks(textCallTasks(parse, [...familyInputs, ...inputs]));
  const measured = (/** @type {string} */ id) => measurements.find((row) => row.id === id);
  const cost = inputs.map((input) => {
    const calls = input.contents.reduce((sum, content) => sum + parse(textResponse(content)).toolCalls.length, 0);
    const measurement = measured(input.id);
    return { id: input.id, label: input.label, bytes: input.bytes, calls, ...(measurement === undefined ? {} : { measurement }) };
  });
  const withMeasurement = (/** @type {{ id: string, bytes: number }} */ input) => {
    const measurement = measured(input.id);
    return { bytes: input.bytes, ...(measurement === undefined ? {} : { measurement }) };
  };
  const familyCosts = familyInputs.filter((input) => input.family !== '').map((input) => ({ family: input.family, ...withMeasurement(input) }));
  const positivesInput = familyInputs.find((input) => input.family === '');
  /** @type {string[]} */
  const notes = [];
  const replayed = options.gateway === false ? undefined : await replayThroughGateway(files);
  if (replayed !== undefined && !replayed.ok) notes.push(`The text-call corpus was NOT REPLAYED through the gateway: ${replayed.reason}.`);
  const gatewayFalse = replayed?.ok ? replayed.tallies.reduce((sum, tally) => sum + tally.falseCalls, 0) : 0;
  if (gatewayFalse > 0) notes.push(`FALSE CALLS through the gateway: its client received ${gatewayFalse} call(s) from the text-call corpus that the text did not hold; run \`npx vitest run apps/host/test/gateway/text-call-corpus-replay.test.ts\` for the cases.`);
  const previous = loadPreviousRun();
  return {
    ok: true,
    notes,
    report: {
      families,
      cost,
      familyCosts,
      ...(positivesInput === undefined ? {} : { positivesCost: withMeasurement(positivesInput) }),
      ...(previous === undefined ? {} : { previous }),
      ...(replayed?.ok ? { gateway: replayed.tallies } : {}),
    },
  };
}
