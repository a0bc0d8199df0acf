// @ts-check
/**
 * The text-call section of the bench (issue 12): loads the corpus, a parser whose registry holds
 * the corpus's tools, runs the corpus for the per-family table and times the cost rows.
 */
import { loadToolCallParsing } from '../load-tool-calls.mjs';
import { measureTasks } from '../measure-tasks.mjs';
import { corpusToolDefinitions, loadCorpus, textResponse } from './corpus.mjs';
import { runCorpus } from './corpus-run.mjs';
import { costInputs, textCallTasks } from './text-call-tasks.mjs';

/**
 * @param {import('../load-acode.mjs').AcodeSubjects | undefined} acode
 * @param {{ measure?: boolean }} [options] `measure: false` skips the timings (for quick checks).
 * @returns {Promise<{ ok: true, report: import('./text-call-table.mjs').TextCallReport } | { ok: false, reason: string }>}
 */
export async function runTextCalls(acode, options = {}) {
  const files = loadCorpus();
  const loaded = await loadToolCallParsing(acode, corpusToolDefinitions(files));
  if (!loaded.ok) return { ok: false, reason: loaded.reason };
  const parse = (/** @type {unknown} */ response) => loaded.parser.parseResponse(response);
  const families = runCorpus(parse, files);
  const inputs = costInputs(files);
  const measurements = options.measure === false ? [] : await measureTasks(textCallTasks(parse, inputs));
  const cost = inputs.map((input) => {
    const calls = input.contents.reduce((sum, content) => sum + parse(textResponse(content)).toolCalls.length, 0);
    const measurement = measurements.find((row) => row.id === input.id);
    return { label: input.label, bytes: input.bytes, calls, ...(measurement === undefined ? {} : { measurement }) };
  });
  return { ok: true, report: { families, cost } };
}
