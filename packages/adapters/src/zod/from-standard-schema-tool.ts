import type { ToolDefinition } from '@acode/domain';
import { foreignSchema } from '../shared/foreign-schema.js';
import { standardJsonSchema, type ToJsonSchema } from './standard-json-schema.js';

/** The version a definition gets when its options name none. */
export const DEFAULT_TOOL_VERSION = '1.0.0';

/**
 * A tool whose arguments (and, optionally, output) are described by a Standard Schema, with
 * every other field of a {@link ToolDefinition}: `name` (snake_case), `description`, and
 * optionally `version` (`1.0.0` by default), `category`, `requiresConfirmation`, `sideEffects`...
 */
export interface StandardSchemaToolOptions<TInput = unknown, TOutput = unknown> extends Omit<ToolDefinition, 'parameters' | 'outputSchema' | 'version'> {
  readonly version?: string;
  /** The schema of the arguments: an object schema (zod `z.object`, valibot `v.object`...). */
  readonly inputSchema: TInput;
  /** The schema of the tool's result, checked by `registry.tryValidateOutput`. */
  readonly outputSchema?: TOutput;
  /**
   * Converts a schema that offers no Standard JSON Schema (`~standard.jsonSchema`), such as zod
   * before 4.2: pass `(schema) => z.toJSONSchema(schema, { io: 'input' })`.
   */
  readonly toJsonSchema?: ToJsonSchema;
}

/**
 * A {@link ToolDefinition} from a Standard Schema tool: the library writes the JSON Schema of the
 * input (`~standard.jsonSchema.input`, draft 2020-12, or draft-07 normalised to it), so the tool
 * registers in our registry and its arguments are validated there, strictly: objects are closed
 * (an unknown property is refused, as by zod's `z.strictObject`), defaults are applied, and
 * `null` is refused unless the schema allows it.
 *
 * Checks that have no JSON Schema form are not carried over: refinements (`.refine`,
 * `.superRefine`), transforms and custom checks run only if you parse the validated arguments with
 * the schema itself. Types with no JSON Schema form at all (`z.date()`, `z.bigint()`, `z.map()`)
 * are refused.
 *
 * @throws InvalidToolDefinitionException (ACODE-TSR-006) when a schema is not a Standard Schema or
 *   has no JSON Schema form; the registry's own exceptions when the definition is registered.
 */
export function fromStandardSchemaTool(options: StandardSchemaToolOptions): ToolDefinition {
  const { inputSchema, outputSchema, toJsonSchema, version, ...fields } = options;
  const name = typeof fields.name === 'string' ? fields.name : String(fields.name);
  const parameters = foreignSchema(standardJsonSchema(inputSchema, name, '/parameters', toJsonSchema), name, '/parameters');
  return {
    ...fields,
    version: version ?? DEFAULT_TOOL_VERSION,
    parameters,
    ...(outputSchema === undefined ? {} : { outputSchema: foreignSchema(standardJsonSchema(outputSchema, name, '/outputSchema', toJsonSchema), name, '/outputSchema') }),
  };
}
