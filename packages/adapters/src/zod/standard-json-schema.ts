import { InvalidToolDefinitionException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';

/**
 * A schema of any Standard Schema library (zod, valibot, arktype...): `~standard.validate`, and
 * with Standard JSON Schema, `~standard.jsonSchema.input(...)` that writes its JSON Schema.
 * Structural, so no library is needed to name it.
 */
export interface StandardSchemaLike {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly jsonSchema?: {
      readonly input: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> }) => Record<string, unknown>;
    };
  };
}

/** Converts a schema to JSON Schema when it offers no `~standard.jsonSchema` (`z.toJSONSchema` for zod before 4.2). */
export type ToJsonSchema = (schema: never) => unknown;

/** The dialects asked for, in order: 2020-12 first; draft-07 for libraries that only write that (then normalised). */
const TARGETS = ['draft-2020-12', 'draft-07'] as const;

/**
 * The JSON Schema of what a Standard Schema accepts (its input side: a default makes a property
 * optional), from the library itself: `~standard.jsonSchema.input({ target })`, asking for 2020-12
 * and then draft-07; or `toJsonSchema` when the schema has no such method.
 *
 * @throws InvalidToolDefinitionException with ACODE-TSR-006 at `field` when the value is not a
 *   Standard Schema, offers no JSON Schema and no converter was given, or the library refuses to
 *   write one (a zod `z.date()`, `z.bigint()`, `z.map()`, `z.custom()`...: types with no JSON
 *   Schema form); the library's own message is quoted.
 */
export function standardJsonSchema(schema: unknown, toolName: string, field: '/parameters' | '/outputSchema', toJsonSchema?: ToJsonSchema): unknown {
  const refuse = (message: string, cause?: unknown): never => {
    const exception = new InvalidToolDefinitionException(toolName, [{ code: ERROR_CODES.SCHEMA_INVALID, path: field, message }]);
    if (cause !== undefined) Object.defineProperty(exception, 'cause', { value: cause });
    throw exception;
  };
  const standard = typeof schema === 'object' && schema !== null ? (schema as Partial<StandardSchemaLike>)['~standard'] : undefined;
  if (standard === undefined || typeof standard !== 'object') {
    if (toJsonSchema !== undefined) return convertWith(toJsonSchema, schema, refuse);
    return refuse(`${field.slice(1)} must be a Standard Schema (a zod, valibot or arktype schema, with "~standard"); got ${describe(schema)}`);
  }
  const input = standard.jsonSchema?.input;
  if (typeof input !== 'function') {
    if (toJsonSchema !== undefined) return convertWith(toJsonSchema, schema, refuse);
    return refuse(`the ${String(standard.vendor)} schema offers no Standard JSON Schema (~standard.jsonSchema); upgrade the library (zod 4.2 or later) or pass toJsonSchema (such as z.toJSONSchema)`);
  }
  let firstError: unknown;
  for (const target of TARGETS) {
    try {
      return input({ target, libraryOptions: { unrepresentable: 'throw' } });
    } catch (error) {
      firstError ??= error;
    }
  }
  return refuse(`the ${String(standard.vendor)} schema has no JSON Schema form: ${messageOf(firstError)}`, firstError);
}

function convertWith(toJsonSchema: ToJsonSchema, schema: unknown, refuse: (message: string, cause?: unknown) => never): unknown {
  try {
    return toJsonSchema(schema as never);
  } catch (error) {
    return refuse(`the schema has no JSON Schema form: ${messageOf(error)}`, error);
  }
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without "~standard"' : `a ${typeof value}`;
}
