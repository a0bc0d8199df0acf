import { ERROR_CODES, isPlainObject, MAX_VALIDATION_ERRORS, type JsonSchemaObject, type ValidationError } from '@acode/domain';
import type { UnsafeIntegerLocation } from './json-text-scanner.js';
import { compileRe2Pattern, re2Search } from '../schema/re2-pattern.js';
import { resolveLocalRef } from './resolve-local-ref.js';

/** Most schemas considered at one step: a bound against schemas that fan out through compositions. */
const MAX_CANDIDATES = 64;

/**
 * Refuses the integers of the text outside the safe range (|n| > 2^53 - 1), which `JSON.parse`
 * rounded, unless the schema at their location declares `number` (issue 13: a `number` accepts
 * the nearest double by definition; an `integer` or an untyped value would silently become
 * another integer). ACODE-TSR-010, one error per location, at most `maxErrors`.
 */
export function unsafeIntegerErrors(
  locations: readonly UnsafeIntegerLocation[],
  schema: JsonSchemaObject,
  maxErrors: number = MAX_VALIDATION_ERRORS,
): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const location of locations) {
    if (errors.length >= maxErrors) break;
    if (declaresNumber(schema, location.tokens)) continue;
    errors.push({
      path: location.path,
      code: ERROR_CODES.UNSAFE_INTEGER,
      message: `Integer at position ${location.position} is outside the safe range (±${Number.MAX_SAFE_INTEGER}) and would lose digits`,
      expected: `an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`,
      suggestion: 'Send a smaller integer, or send the value as a string if the tool accepts one',
      position: location.position,
    });
  }
  return errors;
}

/**
 * True when some schema that applies at `tokens` (through properties, patternProperties,
 * additionalProperties, items, prefixItems, local `$ref` and the compositions) has `type`
 * `number` or a list naming it. Untyped, `integer` or unknown locations are false.
 */
export function declaresNumber(root: JsonSchemaObject, tokens: readonly string[]): boolean {
  let candidates = expand([root], root);
  for (const token of tokens) {
    const next: unknown[] = [];
    for (const candidate of candidates) next.push(...step(candidate, token));
    candidates = expand(next, root);
    if (candidates.length === 0) return false;
  }
  return candidates.some((candidate) => {
    const type = candidate.type;
    return type === 'number' || (Array.isArray(type) && type.includes('number'));
  });
}

/** The schema objects in `schemas`, their refs followed and compositions flattened, bounded. */
function expand(schemas: readonly unknown[], root: JsonSchemaObject): JsonSchemaObject[] {
  const out: JsonSchemaObject[] = [];
  const seen = new Set<unknown>();
  const queue = [...schemas];
  while (queue.length > 0 && out.length < MAX_CANDIDATES) {
    const resolved = resolveLocalRef(queue.shift(), root);
    if (!isPlainObject(resolved) || seen.has(resolved)) continue;
    seen.add(resolved);
    const schema = resolved as JsonSchemaObject;
    out.push(schema);
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) queue.push(...branches);
    }
    for (const keyword of ['then', 'else']) if (schema[keyword] !== undefined) queue.push(schema[keyword]);
  }
  return out;
}

/** The subschemas that apply to the member `token` of a value described by `schema`. */
function step(schema: JsonSchemaObject, token: string): unknown[] {
  const out: unknown[] = [];
  const properties = schema.properties;
  const named = isPlainObject(properties) && Object.hasOwn(properties, token);
  if (named) out.push((properties as Record<string, unknown>)[token]);
  let matchedPattern = false;
  const patterns = schema.patternProperties;
  if (isPlainObject(patterns)) {
    for (const [pattern, subschema] of Object.entries(patterns as Record<string, unknown>)) {
      if (safeTest(pattern, token)) {
        matchedPattern = true;
        out.push(subschema);
      }
    }
  }
  if (!named && !matchedPattern && schema.additionalProperties !== undefined) out.push(schema.additionalProperties);

  if (/^(0|[1-9]\d*)$/.test(token)) {
    const index = Number(token);
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
    if (prefix !== undefined && index < prefix.length) out.push(prefix[index]);
    else if (prefix !== undefined && Array.isArray(schema.items)) {
      if (schema.additionalItems !== undefined) out.push(schema.additionalItems);
    } else if (schema.items !== undefined) out.push(schema.items);
  }
  return out;
}

/** Linear-time match (RE2), as the validator matches patterns; an unusable pattern matches nothing. */
function safeTest(pattern: string, text: string): boolean {
  const compiled = compileRe2Pattern(pattern);
  return compiled.ok && re2Search(compiled.regex, text);
}
