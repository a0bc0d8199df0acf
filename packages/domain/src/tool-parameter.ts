import type { JsonSchema } from './json-schema.js';
import type { JsonValue } from './json-value.js';

/** Parameter types of 001 §4.5; each maps to the JSON Schema type of the same name. */
export const TOOL_PARAMETER_TYPES = Object.freeze(['string', 'integer', 'number', 'boolean', 'array', 'object'] as const);

/** One of {@link TOOL_PARAMETER_TYPES}. */
export type ToolParameterType = (typeof TOOL_PARAMETER_TYPES)[number];

/**
 * One parameter in 001's authoring form. A list of these converts to and from the
 * definition's JSON Schema `parameters` (see `parametersToJsonSchema`, `jsonSchemaToParameters`).
 */
export interface ToolParameter {
  /** Property name as the model writes it (snake_case, unique in the list). */
  readonly name: string;
  /** What the parameter is for, shown to the model. */
  readonly description: string;
  /** The JSON type of the value. */
  readonly type: ToolParameterType;
  /** Whether the call must include it. A required parameter has no default. */
  readonly required?: boolean;
  /** Value used when the call omits it; must validate against the parameter's schema. */
  readonly default?: JsonValue;
  /** Allowed values; each must be of `type`. */
  readonly enum?: readonly JsonValue[];
  /**
   * Further JSON Schema keywords for this parameter (`items` and `properties` for arrays and
   * objects, `minimum`, `pattern`, ...). Array and object parameters without `enum` need one.
   */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/** Helper type: the property schema a parameter stands for. */
export type ToolParameterSchema = Exclude<JsonSchema, boolean>;
