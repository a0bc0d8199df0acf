import { isPlainObject } from '@acode/domain';
import type { JsonSchemaObject } from '@acode/domain';
import { dereference, validate, type Schema } from '@cfworker/json-schema';
import { buildEngineCopy, type SchemaOrigin } from './engine-schema-copy.js';
import { toRawViolations } from './engine-output.js';
import type { RawViolation } from './raw-violation.js';
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

/** The `keyword` of the violation reported when the engine itself fails on a value. */
export const ENGINE_FAILURE_KEYWORD = '$engine';

/**
 * A schema compiled for @cfworker/json-schema (draft 2020-12, every error reported, no short
 * circuit). Dereferenced once, at compile time, into the URI lookup its `Validator` would hold;
 * validation only reads that lookup, so one instance serves any number of calls. The lookup is
 * kept here rather than in a `Validator` because the conversion of errors follows `$ref` through it.
 */
export class EngineSchema {
  readonly #lookup: Record<string, Schema | boolean>;
  readonly #copy: Schema | boolean;
  readonly #origins: WeakMap<object, SchemaOrigin>;
  readonly #fallbackHolder: JsonSchemaObject;

  /** Use {@link compileEngineSchema}. */
  constructor(lookup: Record<string, Schema | boolean>, copy: Schema | boolean, origins: WeakMap<object, SchemaOrigin>, fallbackHolder: JsonSchemaObject) {
    this.#lookup = lookup;
    this.#copy = copy;
    this.#origins = origins;
    this.#fallbackHolder = fallbackHolder;
  }

  /**
   * Validates a value; returns every failed keyword located in the original schema, empty when
   * valid. Never throws: should the engine fail on a value (one JSON cannot produce, or nested
   * past the stack), the value is refused with one {@link ENGINE_FAILURE_KEYWORD} violation.
   */
  validateRaw(value: unknown): RawViolation[] {
    try {
      const { errors } = validate(value, this.#copy, '2020-12', this.#lookup, false);
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
    return { ok: true, engine: new EngineSchema(lookup, copy, prepared.origins, fallbackHolder) };
  } catch (error) {
    return { ok: false, pointer: '', reason: error instanceof Error ? error.message.split('\n')[0] ?? 'schema rejected by the engine' : 'schema rejected by the engine' };
  }
}
