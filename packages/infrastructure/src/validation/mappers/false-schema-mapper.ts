import type { ValidationError } from '@acode/domain';
import { closestName } from '@acode/domain';
import type { RawViolation } from '../../schema/raw-violation.js';
import { describeLocation, lastToken, quoteName, safeText } from '../display-text.js';
import { isSchemaObject } from '../schema-summary.js';
import { constraintError, type MappingContext, type ViolationMapper } from './violation-mapper.js';

/** Most declared property names an unknown-property error lists in `expected`. */
const MAX_LISTED_PROPERTIES = 10;

/** Keywords that hold subschemas; when one holds `false`, a value there is not allowed at all. */
const SCHEMA_HOLDING_KEYWORDS = [
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'dependentSchemas',
  'propertyNames',
  'allOf',
  'if',
  'then',
  'else',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
];

/**
 * `false` schemas. The compiler reports a value a `false` schema refused under the keyword that
 * holds that schema, at the value's own pointer (see `engine-output.ts`):
 *
 * - `additionalProperties` / `unevaluatedProperties` (decision 7 closes every object this way)
 *   → ACODE-TSR-005 `Unknown property 'extra' is not allowed`, with a did-you-mean on the
 *   declared property names;
 * - any other holder (`properties: {x: false}`, `items: false`) → the value is not allowed there.
 *
 * The same keywords also name wrappers ("Property x does not match schema") when they hold a
 * real schema; those map to nothing, their leaves are the errors.
 */
export const falseSchemaMapper: ViolationMapper = {
  keywords: ['additionalProperties', 'unevaluatedProperties', 'false', ...SCHEMA_HOLDING_KEYWORDS],
  map(violation, context) {
    if (violation.keyword === 'additionalProperties' || violation.keyword === 'unevaluatedProperties') {
      return isSchemaObject(violation.subschema[violation.keyword]) ? [] : [unknownPropertyError(violation, context)];
    }
    if (violation.keyword !== 'false' && !holdsFalse(violation)) return [];
    const where = describeLocation(violation.instancePath);
    return [constraintError(violation, context, { message: `${where} is not allowed here`, expected: 'no value at this location', suggestion: `Remove ${where}` })];
  },
};

function unknownPropertyError(violation: RawViolation, context: MappingContext): ValidationError {
  const name = lastToken(violation.instancePath) ?? '';
  const { properties } = violation.subschema;
  const declared = isSchemaObject(properties) ? Object.keys(properties) : [];
  const meant = closestName(name, declared);
  const listed = declared.slice(0, MAX_LISTED_PROPERTIES).map((n) => safeText(n, 40));
  const more = declared.length > listed.length ? ', …' : '';
  return constraintError(violation, context, {
    message: `Unknown property ${quoteName(name)} is not allowed`,
    expected: declared.length > 0 ? `only the declared properties: ${listed.join(', ')}${more}` : 'no properties beyond those declared',
    suggestion: meant === undefined ? `Remove ${quoteName(name)}` : `Remove ${quoteName(name)}; did you mean ${quoteName(meant)}?`,
  });
}

/** True when the schema the violation points at is `false` (a leaf), not a wrapper. */
function holdsFalse(violation: RawViolation): boolean {
  const held = violation.subschema[violation.keyword];
  if (violation.schemaPath.endsWith(`/${violation.keyword}`)) return held === false;
  const entry = lastToken(violation.schemaPath);
  if (entry === undefined || typeof held !== 'object' || held === null) return false;
  return Object.prototype.hasOwnProperty.call(held, entry) && (held as Record<string, unknown>)[entry] === false;
}
