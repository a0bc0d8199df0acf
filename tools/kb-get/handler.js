// @ts-check
// kb_get: records of the bundled knowledge base (tools/_data) by id, each with a citation.
// At run time this module imports nothing from @acode/*: everything comes through `context`.
import { readFile } from 'node:fs/promises';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/**
 * @typedef {{ id: string, type: string, title: string, text: string, tags: string[], namespace: string,
 *   source_type: string, last_updated: string, url?: string, metadata: JsonObject }} KbRecord
 */

const KNOWLEDGE_BASE_URL = new URL('../_data/knowledge-base.json', import.meta.url);

/**
 * Returns the records asked for, in the order asked. Partial success is success: ids that exist
 * are returned and the others listed in `missing`, so one stale id does not hide the rest; only
 * when none exists is the answer `NOT_FOUND`.
 *
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args }) {
  const ids = Array.isArray(args['ids']) ? args['ids'].map(String) : [];
  /** @type {KbRecord[]} */
  const records = JSON.parse(await readFile(KNOWLEDGE_BASE_URL, 'utf8')).records;
  const byId = new Map(records.map((record) => [record.id, record]));
  const found = [];
  const missing = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record === undefined) missing.push(id);
    else found.push({ ...record, url: record.url ?? null, citation: citationOf(record) });
  }
  if (found.length === 0) {
    return {
      ok: false,
      error: {
        type: 'NOT_FOUND',
        message: `No knowledge base record has the id${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`,
        retryable: false,
        suggestion: 'Use ids exactly as kb_search returned them, or search again with kb_search.',
      },
    };
  }
  return { ok: true, data: { records: found, missing } };
}

/**
 * How to cite a record: its id, title, source and date, in one line.
 * @param {KbRecord} record
 */
function citationOf(record) {
  return `[${record.id}] ${record.title} (${record.source_type}, updated ${record.last_updated.slice(0, 10)})`;
}
