import type { DefinitionViolation } from './definition-violation.js';
import { schemaViolation } from './definition-rules/definition-rule.js';
import type { JsonSchemaObject } from './json-schema.js';
import { appendPointer } from './json-pointer.js';
import type { JsonValue } from './json-value.js';
import { describeValueType, quoteText } from './message-text.js';
import { isPlainObject, ownValue } from './plain-object.js';
import { TOOL_PARAMETER_TYPES, type ToolParameter, type ToolParameterType } from './tool-parameter.js';

/** A conversion either succeeds with a value or says, with paths, what cannot be converted. */
export type ParameterConversion<T> =
  | { readonly success: true; readonly value: T }
  | { readonly success: false; readonly violations: readonly DefinitionViolation[] };

/** The keywords a parameter's own fields stand for; `schema` may not repeat them. */
const PARAMETER_FIELDS = ['type', 'description', 'default', 'enum'];
/** The only keywords of the arguments object a parameter list can express. */
const ROOT_KEYWORDS = ['type', 'properties', 'required', 'additionalProperties'];

/**
 * Converts 001's authoring form to the definition's `parameters` schema: `type: object`,
 * `properties` in list order (each `{ type, description, default, enum, ...schema }`), a
 * `required` list when any parameter is required, and `additionalProperties: false`. Empty
 * descriptions are left out, so the conversion back restores them as `""`.
 *
 * Fails, rather than guess, on a parameter list that cannot be one schema: names missing or
 * repeated, an unknown type, or a `schema` that repeats `description`, `default` or `enum` or
 * contradicts `type` (a `type` equal to the parameter's is accepted and dropped). The list is
 * checked at run time because it may come from a YAML file. Values are shared, not copied.
 */
export function parametersToJsonSchema(parameters: readonly ToolParameter[]): ParameterConversion<JsonSchemaObject> {
  if (!Array.isArray(parameters)) {
    return failure([schemaViolation('/parameters', `parameters must be a list; got ${describeValueType(parameters)}`)]);
  }
  const violations: DefinitionViolation[] = [];
  const entries: Array<[string, JsonSchemaObject]> = [];
  const required: string[] = [];
  const seen = new Set<string>();
  parameters.forEach((parameter: unknown, index) => {
    const path = appendPointer('/parameters', index);
    const problems = parameterProblems(parameter, path, seen);
    if (problems.length > 0) return void violations.push(...problems);
    const { name, description, type, required: isRequired, schema } = parameter as ToolParameter;
    seen.add(name);
    if (isRequired === true) required.push(name);
    const rest = Object.fromEntries(Object.entries(schema ?? {}).filter(([key]) => key !== 'type'));
    entries.push([
      name,
      {
        type,
        ...(description !== '' && { description }),
        ...(Object.hasOwn(parameter as object, 'default') && { default: (parameter as ToolParameter).default }),
        ...((parameter as ToolParameter).enum !== undefined && { enum: [...(parameter as ToolParameter).enum!] }),
        ...rest,
      },
    ]);
  });
  if (violations.length > 0) return failure(violations);
  // fromEntries defines own properties, so a parameter named `__proto__` stays a property.
  return success({
    type: 'object',
    properties: Object.fromEntries(entries),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  });
}

/**
 * Converts a `parameters` schema back to the authoring form, one parameter per property in
 * `properties` order, with `required` always a boolean and every keyword other than `type`,
 * `description`, `default` and `enum` kept in `schema` (absent when there are none).
 *
 * Fails with a violation per property the form cannot hold, rather than dropping anything: a
 * `type` that is not one of 001's six single types (unions, `null`, none at all with `$ref` or a
 * composition), a non-string description, a non-list enum; and at the root any keyword besides
 * `type`, `properties`, `required` and `additionalProperties: false`, or a `required` name that is
 * not declared. For schemas `parametersToJsonSchema` produced, the round trip is exact.
 */
export function jsonSchemaToParameters(schema: unknown): ParameterConversion<ToolParameter[]> {
  if (!isPlainObject(schema)) {
    return failure([schemaViolation('/parameters', `parameters must be a JSON Schema object; got ${describeValueType(schema)}`)]);
  }
  const violations: DefinitionViolation[] = [];
  for (const key of Object.keys(schema)) {
    if (!ROOT_KEYWORDS.includes(key)) {
      violations.push(schemaViolation(appendPointer('/parameters', key), `${quoteText(key)} at the root of parameters has no place in a parameter list`));
    }
  }
  if (ownValue(schema, 'type') !== 'object') violations.push(schemaViolation('/parameters/type', 'parameters must declare type "object"'));
  const additional = ownValue(schema, 'additionalProperties');
  if (additional !== undefined && additional !== false) {
    violations.push(schemaViolation('/parameters/additionalProperties', 'a parameter list cannot express additionalProperties other than false'));
  }
  const properties = ownValue(schema, 'properties') ?? {};
  if (!isPlainObject(properties)) {
    return failure([...violations, schemaViolation('/parameters/properties', `properties must be an object; got ${describeValueType(properties)}`)]);
  }
  const requiredList = ownValue(schema, 'required') ?? [];
  const required = new Set<string>();
  if (!Array.isArray(requiredList)) {
    violations.push(schemaViolation('/parameters/required', `required must be a list of names; got ${describeValueType(requiredList)}`));
  } else {
    requiredList.forEach((name: unknown, index) => {
      if (typeof name === 'string' && Object.hasOwn(properties, name)) required.add(name);
      else violations.push(schemaViolation(appendPointer('/parameters/required', index), 'required must name properties declared in properties'));
    });
  }

  const parameters: ToolParameter[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const path = appendPointer('/parameters/properties', name);
    const converted = toParameter(name, property, required.has(name), path);
    if (Array.isArray(converted)) violations.push(...converted);
    else parameters.push(converted);
  }
  return violations.length > 0 ? failure(violations) : success(parameters);
}

function parameterProblems(parameter: unknown, path: string, seen: ReadonlySet<string>): DefinitionViolation[] {
  if (!isPlainObject(parameter)) return [schemaViolation(path, `a parameter must be an object; got ${describeValueType(parameter)}`)];
  const problems: DefinitionViolation[] = [];
  const at = (field: string): string => appendPointer(path, field);
  const { name, description, type, required, schema } = parameter;
  if (typeof name !== 'string' || name.length === 0) problems.push(schemaViolation(at('name'), 'parameter name must be a non-empty string'));
  else if (seen.has(name)) problems.push(schemaViolation(at('name'), `parameter name ${quoteText(name)} is used more than once`));
  if (typeof description !== 'string') problems.push(schemaViolation(at('description'), 'parameter description must be a string'));
  if (!isParameterType(type)) problems.push(schemaViolation(at('type'), `parameter type must be one of: ${TOOL_PARAMETER_TYPES.join(', ')}`));
  if (required !== undefined && typeof required !== 'boolean') problems.push(schemaViolation(at('required'), 'required must be true or false'));
  const enumValues = ownValue(parameter, 'enum');
  if (enumValues !== undefined && !Array.isArray(enumValues)) problems.push(schemaViolation(at('enum'), 'enum must be a list of values'));
  if (schema !== undefined) {
    if (!isPlainObject(schema)) return [...problems, schemaViolation(at('schema'), `schema must be an object; got ${describeValueType(schema)}`)];
    for (const field of PARAMETER_FIELDS) {
      if (!Object.hasOwn(schema, field) || (field === 'type' && schema[field] === type)) continue;
      const message = field === 'type' ? `schema.type contradicts the parameter's type` : `put ${field} in the parameter's own field, not in schema`;
      problems.push(schemaViolation(appendPointer(at('schema'), field), message));
    }
  }
  return problems;
}

function toParameter(name: string, property: unknown, required: boolean, path: string): ToolParameter | DefinitionViolation[] {
  if (!isPlainObject(property)) return [schemaViolation(path, `property ${quoteText(name)} must be a schema object to become a parameter`)];
  const { type, description, enum: enumValues, ...others } = property;
  const problems: DefinitionViolation[] = [];
  if (!isParameterType(type)) {
    problems.push(schemaViolation(appendPointer(path, 'type'), `property ${quoteText(name)} needs one type of: ${TOOL_PARAMETER_TYPES.join(', ')} to become a parameter`));
  }
  if (description !== undefined && typeof description !== 'string') {
    problems.push(schemaViolation(appendPointer(path, 'description'), `description of ${quoteText(name)} must be a string`));
  }
  if (enumValues !== undefined && !Array.isArray(enumValues)) {
    problems.push(schemaViolation(appendPointer(path, 'enum'), `enum of ${quoteText(name)} must be a list`));
  }
  if (problems.length > 0) return problems;
  const { default: defaultValue, ...schema } = others;
  return {
    name,
    description: (description as string | undefined) ?? '',
    type: type as ToolParameterType,
    required,
    ...(Object.hasOwn(property, 'default') && { default: defaultValue as JsonValue }),
    ...(enumValues !== undefined && { enum: [...(enumValues as JsonValue[])] }),
    ...(Object.keys(schema).length > 0 && { schema }),
  };
}

function isParameterType(value: unknown): value is ToolParameterType {
  return (TOOL_PARAMETER_TYPES as readonly unknown[]).includes(value);
}

function success<T>(value: T): ParameterConversion<T> {
  return { success: true, value };
}

function failure<T>(violations: DefinitionViolation[]): ParameterConversion<T> {
  return { success: false, violations };
}
