import { isPlainObject } from '@acode/domain';

const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/**
 * Rewrites every closed tuple (`prefixItems` with `items: false`, as zod writes `z.tuple`) to the
 * same limit as `maxItems`, the form our definition rules accept: they refuse a boolean `items`,
 * which tells a model nothing. Changes `schema` in place, so call it only on a schema the adapter
 * owns (a normalised copy). Walks the draft 2020-12 subschema keywords; the normaliser bounded
 * the depth already.
 */
export function closeTuplesWithMaxItems(schema: unknown): void {
  if (!isPlainObject(schema)) return;
  const prefix = schema['prefixItems'];
  if (Array.isArray(prefix) && schema['items'] === false) {
    delete schema['items'];
    const own = schema['maxItems'];
    if (typeof own !== 'number' || own > prefix.length) schema['maxItems'] = prefix.length;
  }
  for (const keyword of SINGLE) if (Object.hasOwn(schema, keyword)) closeTuplesWithMaxItems(schema[keyword]);
  for (const keyword of ARRAYS) {
    const value = schema[keyword];
    if (Object.hasOwn(schema, keyword) && Array.isArray(value)) value.forEach(closeTuplesWithMaxItems);
  }
  for (const keyword of MAPS) {
    const value = schema[keyword];
    if (Object.hasOwn(schema, keyword) && isPlainObject(value)) Object.values(value).forEach(closeTuplesWithMaxItems);
  }
}
