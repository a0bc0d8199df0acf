import type { CompiledSchema, SchemaValidationOptions } from '@acode/application';
import { MAX_VALIDATION_ERRORS, type JsonObject, type JsonSchemaObject, type JsonValue, type ValidationError } from '@acode/domain';
import { mapViolations, mapViolationsCounted } from '../validation/map-violations.js';
import { applySchemaDefaults } from './apply-defaults.js';
import type { EngineSchema, EngineValidateOptions } from './engine-schema.js';
import { LocalRefResolver } from './local-ref.js';
import type { RawViolation } from './raw-violation.js';

/**
 * A tool's parameter schema, checked and compiled once at registration (FR-010, FR-011).
 * Immutable: `source` is deep-frozen and the engine schema is only read, so one instance is safe
 * to share between any number of concurrent validations.
 */
export class CompiledToolSchema implements CompiledSchema {
  readonly #engine: EngineSchema;
  readonly #resolver: LocalRefResolver;

  /**
   * @param source the schema as registered, deep-frozen
   * @param hash sha256 of its canonical JSON, first 12 hex digits
   * @param sizeBytes UTF-8 size of its canonical JSON
   * @param engine the engine schema compiled from it (strict, RE2 patterns)
   */
  constructor(
    readonly source: JsonSchemaObject,
    readonly hash: string,
    readonly sizeBytes: number,
    engine: EngineSchema,
  ) {
    this.#engine = engine;
    this.#resolver = new LocalRefResolver(source);
  }

  /** Validates with the strictness of decision 7 and maps the failures to ACODE-TSR errors. */
  validate(value: JsonValue, options: SchemaValidationOptions): readonly ValidationError[] {
    return mapViolations(this.#engine.validateRaw(value, engineOptions(options)), options);
  }

  /** {@link validate}, with the number of errors left out past `options.maxErrors`. */
  validateCounted(value: JsonValue, options: SchemaValidationOptions): { readonly errors: readonly ValidationError[]; readonly omittedErrors: number } {
    return mapViolationsCounted(this.#engine.validateRaw(value, engineOptions(options)), options);
  }

  /**
   * The engine's failures before mapping: each failed keyword with its location in `source`.
   * Empty when the value is valid. Never throws. Every failure is reported (no error cap).
   */
  validateRaw(value: unknown, options?: EngineValidateOptions): RawViolation[] {
    return this.#engine.validateRaw(value, options);
  }

  /** Returns a copy of `value` with the schema's defaults filled in (decision 9); `value` is not changed. */
  applyDefaults(value: JsonObject): JsonObject {
    return applySchemaDefaults(this.source, value, this.#resolver);
  }
}

/**
 * Failed members the engine examines in one validation before a node that already failed stops
 * walking the rest (issue 13): enough that the count of errors left out past the cap stays exact
 * for any ordinary mistake, few enough that 60,000 unknown keys cost a few milliseconds. Past it,
 * the count of omitted errors is a lower bound.
 */
export const ENGINE_FAILURE_BUDGET = 1000;

function engineOptions(options: SchemaValidationOptions): EngineValidateOptions {
  const cap = Number.isFinite(options.maxErrors) ? Math.max(1, Math.floor(options.maxErrors)) : MAX_VALIDATION_ERRORS;
  return { failureBudget: Math.max(ENGINE_FAILURE_BUDGET, cap + 1) };
}
