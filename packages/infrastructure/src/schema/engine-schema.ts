import { isPlainObject } from '@acode/domain';
import type { JsonSchemaObject } from '@acode/domain';
import { dereference, type Schema } from '@cfworker/json-schema';
import { boundedValidate, type PatternTest } from './bounded-validate.js';
import { buildEngineCopy, type SchemaOrigin } from './engine-schema-copy.js';
import { toRawViolations } from './engine-output.js';
import type { RawViolation } from './raw-violation.js';
import { compileRe2Pattern, re2Search } from './re2-pattern.js';
import { findStrictBoundaries } from './strict-boundaries.js';

/** How to compile a schema for the engine. */
export interface EngineSchemaOptions {
  /** Close objects left open by omission (decision 7). On for tool schemas, off for the JSON Schema Test Suite. */
  readonly strict: boolean;
  /** Match `pattern` with RE2 instead of JavaScript's backtracking RegExp (NFR-015). */
  readonly re2Patterns: boolean;
  /** Further documents the schema may reference, by absolute URI. Tool schemas have none. */
  readonly remotes?: Readonly<Record<string, unknown>>;
}

/** An engine schema, or why it could not be built. */
export type EngineCompileResult =
  | { readonly ok: true; readonly engine: EngineSchema }
  | { readonly ok: false; readonly pointer: string; readonly reason: string };

/** What one validation may skip once the value is known to be invalid (issue 13). */
export interface EngineValidateOptions {
  /**
   * Failed members (properties, items) examined in one validation before nodes that already
   * failed stop walking the rest (see `boundedValidate`). Default: no limit, every failure.
   */
  readonly failureBudget?: number;
  /** Test hook: called with the length of every array a `uniqueItems` scan walks. */
  readonly onUniqueItemsScan?: (length: number) => void;
}

/** The `keyword` of the violation reported when the engine itself fails on a value. */
export const ENGINE_FAILURE_KEYWORD = '$engine';

/**
 * A schema compiled for @cfworker/json-schema (draft 2020-12, no short circuit). Dereferenced
 * once, at compile time, into the URI lookup its `Validator` would hold; validation only reads
 * that lookup, so one instance serves any number of calls. The lookup is kept here rather than in
 * a `Validator` because the conversion of errors follows `$ref` through it. Values are validated
 * by `boundedValidate`, the engine's validation with its costs bounded (issue 13).
 */
export class EngineSchema {
  readonly #lookup: Record<string, Schema | boolean>;
  readonly #copy: Schema | boolean;
  readonly #origins: WeakMap<object, SchemaOrigin>;
  readonly #fallbackHolder: JsonSchemaObject;
  readonly #re2Patterns: boolean;
  /** Compiled `patternProperties` keys (and `pattern`s left to the engine), by source. */
  readonly #patterns = new Map<string, PatternTest>();
  readonly #pattern = (source: string): PatternTest => {
    let test = this.#patterns.get(source);
    if (test === undefined) {
      test = this.#re2Patterns ? re2Test(source) : jsRegExpTest(source);
      this.#patterns.set(source, test);
    }
    return test;
  };

  /** Use {@link compileEngineSchema}. */
  constructor(lookup: Record<string, Schema | boolean>, copy: Schema | boolean, origins: WeakMap<object, SchemaOrigin>, fallbackHolder: JsonSchemaObject, re2Patterns: boolean) {
    this.#lookup = lookup;
    this.#copy = copy;
    this.#origins = origins;
    this.#fallbackHolder = fallbackHolder;
    this.#re2Patterns = re2Patterns;
  }

  /**
   * Validates a value; returns every failed keyword located in the original schema, empty when
   * valid. Never throws: should the engine fail on a value (one JSON cannot produce, or nested
   * past the stack), the value is refused with one {@link ENGINE_FAILURE_KEYWORD} violation.
   * With `options.failureBudget`, an invalid value's errors stop at about that many failed members.
   */
  validateRaw(value: unknown, options?: EngineValidateOptions): RawViolation[] {
    try {
      const budget = options?.failureBudget;
      const { errors } = boundedValidate(value, this.#copy, this.#lookup, {
        pattern: this.#pattern,
        failureBudget: budget !== undefined && budget >= 1 ? budget : Number.POSITIVE_INFINITY,
        ...(options?.onUniqueItemsScan === undefined ? {} : { onUniqueItemsScan: options.onUniqueItemsScan }),
      });
      return toRawViolations(errors, value, { copy: this.#copy, lookup: this.#lookup, origins: this.#origins });
    } catch {
      return [{ keyword: ENGINE_FAILURE_KEYWORD, instancePath: '', schemaPath: '', subschema: this.#fallbackHolder, value, engineMessage: 'The value could not be validated.' }];
    }
  }
}

/**
 * Compiles any draft 2020-12 schema (boolean schemas too) for the engine: the lower level the tool
 * schema compiler builds on, without the tool-definition checks, so the JSON Schema Test Suite can
 * run through exactly the engine tool schemas use.
 */
export function compileEngineSchema(schema: unknown, options: EngineSchemaOptions): EngineCompileResult {
  const closeAt = options.strict ? findStrictBoundaries(schema) : new Set<string>();
  const prepared = buildEngineCopy(schema, { closeAt, re2Patterns: options.re2Patterns });
  if (!prepared.ok) return prepared;
  try {
    const copy = prepared.copy as Schema | boolean;
    const lookup = dereference(copy) as Record<string, Schema | boolean>;
    for (const [uri, remote] of Object.entries(options.remotes ?? {})) {
      // Copies: the engine annotates what it dereferences, and remotes are shared between compiles.
      // The same registration as `Validator.addSchema(remote, uri)`.
      dereference({ ...(structuredClone(remote) as Schema), $id: uri }, lookup);
    }
    const fallbackHolder = isPlainObject(schema) ? (schema as JsonSchemaObject) : {};
    return { ok: true, engine: new EngineSchema(lookup, copy, prepared.origins, fallbackHolder, options.re2Patterns) };
  } catch (error) {
    return { ok: false, pointer: '', reason: error instanceof Error ? error.message.split('\n')[0] ?? 'schema rejected by the engine' : 'schema rejected by the engine' };
  }
}

/** RE2 search (linear time); the copy already refused the patterns RE2 cannot compile. */
function re2Test(source: string): PatternTest {
  const compiled = compileRe2Pattern(source);
  if (!compiled.ok) throw new Error(`pattern ${JSON.stringify(source)} cannot run on RE2: ${compiled.reason}`);
  const { regex } = compiled;
  return (input) => re2Search(regex, input);
}

/** The engine's own matching, kept for schemas compiled without `re2Patterns`. */
function jsRegExpTest(source: string): PatternTest {
  const regex = new RegExp(source, 'u');
  return (input) => regex.test(input);
}
