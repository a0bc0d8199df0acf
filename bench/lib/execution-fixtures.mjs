// @ts-check
/**
 * The data the tool execution rows run on: one `kb_search` call on the shipped knowledge base
 * (isolation `standard`, a child process), one `file_read` of a small file (the shipped
 * `tools/file-read` folder extends `core:file_read`, isolation `none`: only core tools run in
 * process), and a tiny `echo_text` tool that asks for `standard` isolation (the shipped tool that
 * needs no data, `command_execute`, needs a confirmation, which would time the refusal instead of
 * the run). Plain data; the echo tool's folder and the file `file_read` reads are written by
 * `load-execution.mjs` into a temporary directory.
 */

/** The shipped retrieval tool; it asks for `standard` isolation, so its executor row is a child process. */
export const KB_SEARCH_NAME = 'kb_search';

/** Already-valid `kb_search` arguments, every default spelled out (as the executor hands them to the handler). */
export const KB_SEARCH_ARGS = Object.freeze({ query: 'onboarding', top_k: 5, namespace: 'studio', include_snippets: true });

/** The record the shipped knowledge base must answer {@link KB_SEARCH_ARGS} with. */
export const KB_SEARCH_EXPECTED_ID = 'process:onboarding';

/** The shipped core tool the in-process rows run (`tools/file-read`, `"extends": "core:file_read"`). */
export const FILE_READ_NAME = 'file_read';

/** The file `file_read` reads, relative to the temporary workspace root. */
export const FILE_READ_PATH = 'bench-read.txt';

/** What {@link FILE_READ_PATH} holds: a few short lines, so the handler's own work stays small. */
export const FILE_READ_CONTENT = ['The bench reads this file through file_read.', 'It is three lines long,', 'and never changes.', ''].join('\n');

/** Already-valid `file_read` arguments, the default encoding spelled out (as the executor hands them to the handler). */
export const FILE_READ_ARGS = Object.freeze({ path: FILE_READ_PATH, encoding: 'utf-8' });

/** The bench's own tool, run in a child process. */
export const ECHO_TOOL_NAME = 'echo_text';

/** Folder of {@link ECHO_TOOL_NAME} under its tools directory. */
export const ECHO_TOOL_FOLDER = 'echo-text';

/** Arguments of every `echo_text` call. */
export const ECHO_ARGS = Object.freeze({ text: 'hello from the bench' });

/** The sections 003's linter requires in `doc.md`, in order. */
export const DOC_SECTIONS = Object.freeze(['Summary', 'Preconditions', 'Postconditions', 'Invariants', 'Failure Modes', 'Examples', 'Common Mistakes']);

/**
 * The files of an echo tool folder: a schema asking for `standard` isolation (a tool folder may
 * ask for `none` only when it extends the core tool of its name, so the echo handler cannot run in
 * process), both tiers of docs, and a handler that returns `{ echoed: args.text }` and imports
 * nothing.
 *
 * @param {string} [toolId]
 * @returns {Record<string, string>} File name to content.
 */
export function echoToolFiles(toolId = ECHO_TOOL_NAME) {
  const isolation = 'standard';
  const schema = {
    toolId,
    version: '1.0.0',
    description: `Repeat a text back unchanged (the bench of isolation ${isolation}).`,
    category: 'custom',
    kind: 'utility',
    sideEffects: 'none',
    idempotent: true,
    requiresConfirmation: false,
    allowedModes: ['text', 'voice'],
    latencyBudgetMs: 1000,
    constraints: { requiredIsolation: isolation },
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: { text: { type: 'string', description: 'Text to repeat', minLength: 1, maxLength: 1000 } },
    },
  };
  const doc = [`# ${toolId}`, '', ...DOC_SECTIONS.flatMap((section) => [`## ${section}`, '', `${section} of a tool that repeats its text.`, ''])];
  return {
    'schema.json': `${JSON.stringify(schema, null, 2)}\n`,
    'doc_summary.md': 'Repeat a text back unchanged.\n',
    'doc.md': doc.join('\n'),
    'handler.js': 'export async function execute({ args }) {\n  return { ok: true, data: { echoed: args.text } };\n}\n',
  };
}
