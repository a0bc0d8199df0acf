import type { DefinitionViolation, JsonObject, JsonSchemaObject, JsonValue, RegistryLimits, ValidationError } from '@acode/domain';

/** Options of one validation run. */
export interface SchemaValidationOptions {
  /** Render actual values into errors (false for sensitive tools or when configured off). */
  readonly includeActualValues: boolean;
  /** Stop after this many errors. */
  readonly maxErrors: number;
}

/**
 * A schema checked and prepared once, at registration, for fast repeated validation (FR-010,
 * FR-011). Immutable and safe to share between concurrent callers.
 */
export interface CompiledSchema {
  /** The schema as registered (deep-frozen). */
  readonly source: JsonSchemaObject;
  /** sha256 of the canonical JSON of `source`, first 12 hex digits (decision 12). */
  readonly hash: string;
  /** Size of the canonical JSON in bytes. */
  readonly sizeBytes: number;
  /**
   * Validates a parsed value with the strictness of decision 7; returns the errors, mapped to
   * ACODE-TSR codes, in schema order. An empty list means valid.
   */
  validate(value: JsonValue, options: SchemaValidationOptions): readonly ValidationError[];
  /**
   * {@link validate}, and how many distinct errors past `options.maxErrors` were left out, so a
   * capped list can say so (issue 13). Optional: callers fall back to `validate` (count 0).
   */
  validateCounted?(value: JsonValue, options: SchemaValidationOptions): { readonly errors: readonly ValidationError[]; readonly omittedErrors: number };
  /** Returns a copy of `value` with the schema's defaults filled in (decision 9). */
  applyDefaults(value: JsonObject): JsonObject;
}

/** The outcome of compiling a schema: the compiled form, or every reason it was refused. */
export type SchemaCompileResult =
  | { readonly ok: true; readonly compiled: CompiledSchema }
  | { readonly ok: false; readonly violations: readonly DefinitionViolation[] };

/** Which schema of a definition is compiled: it fixes the path violations report and the root rule. */
export interface SchemaCompileOptions {
  /**
   * `parameters` (the default): paths start at `/parameters` and the root must be `type: "object"`.
   * `outputSchema` (001 §4.2): paths start at `/outputSchema` and any root type is allowed,
   * since a handler's `data` may be any JSON value; every other check is the same.
   */
  readonly role?: 'parameters' | 'outputSchema';
}

/**
 * Turns a tool's parameter schema into a {@link CompiledSchema}: checks it against the draft
 * 2020-12 meta-schema and the registry's limits (size, depth, remote `$ref`, untyped properties,
 * circular references) first. A DI seam so benchmarks and tests can swap engines.
 */
export interface ISchemaCompiler {
  /** Compiles `schema`; never throws for a bad schema, it reports it. */
  compile(schema: unknown, limits?: Partial<RegistryLimits>, options?: SchemaCompileOptions): SchemaCompileResult;
}
