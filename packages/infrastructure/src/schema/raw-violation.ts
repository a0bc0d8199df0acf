import type { JsonSchemaObject } from '@acode/domain';

/**
 * One failed keyword as the engine reports it, before it is mapped to an ACODE-TSR error.
 * Internal to infrastructure: the compiler produces these, `mapViolations` turns them into
 * model-facing {@link ValidationError}s.
 */
export interface RawViolation {
  /** The failing JSON Schema keyword (`required`, `type`, `enum`, `unevaluatedProperties`, `pattern`, ...). */
  readonly keyword: string;
  /** JSON Pointer to the failing value in the arguments (`""` for the root object). */
  readonly instancePath: string;
  /** JSON Pointer to the keyword in the schema as registered (`/properties/path/type`). */
  readonly schemaPath: string;
  /** The schema object that holds the keyword. */
  readonly subschema: JsonSchemaObject;
  /** The value at `instancePath`. */
  readonly value: unknown;
  /** The engine's own message; for logs at debug, never for the model. */
  readonly engineMessage: string;
}
