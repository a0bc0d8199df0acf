// @ts-check
/**
 * The context a handler is called with when the bench calls it directly (the baseline rows): the
 * same fields the executor builds for each run (`ToolHandlerContext` in the domain package; see
 * `test/tools/handler-context.ts`), as one plain, frozen object made once and reused for every
 * call. Building it per call is part of what the executor rows add.
 */

/**
 * The part of `SessionState` a context carries (the domain's type; the bench only passes it on).
 *
 * @typedef {Record<string, unknown>} BenchSessionState
 */

/**
 * The part of `WorkspaceAccess` a context carries.
 *
 * @typedef {object} BenchWorkspace
 * @property {string} root
 * @property {(path: string) => Promise<string>} resolve
 */

/**
 * What a handler sees besides its arguments.
 *
 * @typedef {object} BenchHandlerContext
 * @property {'text' | 'voice'} mode
 * @property {string} executionId
 * @property {{ name: string, version: string, idempotent: boolean }} tool
 * @property {{ id: string, registryVersion: string, state: BenchSessionState }} session
 * @property {AbortSignal} signal Never aborted.
 * @property {number} deadline Epoch milliseconds, an hour after the context was made.
 * @property {{ log: (event: string, data?: object) => void }} audit Drops every event.
 * @property {BenchWorkspace} workspace
 */

/**
 * @typedef {object} HandlerContextParts
 * @property {{ name: string, version: string, idempotent: boolean }} tool
 * @property {string} registryVersion The version of the built registry the tool comes from.
 * @property {BenchSessionState} state A session's initial state (`initialSessionState('text')`).
 * @property {BenchWorkspace} workspace The workspace capability (`createWorkspaceAccess(root)`).
 */

/** How far ahead the deadline of a bench context lies: no bench call comes near it. */
const DEADLINE_AHEAD_MS = 60 * 60 * 1000;

/**
 * A text-mode context for direct handler calls.
 *
 * @param {HandlerContextParts} parts
 * @returns {Readonly<BenchHandlerContext>}
 */
export function benchHandlerContext({ tool, registryVersion, state, workspace }) {
  return Object.freeze({
    mode: /** @type {const} */ ('text'),
    executionId: 'exec_bench_direct',
    tool: Object.freeze({ ...tool }),
    session: Object.freeze({ id: 'session_bench_direct', registryVersion, state: Object.freeze(structuredClone(state)) }),
    signal: new AbortController().signal,
    deadline: Date.now() + DEADLINE_AHEAD_MS,
    audit: Object.freeze({ log() {} }),
    workspace,
  });
}
