/**
 * The registry's limits (decision 10). Every one can be changed in configuration; these are the
 * defaults.
 */
export interface RegistryLimits {
  /** Largest serialized schema, in bytes. */
  readonly maxSchemaSizeBytes: number;
  /** Deepest nesting of a schema, counted in schema objects. */
  readonly maxSchemaDepth: number;
  /** Largest arguments text, in bytes (UTF-8). */
  readonly maxArgumentSizeBytes: number;
  /** Deepest nesting of arguments, counted in arrays and objects. */
  readonly maxArgumentDepth: number;
  /** Most errors one validation reports. */
  readonly maxValidationErrors: number;
  /** Budget for one pattern match, in milliseconds. */
  readonly patternTimeoutMs: number;
}

/** 50 KiB schemas, depth 20, 1 MiB arguments, nesting 64, 50 errors, 100 ms patterns. */
export const DEFAULT_REGISTRY_LIMITS: RegistryLimits = Object.freeze({
  maxSchemaSizeBytes: 50 * 1024,
  maxSchemaDepth: 20,
  maxArgumentSizeBytes: 1024 * 1024,
  maxArgumentDepth: 64,
  maxValidationErrors: 50,
  patternTimeoutMs: 100,
});

/** Longest tool description (000). */
export const MAX_DESCRIPTION_LENGTH = 500;
