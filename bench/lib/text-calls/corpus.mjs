// @ts-check
/**
 * The public text-call corpus (issue 12): `packages/infrastructure/test/fixtures/text-calls/`, one
 * JSON file per family of tool calls written in the assistant's text, plus `negatives.json` (texts
 * that must give no call). The bench reads the same files the parser's test suite does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath } from '../repo-paths.mjs';

/** The corpus folder, relative to the repository root. */
export const CORPUS_DIR = 'packages/infrastructure/test/fixtures/text-calls';

/** The file of the cases that must give no call. */
export const NEGATIVES_FILE = 'negatives';

/**
 * @typedef {object} CorpusCall
 * @property {string} name The registered (canonical) tool name.
 * @property {Record<string, unknown>} arguments
 */

/**
 * @typedef {object} CorpusCase
 * @property {string} id
 * @property {string} family
 * @property {string} source Where the case comes from (`<owner>/<repo>/<path>#<test>`, or own).
 * @property {string} content The raw model text.
 * @property {readonly CorpusCall[]} expected Empty for a negative.
 * @property {string} [expectedContent]
 * @property {string} [expectedReasoning]
 * @property {ReadonlyArray<{ name: string, parameters: Record<string, unknown> }>} [tools] Schemas
 *   of the tools whose values must be typed.
 */

/**
 * @typedef {object} CorpusFile
 * @property {string} file The file name without `.json`: the family, or `negatives`.
 * @property {readonly CorpusCase[]} cases
 */

/**
 * Reads every corpus file, sorted by name.
 *
 * @param {string} [dir] Defaults to the repository's corpus folder.
 * @returns {CorpusFile[]}
 */
export function loadCorpus(dir = repoPath(CORPUS_DIR)) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: name.slice(0, -'.json'.length), cases: /** @type {CorpusCase[]} */ (JSON.parse(readFileSync(join(dir, name), 'utf8'))) }));
}

/**
 * The tool definitions the corpus calls: every expected name as an open object, typed where a
 * case gives a schema (the last schema given for a name wins).
 *
 * @param {readonly CorpusFile[]} files
 * @returns {Array<{ name: string, version: string, description: string, parameters: Record<string, unknown> }>}
 */
export function corpusToolDefinitions(files) {
  /** @type {Map<string, Record<string, unknown>>} */
  const schemas = new Map();
  const cases = files.flatMap((file) => file.cases);
  for (const item of cases) for (const call of item.expected) if (!schemas.has(call.name)) schemas.set(call.name, { type: 'object', additionalProperties: true });
  for (const item of cases) for (const tool of item.tools ?? []) schemas.set(tool.name, tool.parameters);
  return [...schemas].map(([name, parameters]) => ({ name, version: '1.0.0', description: `Corpus tool ${name}`, parameters }));
}

/**
 * An Ollama `/api/chat` answer whose text is `content` and which carries no native call: what the
 * parser sees when the server did not recognise the model's calls.
 *
 * @param {string} content
 * @returns {unknown}
 */
export function textResponse(content) {
  return { model: 'bench', message: { role: 'assistant', content, tool_calls: [] }, done: true };
}
