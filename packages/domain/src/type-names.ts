import type { JsonTypeName } from './json-value.js';

/** The seven type names JSON Schema's `type` keyword accepts. */
export const JSON_TYPE_NAMES: readonly JsonTypeName[] = Object.freeze([
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
]);

/** True when `value` is one of {@link JSON_TYPE_NAMES}. */
export function isJsonTypeName(value: unknown): value is JsonTypeName {
  return (JSON_TYPE_NAMES as readonly unknown[]).includes(value);
}

/**
 * The type names a schema's `type` keyword declares: `[]` when absent or malformed, so callers
 * treat an unusable `type` as no constraint and leave reporting it to the property-type rule.
 */
export function declaredTypeNames(type: unknown): JsonTypeName[] {
  const names = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  return names.filter(isJsonTypeName);
}

/** True when a value of JSON type `actual` is acceptable where `declared` is asked (integers are numbers). */
export function typeNameAccepts(declared: JsonTypeName, actual: JsonTypeName): boolean {
  return declared === actual || (declared === 'number' && actual === 'integer');
}
