import type { DefinitionViolation } from '@acode/domain';
import type { OutputUnit } from '@cfworker/json-schema';
import { formatPointer, parseFragmentPointer, resolvePointer } from '../json-pointer.js';
import { validateAgainstMetaSchema } from '../meta-schema-validator.js';
import { endsAtKeyword } from '../schema-keywords.js';
import type { SchemaCheck, SchemaCheckContext } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** The type names of JSON Schema, listed in the order 000 scenario 7 shows them. */
const VALID_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** Units that only say "a subschema had errors"; the units beneath them say which. */
const SUMMARY_KEYWORDS = new Set(['$ref', 'allOf', 'anyOf', 'oneOf', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems', 'dependentSchemas', 'propertyNames', 'if']);

/**
 * The schema must be a valid draft 2020-12 schema (FR-022), checked against the meta-schema.
 * The engine reports a chain of units from the root down; each violation is placed at the deepest
 * location that failed, with the leaf reasons there (for `type`, the list of valid types, as 000
 * scenario 7 shows).
 */
export const metaSchemaCheck: SchemaCheck = {
  name: 'meta-schema',
  gate: false,
  run(schema, context) {
    const byLocation = new Map<string, OutputUnit[]>();
    for (const unit of validateAgainstMetaSchema(schema)) {
      if (SUMMARY_KEYWORDS.has(unit.keyword)) continue;
      const pointer = formatPointer(parseFragmentPointer(unit.instanceLocation) ?? []);
      byLocation.set(pointer, [...(byLocation.get(pointer) ?? []), unit]);
    }
    const locations = [...byLocation.keys()];
    const deepest = locations.filter((pointer) => !locations.some((other) => other.startsWith(`${pointer}/`)));
    return deepest.map((pointer) => violationAt(schema, pointer, byLocation.get(pointer) ?? [], context));
  },
};

function violationAt(schema: unknown, pointer: string, units: readonly OutputUnit[], context: SchemaCheckContext): DefinitionViolation {
  const tokens = parseFragmentPointer(pointer) ?? [];
  const value = resolvePointer(schema, tokens);
  if (isTypeKeyword(tokens)) {
    return schemaViolation(context, pointer, `${describeType(value)}. Valid types: ${VALID_TYPES.join(', ')}`);
  }
  const reasons = [...new Set(units.map((unit) => unit.error.replace(/^Instance /, 'Value ')))];
  return schemaViolation(context, pointer, `Invalid schema: ${reasons.join(' ')}`);
}

/** True for the `type` keyword itself or one entry of its list (`/properties/v/type/1`). */
function isTypeKeyword(tokens: readonly string[]): boolean {
  if (tokens[tokens.length - 1] === 'type') return endsAtKeyword(tokens);
  return /^\d+$/.test(tokens[tokens.length - 1] ?? '') && tokens[tokens.length - 2] === 'type' && endsAtKeyword(tokens.slice(0, -1));
}

function describeType(value: unknown): string {
  if (typeof value === 'string') return `Invalid schema type ${JSON.stringify(value)}`;
  if (Array.isArray(value)) {
    const invalid = value.filter((item) => typeof item !== 'string' || !VALID_TYPES.includes(item));
    if (invalid.length > 0) return `Invalid schema type ${invalid.map((item) => JSON.stringify(item)).join(', ')} in the type list`;
    return 'Type list must name each type once and must not be empty';
  }
  return `"type" must be a type name or an array of type names, not ${JSON.stringify(value)}`;
}
