// @ts-check
/**
 * Loads this project's JSON repairer and tool-call parser from the built packages, composed by
 * the app's own composition root (`registerAcodeServices`) on a child container, so the bench
 * measures exactly what the CLI and host run (`@acode/composition`, from its build). Three
 * registrations are then overridden: logging and metrics become no-ops (as in the registry rows,
 * see `bench-ports.mjs`), and the registry is the bench's own, holding the `file_read` of
 * `fixtures.mjs`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noopMetrics, silentLogger } from './bench-ports.mjs';
import { fileReadDefinition } from './fixtures.mjs';
import { repoPath, repoUrl } from './repo-paths.mjs';

/** The built files the parsing rows need, beyond the registry's. */
export const PARSING_ENTRY_POINTS = Object.freeze([
  'packages/infrastructure/dist/tool-calls/index.js',
  'packages/composition/dist/index.js',
  'packages/application/dist/index.js',
  'packages/domain/dist/index.js',
]);

/**
 * The part of `RepairResult` the bench reads.
 *
 * @typedef {object} BenchRepairResult
 * @property {boolean} attempted
 * @property {boolean} success
 * @property {string} [repaired]
 * @property {readonly string[]} repairs
 * @property {{ code: string, message: string }} [error]
 */

/**
 * The part of `ToolCallParseResult` the bench reads.
 *
 * @typedef {object} BenchParseResult
 * @property {boolean} success
 * @property {ReadonlyArray<{ name: string, arguments: Record<string, unknown> }>} toolCalls
 * @property {ReadonlyArray<{ code: string, message: string }>} errors
 */

/**
 * @typedef {object} ParsingSubjects
 * @property {true} ok
 * @property {{ repair: (text: string, options?: { timeoutMs?: number }) => BenchRepairResult }} repairer
 * @property {{ parseResponse: (response: unknown) => BenchParseResult }} parser
 * @property {number} repairTimeoutMs 002's default `repair_timeout_ms`, passed to every repair
 *   as the parser does.
 * @property {(response: unknown) => unknown} [readResponse] The parser's extraction step alone
 *   (reading the calls out of a response, no JSON parsing or validation), when the package
 *   exports it.
 */

/**
 * @typedef {object} ParsingUnavailable
 * @property {false} ok
 * @property {string} reason Why the parsing rows of this project cannot be measured.
 */

/**
 * Loads the repairer and the parser. A part not built yet, or a composition that fails, is
 * reported rather than thrown: jsonrepair, `JSON.parse` and the registry can still be measured.
 *
 * @param {import('./load-acode.mjs').AcodeSubjects | undefined} acode The loaded registry; the
 *   parser validates through it.
 * @param {readonly object[]} [definitions] The tools the parser's registry holds: the `file_read`
 *   of `fixtures.mjs` unless given (the text-call section registers the corpus's tools).
 * @returns {Promise<ParsingSubjects | ParsingUnavailable>}
 */
export async function loadToolCallParsing(acode, definitions = [fileReadDefinition()]) {
  if (!acode) return { ok: false, reason: 'the registry is not available, and the parser validates through it' };
  const missing = PARSING_ENTRY_POINTS.filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) return { ok: false, reason: `not built: ${missing.join(', ')} (run \`pnpm build\`, or \`pnpm bench\`)` };

  // The composition loads `reflect-metadata` and hands out the tsyringe container its registrations go to.
  const composition = await import(repoUrl('packages/composition/dist/index.js').href);
  const { container } = composition;
  const toolCalls = await import(repoUrl('packages/infrastructure/dist/tool-calls/index.js').href);
  const { TOKENS } = await import(repoUrl('packages/application/dist/index.js').href);
  const { DEFAULT_TOOL_CALL_SETTINGS } = await import(repoUrl('packages/domain/dist/index.js').href);
  if (typeof composition.registerAcodeServices !== 'function') return { ok: false, reason: 'the built composition does not export registerAcodeServices' };

  // A fresh folder as working and home directory: no user configuration leaks into the figures.
  const dir = mkdtempSync(join(tmpdir(), 'acode-bench-'));
  try {
    const scope = container.createChildContainer();
    composition.registerAcodeServices(scope, { cwd: dir, homeDir: dir, logLevel: 'error' });
    const registry = acode.createRegistry();
    for (const definition of definitions) registry.registerTool(definition);
    scope.register(TOKENS.Logger, { useValue: silentLogger });
    scope.register(TOKENS.Metrics, { useValue: noopMetrics });
    scope.register(TOKENS.ToolSchemaRegistry, { useValue: registry });
    const unregistered = ['JsonRepairer', 'ToolCallSettings', 'ToolCallParser'].filter((name) => !scope.isRegistered(TOKENS[name], true));
    if (unregistered.length > 0) return { ok: false, reason: `the composition root does not register ${unregistered.join(', ')}` };
    return {
      ok: true,
      repairer: scope.resolve(TOKENS.JsonRepairer),
      parser: scope.resolve(TOKENS.ToolCallParser),
      repairTimeoutMs: DEFAULT_TOOL_CALL_SETTINGS.repairTimeoutMs,
      ...(typeof toolCalls.readResponse === 'function' ? { readResponse: toolCalls.readResponse } : {}),
    };
  } catch (error) {
    // These parts are newer than the registry: a composition fault costs their rows, not the run.
    return { ok: false, reason: `the composition failed: ${firstLine(error)}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {unknown} error
 * @returns {string}
 */
function firstLine(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]?.slice(0, 200) ?? 'unknown error';
}
