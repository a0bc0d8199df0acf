// @ts-check
/**
 * Loads this project's registry and schema compiler from the built packages and wires a registry
 * the way the composition root does, minus logging and metrics (see `bench-ports.mjs`).
 */
import { existsSync } from 'node:fs';
import { benchCorrelation, noopMetrics, performanceClock, silentLogger } from './bench-ports.mjs';
import { repoPath, repoUrl } from './repo-paths.mjs';

/** The built entry points the bench needs. */
const ENTRY_POINTS = Object.freeze({
  infrastructure: 'packages/infrastructure/dist/index.js',
  application: 'packages/application/dist/index.js',
  domain: 'packages/domain/dist/index.js',
});

/**
 * The part of `ToolSchemaRegistry` the bench calls (the real types live in the packages; the
 * bench is plain JavaScript over their build).
 *
 * @typedef {object} BenchRegistry
 * @property {(definition: object) => unknown} registerTool
 * @property {(name: string, args: string | object) => BenchValidationResult} tryValidateArguments
 * @property {() => readonly unknown[]} getAllTools
 */

/**
 * @typedef {{ success: true } | { success: false, errors: ReadonlyArray<{ path: string, code: string }> }} BenchValidationResult
 */

/**
 * The part of `CfworkerSchemaCompiler` the bench calls.
 *
 * @typedef {object} BenchCompiler
 * @property {(schema: unknown, limits?: object) => { ok: true } | { ok: false, violations: ReadonlyArray<{ message: string }> }} compile
 */

/**
 * @typedef {object} AcodeSubjects
 * @property {true} ok
 * @property {() => BenchCompiler} createCompiler A new `CfworkerSchemaCompiler`.
 * @property {() => BenchRegistry} createRegistry A new, empty `ToolSchemaRegistry`.
 * @property {{ limits: object }} options `DEFAULT_TOOL_REGISTRY_OPTIONS`.
 * @property {(definition: unknown) => number} checkDefinition The checks a managed definition passes before it is compiled (001 §10.9): the domain rules and the license policy (the teams tier: a keyword walk at the Advanced level); returns how many violations.
 */

/**
 * @typedef {object} AcodeUnavailable
 * @property {false} ok
 * @property {string} reason Why the project's figures cannot be measured.
 */

/**
 * Loads the project's registry. A package that is not built yet is an expected state while
 * developing (the peers can still be measured), so it is reported, not thrown; a built package
 * that fails to load is a real fault and propagates.
 *
 * @returns {Promise<AcodeSubjects | AcodeUnavailable>}
 */
export async function loadAcode() {
  const missing = Object.values(ENTRY_POINTS).filter((path) => !existsSync(repoPath(path)));
  if (missing.length > 0) {
    return { ok: false, reason: `not built: ${missing.join(', ')} (run \`pnpm build\`, or \`pnpm bench\`)` };
  }

  const infrastructure = await import(repoUrl(ENTRY_POINTS.infrastructure).href);
  const application = await import(repoUrl(ENTRY_POINTS.application).href);
  const domain = await import(repoUrl(ENTRY_POINTS.domain).href);

  const { ToolSchemaRegistry, CfworkerSchemaCompiler } = infrastructure;
  const options = application.DEFAULT_TOOL_REGISTRY_OPTIONS;
  const absent = [
    typeof ToolSchemaRegistry === 'function' ? undefined : 'ToolSchemaRegistry',
    typeof CfworkerSchemaCompiler === 'function' ? undefined : 'CfworkerSchemaCompiler',
    options === undefined ? 'DEFAULT_TOOL_REGISTRY_OPTIONS' : undefined,
    typeof domain.validateToolDefinition === 'function' ? undefined : 'validateToolDefinition',
    typeof domain.checkLicense === 'function' ? undefined : 'checkLicense',
  ].filter((name) => name !== undefined);
  if (absent.length > 0) return { ok: false, reason: `the built packages do not export ${absent.join(', ')}` };

  const createCompiler = () => new CfworkerSchemaCompiler();
  return {
    ok: true,
    createCompiler,
    createRegistry: () =>
      new ToolSchemaRegistry(createCompiler(), silentLogger, noopMetrics, benchCorrelation, performanceClock, options),
    options,
    checkDefinition: (definition) =>
      domain.validateToolDefinition(definition).length + domain.checkLicense('teams', { customCount: 0, definition, isNew: true }).length,
  };
}
