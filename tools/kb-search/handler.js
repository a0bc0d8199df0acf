// @ts-check
// kb_search: deterministic term-overlap search over the bundled knowledge base (tools/_data).
// At run time this module imports nothing from @acode/*: everything comes through `context`.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

/** @typedef {import('@acode/domain').ToolHandlerContext} ToolHandlerContext */
/** @typedef {import('@acode/domain').ToolHandlerResult} ToolHandlerResult */
/** @typedef {import('@acode/domain').JsonObject} JsonObject */
/**
 * @typedef {{ id: string, type: string, title: string, text: string, tags: string[], namespace: string,
 *   source_type: string, last_updated: string, url?: string, metadata: JsonObject }} KbRecord
 */

const KNOWLEDGE_BASE_URL = new URL('../_data/knowledge-base.json', import.meta.url);
/** Words too common to say anything about a record; a query of only these is refused. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'about', 'for', 'from', 'how', 'in', 'is', 'of', 'on', 'or', 'the', 'to', 'what', 'who', 'with']);
const SNIPPET_LENGTH = 160;
const DEFAULT_RETURN_FIELDS = ['snippet', 'metadata', 'url'];

/**
 * Searches the knowledge base. The score of a record is the share of the query's distinct terms
 * found among its title, text and tag words (0..1); records scoring 0 are left out; results are
 * sorted by score, then id, and cut to `top_k`. No results is an empty list, not an error.
 *
 * @param {{ args: JsonObject, context: ToolHandlerContext }} input
 * @returns {Promise<ToolHandlerResult>}
 */
export async function execute({ args, context }) {
  const started = performance.now();
  const terms = termsOf(String(args['query'] ?? ''));
  if (terms.length === 0) {
    return failure('VALIDATION', 'The query has no searchable words', 'Search for names, topics or tags, not only words like "the" or "of".');
  }
  const filters = /** @type {JsonObject} */ (args['filters'] ?? {});
  const range = dateRange(filters['date_range']);
  if ('error' in range) return failure('VALIDATION', range.error);
  const namespace = typeof args['namespace'] === 'string' ? args['namespace'] : 'studio';
  const topK = typeof args['top_k'] === 'number' ? args['top_k'] : 5;
  const fields = new Set(Array.isArray(args['return_fields']) ? args['return_fields'] : DEFAULT_RETURN_FIELDS);
  const withSnippets = args['include_snippets'] !== false && fields.has('snippet');

  const records = await loadRecords();
  if (context.signal.aborted) return failure('TIMEOUT', 'The search was stopped before it finished', undefined, true);
  const wantedTags = Array.isArray(filters['tags']) ? filters['tags'].map((tag) => String(tag).toLowerCase()) : [];
  const scored = [];
  for (const record of records) {
    if (record.namespace !== namespace) continue;
    if (typeof filters['type'] === 'string' && record.type !== filters['type']) continue;
    const tags = record.tags.map((tag) => tag.toLowerCase());
    if (!wantedTags.every((tag) => tags.includes(tag))) continue;
    const updated = Date.parse(record.last_updated);
    if (updated < range.start || updated > range.end) continue;
    const words = new Set(termsOf(`${record.title} ${record.text} ${record.tags.join(' ')}`));
    const matched = terms.filter((term) => words.has(term)).length;
    if (matched > 0) scored.push({ record, score: Math.round((matched / terms.length) * 1000) / 1000 });
  }
  scored.sort((a, b) => b.score - a.score || (a.record.id < b.record.id ? -1 : 1));

  const results = scored.slice(0, topK).map(({ record, score }) => {
    /** @type {JsonObject} */
    const result = { id: record.id, type: record.type, title: record.title, score, source_type: record.source_type, last_updated: record.last_updated };
    if (withSnippets) result['snippet'] = snippetOf(record.text, terms);
    if (fields.has('full_text')) result['full_text'] = record.text;
    if (fields.has('url')) result['url'] = record.url ?? null;
    if (fields.has('metadata')) result['metadata'] = record.metadata;
    if (fields.has('sources')) result['sources'] = [{ id: record.id, source_type: record.source_type, ...(record.url === undefined ? {} : { url: record.url }) }];
    return result;
  });
  return { ok: true, data: { results, total_matches: scored.length, query_time_ms: Math.round(performance.now() - started) } };
}

/** @returns {Promise<KbRecord[]>} */
async function loadRecords() {
  const parsed = JSON.parse(await readFile(KNOWLEDGE_BASE_URL, 'utf8'));
  return parsed.records;
}

/**
 * Distinct lower-case words of a text, stop words left out, in order of first appearance.
 * @param {string} text
 */
function termsOf(text) {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '' && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

/**
 * The inclusive window of `last_updated` the filter allows, in epoch milliseconds.
 * @param {unknown} value
 * @returns {{ start: number, end: number } | { error: string }}
 */
function dateRange(value) {
  if (typeof value !== 'object' || value === null) return { start: -Infinity, end: Infinity };
  const { start, end } = /** @type {{ start?: unknown, end?: unknown }} */ (value);
  const from = start === undefined ? -Infinity : Date.parse(String(start));
  const to = end === undefined ? Infinity : Date.parse(String(end));
  if (Number.isNaN(from) || Number.isNaN(to)) return { error: 'filters.date_range.start and end must be ISO 8601 date-times' };
  if (from > to) return { error: 'filters.date_range.start must not be after filters.date_range.end' };
  return { start: from, end: to };
}

/**
 * Up to 160 characters of the text around the first query term it contains.
 * @param {string} text
 * @param {string[]} terms
 */
function snippetOf(text, terms) {
  const lower = text.toLowerCase();
  const hits = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const first = hits.length === 0 ? 0 : Math.min(...hits);
  const start = Math.max(0, Math.min(first - 40, text.length - SNIPPET_LENGTH));
  const body = text.slice(start, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${body}${start + SNIPPET_LENGTH < text.length ? '…' : ''}`;
}

/**
 * @param {import('@acode/domain').ToolErrorType} type
 * @param {string} message
 * @param {string} [suggestion]
 * @param {boolean} [retryable]
 * @returns {ToolHandlerResult}
 */
function failure(type, message, suggestion, retryable = false) {
  return { ok: false, error: { type, message, retryable, ...(suggestion === undefined ? {} : { suggestion }) } };
}
