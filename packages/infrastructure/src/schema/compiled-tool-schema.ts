import type { CompiledSchema, SchemaValidationOptions } from '@acode/application';
import type { JsonObject, JsonSchemaObject, JsonValue, ValidationError } from '@acode/domain';
import { mapViolations } from '../validation/map-violations.js';
import { applySchemaDefaults } from './apply-defaults.js';
import type { EngineSchema } from './engine-schema.js';
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
    return mapViolations(this.validateRaw(value), options);
  }

  /**
   * The engine's failures before mapping: each failed keyword with its location in `source`.
   * Empty when the value is valid. Never throws.
   */
  validateRaw(value: unknown): RawViolation[] {
    return this.#engine.validateRaw(value);
  }

  /** Returns a copy of `value` with the schema's defaults filled in (decision 9); `value` is not changed. */
  applyDefaults(value: JsonObject): JsonObject {
    return applySchemaDefaults(this.source, value, this.#resolver);
  }
}
