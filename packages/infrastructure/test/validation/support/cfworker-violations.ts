import { Validator, type Schema } from '@cfworker/json-schema';
import type { JsonSchemaObject } from '@acode/domain';
import { formatPointer, parseFragmentPointer, resolvePointer } from '../../../src/schema/json-pointer.js';
import type { RawViolation } from '../../../src/schema/raw-violation.js';
import { resolveLocalRef } from '../../../src/validation/resolve-local-ref.js';

/** Wrapper units the compiler leaves out (mirrors `engine-output.ts`). */
const SUMMARY_KEYWORDS = new Set(['$ref', 'allOf', 'if', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems', 'unevaluatedItems', 'dependentSchemas', 'propertyNames']);

/** Keywords whose `false` schema sits one token deeper (`/properties/x`). */
const ENTRY_KEYWORDS = new Set(['properties', 'patternProperties', 'prefixItems', 'allOf', 'dependentSchemas']);

/**
 * Runs @cfworker/json-schema 4.1.6 on `schema` and `value` and converts its real output units to
 * {@link RawViolation}s in the shape the schema compiler produces: wrapper units dropped, a
 * `false` schema reported under the keyword holding it at the refused value, `propertyNames`
 * checks carrying the name as the value, `subschema` the schema object holding the keyword.
 */
export function violationsOf(schema: JsonSchemaObject, value: unknown): RawViolation[] {
  const { errors } = new Validator(schema as Schema, '2020-12', false).validate(value);
  const violations: RawViolation[] = [];
  for (let i = 0; i < errors.length; i++) {
    const unit = errors[i]!;
    if (unit.keyword === 'false') continue;
    const keywordTokens = parseFragmentPointer(unit.keywordLocation) ?? [];
    const subschema = holderOf(schema, keywordTokens.slice(0, -1));
    const next = errors[i + 1];
    if (next?.keyword === 'false') {
      const refused = parseFragmentPointer(next.instanceLocation) ?? [];
      const entry = ENTRY_KEYWORDS.has(unit.keyword) ? [refused[refused.length - 1] ?? ''] : [];
      violations.push({ keyword: unit.keyword, instancePath: formatPointer(refused), schemaPath: formatPointer([...keywordTokens, ...entry]), subschema, value: resolvePointer(value, refused), engineMessage: next.error });
      i++;
      continue;
    }
    if (SUMMARY_KEYWORDS.has(unit.keyword)) continue;
    const instanceTokens = parseFragmentPointer(unit.instanceLocation) ?? [];
    const isName = keywordTokens.includes('propertyNames');
    violations.push({
      keyword: unit.keyword,
      instancePath: formatPointer(instanceTokens),
      schemaPath: formatPointer(keywordTokens),
      subschema,
      value: isName ? instanceTokens[instanceTokens.length - 1] : resolvePointer(value, instanceTokens),
      engineMessage: unit.error,
    });
  }
  return violations;
}

function holderOf(root: JsonSchemaObject, tokens: readonly string[]): JsonSchemaObject {
  let node: unknown = root;
  for (const token of tokens) node = token === '$ref' ? resolveLocalRef(node, root) : resolvePointer(node, [token]);
  return typeof node === 'object' && node !== null ? (node as JsonSchemaObject) : {};
}
