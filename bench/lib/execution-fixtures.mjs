// @ts-check
/**
 * The data the tool execution rows run on: one `kb_search` call on the shipped knowledge base,
 * and a tiny `echo_text` tool that asks for `standard` isolation (the shipped tool that does,
 * `command_execute`, needs a confirmation, which would time the refusal instead of the run).
 * Plain data; the echo tool's folder is written by `load-execution.mjs` into a temporary
 * directory and built like any tools folder.
 */

/** The shipped retrieval tool the in-process rows run. */
export const KB_SEARCH_NAME = 'kb_search';

/** Already-valid `kb_search` arguments, every default spelled out (as the executor hands them to the handler). */
export const KB_SEARCH_ARGS = Object.freeze({ query: 'onboarding', top_k: 5, namespace: 'studio', include_snippets: true });

/** The record the shipped knowledge base must answer {@link KB_SEARCH_ARGS} with. */
export const KB_SEARCH_EXPECTED_ID = 'process:onboarding';

/** The bench's own tool, run in a child process. */
export const ECHO_TOOL_NAME = 'echo_text';

/** Folder of {@link ECHO_TOOL_NAME} under its tools directory. */
export const ECHO_TOOL_FOLDER = 'echo-text';

/**
 * The same tool asking for isolation `none`: run in process, its row is the executor's own cost
 * (validation, policies, envelope) with a handler that costs next to nothing.
 */
export const ECHO_INLINE_NAME = 'echo_inline';

/** Folder of {@link ECHO_INLINE_NAME}. */
export const ECHO_INLINE_FOLDER = 'echo-inline';

/** Arguments of every `echo_text` call. */
export const ECHO_ARGS = Object.freeze({ text: 'hello from the bench' });

/** The sections 003's linter requires in `doc.md`, in order. */
export const DOC_SECTIONS = Object.freeze(['Summary', 'Preconditions', 'Postconditions', 'Invariants', 'Failure Modes', 'Examples', 'Common Mistakes']);

/**
 * The files of an echo tool folder: a schema asking for `isolation` (`standard` for `echo_text`,
 * `none` for `echo_inline`), both tiers of docs, and a handler that returns
 * `{ echoed: args.text }` and imports nothing.
 *
 * @param {string} [toolId]
 * @param {'none' | 'standard'} [isolation]
 * @returns {Record<string, string>} File name to content.
 */
export function echoToolFiles(toolId = ECHO_TOOL_NAME, isolation = 'standard') {
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
