import { declaredTypes } from '../schema-summary.js';
import { describeLocation } from '../display-text.js';
import { constraintError, numberKeyword, type ViolationMapper } from './violation-mapper.js';
import type { JsonSchemaObject } from '@acode/domain';

const PHRASES: Readonly<Record<string, { readonly phrase: string; readonly symbol: string }>> = {
  minimum: { phrase: 'at least', symbol: '>=' },
  maximum: { phrase: 'at most', symbol: '<=' },
  exclusiveMinimum: { phrase: 'greater than', symbol: '>' },
  exclusiveMaximum: { phrase: 'less than', symbol: '<' },
};

/**
 * Numeric bounds and `multipleOf` → ACODE-TSR-005, with `expected` stating the whole range the
 * schema allows (`integer (1-100)`, `number (> 0)`), so one retry can satisfy every bound.
 */
export const rangeMapper: ViolationMapper = {
  keywords: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    const limit = numberKeyword(violation.subschema, violation.keyword);
    const limitText = limit === undefined ? 'the limit' : String(limit);
    if (violation.keyword === 'multipleOf') {
      return [
        constraintError(violation, context, {
          message: `${where} must be a multiple of ${limitText}`,
          expected: `${numericType(violation.subschema)} (multiple of ${limitText})`,
          suggestion: `Use a multiple of ${limitText}`,
        }),
      ];
    }
    const { phrase } = PHRASES[violation.keyword] ?? { phrase: 'within' };
    return [
      constraintError(violation, context, {
        message: `${where} must be ${phrase} ${limitText}`,
        expected: describeRange(violation.subschema),
        suggestion: `Use a value ${phrase} ${limitText}`,
      }),
    ];
  },
};

function numericType(schema: JsonSchemaObject): string {
  const types = declaredTypes(schema).filter((type) => type === 'integer' || type === 'number');
  return types.length > 0 ? types.join(' | ') : 'number';
}

/** `integer (1-100)` when both bounds are inclusive, otherwise `number (> 0, <= 5)`. */
function describeRange(schema: JsonSchemaObject): string {
  const minimum = numberKeyword(schema, 'minimum');
  const maximum = numberKeyword(schema, 'maximum');
  const exclusiveMinimum = numberKeyword(schema, 'exclusiveMinimum');
  const exclusiveMaximum = numberKeyword(schema, 'exclusiveMaximum');
  if (minimum !== undefined && maximum !== undefined && exclusiveMinimum === undefined && exclusiveMaximum === undefined) {
    return `${numericType(schema)} (${minimum}-${maximum})`;
  }
  const parts: string[] = [];
  for (const [keyword, value] of [['minimum', minimum], ['exclusiveMinimum', exclusiveMinimum], ['maximum', maximum], ['exclusiveMaximum', exclusiveMaximum]] as const) {
    if (value !== undefined) parts.push(`${PHRASES[keyword]?.symbol ?? ''} ${value}`);
  }
  return parts.length > 0 ? `${numericType(schema)} (${parts.join(', ')})` : numericType(schema);
}
