import type { ISchemaCompiler, SchemaCompileOptions, SchemaCompileResult } from '@acode/application';
import { canonicalJsonText, DEFAULT_REGISTRY_LIMITS, type DefinitionViolation, ERROR_CODES, isPlainObject, type JsonSchemaObject, type RegistryLimits } from '@acode/domain';
import { sha256Prefix } from './schema-hash.js';
import { dialectCheck, rootTypeCheck, TOOL_SCHEMA_CHECKS, untypedPropertyCheck, type SchemaCheck, type SchemaCheckContext } from './checks/index.js';
import { schemaViolation } from './checks/schema-violation.js';
import { CompiledToolSchema } from './compiled-tool-schema.js';
import { compileEngineSchema } from './engine-schema.js';
import { frozenCopy } from './frozen-copy.js';
import { validateAgainstMetaSchema } from './meta-schema-validator.js';

/** Where a tool's parameter schema sits in its definition; every violation path starts here. */
export const PARAMETERS_PATH = '/parameters';

/** Where a tool's output schema sits in its definition (001 §4.2). */
export const OUTPUT_SCHEMA_PATH = '/outputSchema';

/** The checks of an output schema: the parameter checks but the root rule (a result may be any JSON value). */
const OUTPUT_SCHEMA_CHECKS: readonly SchemaCheck[] = TOOL_SCHEMA_CHECKS.filter((check) => check !== rootTypeCheck);

/** Options of {@link CfworkerSchemaCompiler}. */
export interface CfworkerSchemaCompilerOptions {
  /**
   * Close the objects a schema leaves open by omission with `unevaluatedProperties: false`
   * (decision 7: unknown properties are refused); `true` by default. `false` is for schemas the
   * project does not own, such as the tools a gateway client declares (issue 15), whose authors
   * expect JSON Schema's own meaning: every other check (types, no coercion, limits, safe
   * patterns) still applies, and an explicit `additionalProperties: false` still refuses.
   */
  readonly closeOpenObjects?: boolean;
  /**
   * Which tool-schema checks run before compiling: `all` (the default) or `safety`, only those
   * the engine needs to run a schema safely and in bounded time (depth, JSON data, size, the
   * meta-schema, references, RE2 patterns). `safety` is for schemas the project does not own (a
   * gateway client's tools), whose style rules (a root `type: object`, typed properties) are
   * reported as warnings by the caller rather than refused.
   */
  readonly checks?: 'all' | 'safety';
}

/** The style rules of tool schemas: what {@link CfworkerSchemaCompilerOptions.checks} `safety` leaves out. */
const STYLE_CHECKS: readonly SchemaCheck[] = [rootTypeCheck, dialectCheck, untypedPropertyCheck];

/** The checks of {@link CfworkerSchemaCompilerOptions.checks} `safety`: what the engine needs, none of the style rules. */
const SAFETY_CHECKS: readonly SchemaCheck[] = TOOL_SCHEMA_CHECKS.filter((check) => !STYLE_CHECKS.includes(check));

/**
 * What the style rules of tool schemas say of a parameters schema that compiles under the
 * `safety` checks: the problems a strict compiler would add, each an ACODE-TSR-006 at its path.
 * For callers that take such schemas anyway and report the rest as warnings.
 */
export function schemaStyleViolations(schema: JsonSchemaObject, limits?: Partial<RegistryLimits>): DefinitionViolation[] {
  return runChecks(STYLE_CHECKS, schema, { limits: { ...DEFAULT_REGISTRY_LIMITS, ...limits }, basePath: PARAMETERS_PATH });
}

/**
 * The schema compiler on @cfworker/json-schema (draft 2020-12). `compile` runs the tool-schema
 * checks (limits, meta-schema, references, typed properties, safe patterns), then compiles a
 * strict copy whose patterns run on RE2. It never throws for a bad schema: it returns every
 * violation found, each an ACODE-TSR-006 with a path inside the definition.
 */
export class CfworkerSchemaCompiler implements ISchemaCompiler {
  readonly #closeOpenObjects: boolean;
  readonly #checks: readonly SchemaCheck[];

  constructor(options: CfworkerSchemaCompilerOptions = {}) {
    this.#closeOpenObjects = options.closeOpenObjects ?? true;
    this.#checks = options.checks === 'safety' ? SAFETY_CHECKS : TOOL_SCHEMA_CHECKS;
    // Build the process-wide meta-schema validator now, so its one-off cost lands at startup and
    // is not charged (and reported as slow) to whichever tool happens to be compiled first.
    validateAgainstMetaSchema({ type: 'object' });
  }

  /** Checks and compiles `schema` under `limits` (defaults: decision 10). */
  compile(schema: unknown, limits?: Partial<RegistryLimits>, options?: SchemaCompileOptions): SchemaCompileResult {
    const output = options?.role === 'outputSchema';
    const basePath = output ? OUTPUT_SCHEMA_PATH : PARAMETERS_PATH;
    const context: SchemaCheckContext = { limits: { ...DEFAULT_REGISTRY_LIMITS, ...limits }, basePath };
    if (!isPlainObject(schema)) {
      const found = Array.isArray(schema) ? 'an array' : schema === null ? 'null' : `a ${typeof schema}`;
      const expected = output ? 'Tool outputSchema must be a JSON Schema object' : 'Tool parameters must be a JSON Schema object with type "object"';
      return { ok: false, violations: [schemaViolation(context, '', `${expected}; got ${found}`)] };
    }
    const violations = runChecks(output ? OUTPUT_SCHEMA_CHECKS : this.#checks, schema as JsonSchemaObject, context);
    if (violations.length > 0) return { ok: false, violations };

    // Compiled from the frozen copy, so violations point into `source`, never the caller's object.
    const source = frozenCopy(schema as JsonSchemaObject);
    const compiled = compileEngineSchema(source, { strict: this.#closeOpenObjects, re2Patterns: true });
    if (!compiled.ok) {
      // The checks should have caught anything the engine refuses; report it rather than throw.
      const path = basePath + compiled.pointer;
      return { ok: false, violations: [{ code: ERROR_CODES.SCHEMA_COMPILATION_FAILED, path, message: `${path}: Schema compilation failed: ${compiled.reason}` }] };
    }
    const canonical = canonicalJsonText(source);
    return { ok: true, compiled: new CompiledToolSchema(source, sha256Prefix(canonical), Buffer.byteLength(canonical, 'utf8'), compiled.engine) };
  }
}

function runChecks(checks: readonly SchemaCheck[], schema: JsonSchemaObject, context: SchemaCheckContext): DefinitionViolation[] {
  const violations: DefinitionViolation[] = [];
  for (const check of checks) {
    const found = check.run(schema, context);
    violations.push(...found);
    if (check.gate && found.length > 0) break;
  }
  return violations;
}
