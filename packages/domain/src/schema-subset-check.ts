import { jsonEquals, MAX_JSON_DEPTH } from './json-canonical.js';
import { appendPointer } from './json-pointer.js';
import { jsonTypeOf } from './json-value.js';
import { countCodePointsUpTo, describeValueType, quoteText } from './message-text.js';
import { isPlainObject, ownValue } from './plain-object.js';
import { declaredTypeNames, typeNameAccepts } from './type-names.js';

/** One way a value fails a schema, located by a JSON Pointer inside the value (`""` is the value itself). */
export interface SchemaSubsetIssue {
  readonly pointer: string;
  readonly message: string;
}

/** Longest string a `pattern` is tried on; longer ones are left to the compiler's linear-time engine. */
export const MAX_PATTERN_SUBJECT_LENGTH = 256;
/** Longest `pattern` source tried. */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Checks a value against the keyword subset the definition rules need: `type`, `enum`, `const`,
 * `minimum`/`maximum` (and the exclusive forms), `minLength`/`maxLength`, `pattern`,
 * `minItems`/`maxItems`, `items`, `properties`, `required` and `additionalProperties`.
 *
 * It is a structural check for definition authors (is this `default` plausible?), not a JSON
 * Schema validator: `$ref`, composition, formats and the rest are ignored here, and full
 * validation is the schema compiler's job in infrastructure. `pattern` runs through `RegExp` only
 * for short subjects and patterns without nested quantifiers, because this layer has no timeout;
 * invalid patterns are skipped (the compiler reports them). Nesting past {@link MAX_JSON_DEPTH} is
 * an issue, not a recursion. Stops after `maxIssues` issues.
 */
export function checkAgainstSchemaSubset(value: unknown, schema: unknown, maxIssues = 10): SchemaSubsetIssue[] {
  const issues: SchemaSubsetIssue[] = [];
  check(value, schema, '', MAX_JSON_DEPTH, issues, maxIssues);
  return issues;
}

function check(value: unknown, schema: unknown, pointer: string, depthLeft: number, issues: SchemaSubsetIssue[], maxIssues: number): void {
  const report = (message: string, at = pointer): void => {
    if (issues.length < maxIssues) issues.push({ pointer: at, message });
  };
  if (issues.length >= maxIssues) return;
  if (schema === false) return report('is not allowed by the schema (false)');
  if (!isPlainObject(schema)) return;
  if (depthLeft <= 0) return report(`nests deeper than ${MAX_JSON_DEPTH} levels`);
  const type = jsonTypeOf(value);
  if (type === undefined) return report(`must be a JSON value, got ${describeValueType(value)}`);

  // Unknown type names are the property-type rule's to report; they constrain nothing here.
  const allowed = declaredTypeNames(ownValue(schema, 'type'));
  if (allowed.length > 0 && !allowed.some((name) => typeNameAccepts(name, type))) {
    return report(`must be ${allowed.join(' or ')}, got ${describeValueType(value)}`);
  }
  if (Object.hasOwn(schema, 'const') && !jsonEquals(value, schema['const'])) report('must equal the schema\'s const value');
  const enumValues = ownValue(schema, 'enum');
  if (Array.isArray(enumValues) && !enumValues.some((candidate) => jsonEquals(value, candidate))) {
    report('must be one of the enum values');
  }

  if (typeof value === 'number') checkNumber(value, schema, report);
  else if (typeof value === 'string') checkString(value, schema, report);
  else if (Array.isArray(value)) {
    checkCount(value.length, 'item', ownValue(schema, 'minItems'), ownValue(schema, 'maxItems'), report);
    const items = ownValue(schema, 'items');
    if (items !== undefined) {
      value.forEach((item, index) => check(item, items, appendPointer(pointer, index), depthLeft - 1, issues, maxIssues));
    }
  } else if (isPlainObject(value)) {
    checkObject(value, schema, pointer, depthLeft, issues, maxIssues, report);
  }
}

type Report = (message: string, at?: string) => void;

function checkNumber(value: number, schema: Record<string, unknown>, report: Report): void {
  const bound = (keyword: string): number | undefined => {
    const limit = ownValue(schema, keyword);
    return typeof limit === 'number' ? limit : undefined;
  };
  const minimum = bound('minimum');
  const maximum = bound('maximum');
  const exclusiveMinimum = bound('exclusiveMinimum');
  const exclusiveMaximum = bound('exclusiveMaximum');
  if (minimum !== undefined && value < minimum) report(`must be at least ${minimum}`);
  if (maximum !== undefined && value > maximum) report(`must be at most ${maximum}`);
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) report(`must be greater than ${exclusiveMinimum}`);
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) report(`must be less than ${exclusiveMaximum}`);
}

function checkString(value: string, schema: Record<string, unknown>, report: Report): void {
  const minLength = ownValue(schema, 'minLength');
  const maxLength = ownValue(schema, 'maxLength');
  // Length counts code points, as JSON Schema does; counting stops just past the largest bound.
  const limit = Math.max(typeof minLength === 'number' ? minLength : 0, typeof maxLength === 'number' ? maxLength : 0);
  checkCount(countCodePointsUpTo(value, limit), 'character', minLength, maxLength, report);
  const pattern = ownValue(schema, 'pattern');
  if (typeof pattern === 'string' && matchesPattern(value, pattern) === false) {
    report('must match the property\'s pattern');
  }
}

function checkCount(count: number, noun: string, min: unknown, max: unknown, report: Report): void {
  if (typeof min === 'number' && count < min) report(`must have at least ${min} ${noun}${min === 1 ? '' : 's'}`);
  if (typeof max === 'number' && count > max) report(`must have at most ${max} ${noun}${max === 1 ? '' : 's'}`);
}

function checkObject(
  value: Record<string, unknown>,
  schema: Record<string, unknown>,
  pointer: string,
  depthLeft: number,
  issues: SchemaSubsetIssue[],
  maxIssues: number,
  report: Report,
): void {
  const required = ownValue(schema, 'required');
  if (Array.isArray(required)) {
    for (const name of required) {
      if (typeof name === 'string' && !Object.hasOwn(value, name)) report(`is missing required property ${quoteText(name)}`);
    }
  }
  const properties = ownValue(schema, 'properties');
  const declared = isPlainObject(properties) ? properties : {};
  const additional = ownValue(schema, 'additionalProperties');
  for (const key of Object.keys(value)) {
    const at = appendPointer(pointer, key);
    if (Object.hasOwn(declared, key)) check(value[key], declared[key], at, depthLeft - 1, issues, maxIssues);
    else if (additional === false) report(`has property ${quoteText(key)}, which the schema does not declare`, at);
    else if (additional !== undefined) check(value[key], additional, at, depthLeft - 1, issues, maxIssues);
  }
}

/** Star height above one (`(a+)+`) is what makes backtracking engines exponential. */
const NESTED_QUANTIFIER = /\([^()]*[+*}][^()]*\)\s*[+*{]/;

/** `undefined` when the pattern was not tried: too long a subject or pattern, risky, or invalid. */
function matchesPattern(subject: string, pattern: string): boolean | undefined {
  if (subject.length > MAX_PATTERN_SUBJECT_LENGTH || pattern.length > MAX_PATTERN_LENGTH) return undefined;
  if (NESTED_QUANTIFIER.test(pattern)) return undefined;
  try {
    return new RegExp(pattern, 'u').test(subject);
  } catch {
    return undefined;
  }
}
