// Portions of this file are adapted from @cfworker/json-schema 4.1.6 (src/validate.ts),
// Copyright (c) Jeremy Danyow, released under the MIT License
// (https://github.com/cfworker/cfworker/blob/main/LICENSE.md): the permission notice of that
// licence applies to those portions. The bounds of issue 13 are this project's.
/* eslint-disable @typescript-eslint/no-explicit-any -- the instance and schema are walked as untyped JSON, as in the engine this ports */
import { deepCompareStrict, encodePointer, format, ucs2length, type OutputUnit, type Schema, type ValidationResult } from '@cfworker/json-schema';

/** Tests a string against one pattern of the schema (`patternProperties` keys, `pattern`). */
export type PatternTest = (input: string) => boolean;

/** What bounds the cost of one validation (issue 13). */
export interface BoundedValidateOptions {
  /** Compiles a pattern the schema holds; called once per pattern and schema (the caller caches). */
  readonly pattern: (source: string) => PatternTest;
  /**
   * How many failed members (properties, items), counted over the whole validation, are examined
   * before nodes that already failed stop walking their other members: such a node is invalid
   * whatever the rest holds, so every verdict is the same, only its error list is shorter.
   * `Infinity` reports every failure.
   */
  readonly failureBudget: number;
  /** Called once per `uniqueItems` scan with the array's length; for tests that assert no scan ran. */
  readonly onUniqueItemsScan?: (length: number) => void;
}

/**
 * The draft 2020-12 validation of @cfworker/json-schema 4.1.6 (`validate`, MIT, Jeremy Danyow),
 * ported with its output unchanged for every value the limits below do not touch, so that its
 * cost is bounded by the size of the data rather than a power of it (issue 13):
 * - an array over `maxItems` or an object over `maxProperties` fails at once with that error: no
 *   keyword of that schema walks its members (no `items`, no `uniqueItems` scan, no unknown-key
 *   checks), since the value is invalid whatever they find;
 * - `uniqueItems` is one pass over a map keyed by canonical text, not a comparison of every pair;
 * - `patternProperties` keys (and `pattern`, when not rewritten to an RE2 format) run through
 *   `options.pattern`, RE2 for tool schemas, not JavaScript's backtracking RegExp;
 * - once `options.failureBudget` members have failed, a node that has a failed member of its own
 *   stops walking the rest (so 60,000 unknown keys cost the budget, not 60,000 checks).
 * Also cheaper, with the same output: plain property names skip `encodePointer`'s passes.
 * The verdict (valid or not) is the engine's for every value: a node only stops early once it has
 * an error of its own. Only the 2020-12 paths the compiler uses are kept (no draft 4/7 branches).
 */
export function boundedValidate(instance: unknown, schema: Schema | boolean, lookup: Record<string, Schema | boolean>, options: BoundedValidateOptions): ValidationResult {
  const context: Context = { ...options, failures: 0 };
  return validateNode(instance as any, schema, lookup, context, null, '#', '#', Object.create(null) as Record<string, boolean>);
}

/** The options, and the failed members counted so far in this validation. */
interface Context extends BoundedValidateOptions {
  failures: number;
}

function hasOwnProperty(instance: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(instance, key);
}

function decimalInteger(value: number): [bigint, number] {
  const coefficientAndExponent = Math.abs(value).toString().split('e');
  const coefficient = coefficientAndExponent[0] as string;
  const exponent = coefficientAndExponent[1] ?? '0';
  const point = coefficient.indexOf('.');
  const fractionLength = point === -1 ? 0 : coefficient.length - point - 1;
  return [BigInt(coefficient.replace('.', '')), Number(exponent) - fractionLength];
}

function isMultipleOf(instance: number, divisor: number): boolean {
  if (!Number.isFinite(instance) || !Number.isFinite(divisor) || divisor <= 0) return false;
  const [instanceCoefficient, instanceExponent] = decimalInteger(instance);
  const [divisorCoefficient, divisorExponent] = decimalInteger(divisor);
  const exponentDifference = instanceExponent - divisorExponent;
  if (exponentDifference >= 0) return (instanceCoefficient * 10n ** BigInt(exponentDifference)) % divisorCoefficient === 0n;
  return instanceCoefficient % (divisorCoefficient * 10n ** BigInt(-exponentDifference)) === 0n;
}

/**
 * The first pair of equal items as the engine reports it (the lowest index that has a duplicate,
 * and its first duplicate), or `undefined`: one pass, each object or array keyed by its canonical
 * text (see `canonicalKey`), so equal objects with keys in another order share a key, as
 * `deepCompareStrict` says they are equal.
 */
export function findDuplicateItems(items: readonly unknown[]): [number, number] | undefined {
  // Two maps: a primitive is its own key (Map's SameValueZero: 1 and "1" differ, 0 and -0 do not);
  // an object or array is keyed by its canonical text, which a string item could spell as well.
  const firstPrimitive = new Map<unknown, number>();
  const firstComposite = new Map<string, number>();
  let found: [number, number] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const composite = typeof item === 'object' && item !== null;
    const key = composite ? canonicalKey(item) : item;
    const seen = composite ? firstComposite : firstPrimitive;
    const first = seen.get(key as string);
    if (first === undefined) seen.set(key as string, index);
    else if (found === undefined || first < found[0]) found = [first, index];
  }
  return found;
}

/**
 * A text equal for two JSON values exactly when `deepCompareStrict` says they are equal: arrays in
 * order, object keys sorted, strings quoted (so `"1"` and `1` differ). Faster than canonical JSON
 * through `JSON.stringify`'s replacer, which copies every object to sort it. Recursive: the
 * arguments' nesting is bounded before validation.
 */
function canonicalKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index === 0 ? '' : ',') + canonicalKey(value[index]);
    return `${text}]`;
  }
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    text += `${index === 0 ? '' : ','}${JSON.stringify(key)}:${canonicalKey((value as Record<string, unknown>)[key])}`;
  }
  return `${text}}`;
}

/** Names that `encodePointer` returns unchanged (no `~`, `/`, `#`, nothing `encodeURI` escapes). */
const PLAIN_TOKEN = /^[A-Za-z0-9_.-]*$/;

/** `encodePointer`, without its three passes over the common plain property name. */
function pointerToken(key: string): string {
  return PLAIN_TOKEN.test(key) ? key : encodePointer(key);
}

function instanceTypeOf(instance: unknown): string {
  const rawInstanceType = typeof instance;
  switch (rawInstanceType) {
    case 'boolean':
    case 'number':
    case 'string':
      return rawInstanceType;
    case 'object':
      return instance === null ? 'null' : Array.isArray(instance) ? 'array' : 'object';
    default:
      throw new Error(`Instances of "${rawInstanceType}" type are not supported.`);
  }
}

function typeErrors(instance: any, instanceType: string, $type: unknown, instanceLocation: string, schemaLocation: string): OutputUnit[] {
  if (Array.isArray($type)) {
    for (const type of $type) {
      if (instanceType === type || (type === 'integer' && instanceType === 'number' && instance % 1 === 0 && instance === instance)) return [];
    }
    return [{ instanceLocation, keyword: 'type', keywordLocation: `${schemaLocation}/type`, error: `Instance type "${instanceType}" is invalid. Expected "${$type.join('", "')}".` }];
  }
  if ($type === 'integer') {
    if (instanceType !== 'number' || instance % 1 || instance !== instance) {
      return [{ instanceLocation, keyword: 'type', keywordLocation: `${schemaLocation}/type`, error: `Instance type "${instanceType}" is invalid. Expected "${$type}".` }];
    }
    return [];
  }
  if ($type !== undefined && instanceType !== $type) {
    return [{ instanceLocation, keyword: 'type', keywordLocation: `${schemaLocation}/type`, error: `Instance type "${instanceType}" is invalid. Expected "${String($type)}".` }];
  }
  return [];
}

/** The size error of an array over `maxItems` or an object over `maxProperties`; `undefined` when within. */
function sizeError(instance: any, instanceType: string, schema: Schema, instanceLocation: string, schemaLocation: string): OutputUnit | undefined {
  if (instanceType === 'array' && schema.maxItems !== undefined && instance.length > schema.maxItems) {
    return { instanceLocation, keyword: 'maxItems', keywordLocation: `${schemaLocation}/maxItems`, error: `Array has too many items (${instance.length} > ${schema.maxItems}).` };
  }
  if (instanceType === 'object' && schema.maxProperties !== undefined) {
    // Counted without building the key list the engine builds: stop at the first key past the limit.
    let count = 0;
    for (const key in instance) {
      if (hasOwnProperty(instance, key) && ++count > schema.maxProperties) {
        return { instanceLocation, keyword: 'maxProperties', keywordLocation: `${schemaLocation}/maxProperties`, error: `Instance does not have at least ${schema.maxProperties} properties.` };
      }
    }
  }
  return undefined;
}

function validateNode(
  instance: any,
  schema: Schema | boolean,
  lookup: Record<string, Schema | boolean>,
  options: Context,
  recursiveAnchor: Schema | null,
  instanceLocation: string,
  schemaLocation: string,
  evaluated: Record<string | number, boolean>,
): ValidationResult {
  if (schema === true) return { valid: true, errors: [] };
  if (schema === false) {
    return { valid: false, errors: [{ instanceLocation, keyword: 'false', keywordLocation: instanceLocation, error: 'False boolean schema.' }] };
  }
  const instanceType = instanceTypeOf(instance);
  const {
    $ref,
    $recursiveRef,
    $recursiveAnchor,
    type: $type,
    const: $const,
    enum: $enum,
    required: $required,
    not: $not,
    anyOf: $anyOf,
    allOf: $allOf,
    oneOf: $oneOf,
    if: $if,
    then: $then,
    else: $else,
    format: $format,
    properties: $properties,
    patternProperties: $patternProperties,
    additionalProperties: $additionalProperties,
    unevaluatedProperties: $unevaluatedProperties,
    minProperties: $minProperties,
    propertyNames: $propertyNames,
    dependentRequired: $dependentRequired,
    dependentSchemas: $dependentSchemas,
    dependencies: $dependencies,
    prefixItems: $prefixItems,
    items: $items,
    additionalItems: $additionalItems,
    unevaluatedItems: $unevaluatedItems,
    contains: $contains,
    minContains: $minContains,
    maxContains: $maxContains,
    minItems: $minItems,
    uniqueItems: $uniqueItems,
    minimum: $minimum,
    maximum: $maximum,
    exclusiveMinimum: $exclusiveMinimum,
    exclusiveMaximum: $exclusiveMaximum,
    multipleOf: $multipleOf,
    minLength: $minLength,
    maxLength: $maxLength,
    pattern: $pattern,
    __absolute_ref__,
    __absolute_recursive_ref__,
  } = schema;

  // Bounded first: a value over its size limit fails with that error before any member is walked.
  const tooLarge = sizeError(instance, instanceType, schema, instanceLocation, schemaLocation);
  if (tooLarge !== undefined) {
    return { valid: false, errors: [...typeErrors(instance, instanceType, $type, instanceLocation, schemaLocation), tooLarge] };
  }

  const errors: OutputUnit[] = [];
  if ($recursiveAnchor === true && recursiveAnchor === null) recursiveAnchor = schema;
  if ($recursiveRef === '#') {
    const refSchema = recursiveAnchor === null ? (lookup[__absolute_recursive_ref__ as string] as Schema) : recursiveAnchor;
    const keywordLocation = `${schemaLocation}/$recursiveRef`;
    const result = validateNode(instance, recursiveAnchor === null ? schema : recursiveAnchor, lookup, options, refSchema, instanceLocation, keywordLocation, evaluated);
    if (!result.valid) errors.push({ instanceLocation, keyword: '$recursiveRef', keywordLocation, error: 'A subschema had errors.' }, ...result.errors);
  }
  if ($ref !== undefined) {
    const uri = __absolute_ref__ || $ref;
    const refSchema = lookup[uri];
    if (refSchema === undefined) {
      let message = `Unresolved $ref "${$ref}".`;
      if (__absolute_ref__ && __absolute_ref__ !== $ref) message += `  Absolute URI "${__absolute_ref__}".`;
      message += `\nKnown schemas:\n- ${Object.keys(lookup).join('\n- ')}`;
      throw new Error(message);
    }
    const keywordLocation = `${schemaLocation}/$ref`;
    const result = validateNode(instance, refSchema, lookup, options, recursiveAnchor, instanceLocation, keywordLocation, evaluated);
    if (!result.valid) errors.push({ instanceLocation, keyword: '$ref', keywordLocation, error: 'A subschema had errors.' }, ...result.errors);
  }
  errors.push(...typeErrors(instance, instanceType, $type, instanceLocation, schemaLocation));
  if ($const !== undefined) {
    const matches = instanceType === 'object' || instanceType === 'array' ? deepCompareStrict(instance, $const) : instance === $const;
    if (!matches) errors.push({ instanceLocation, keyword: 'const', keywordLocation: `${schemaLocation}/const`, error: `Instance does not match ${JSON.stringify($const)}.` });
  }
  if ($enum !== undefined) {
    const matches = instanceType === 'object' || instanceType === 'array' ? $enum.some((value: unknown) => deepCompareStrict(instance, value)) : $enum.some((value: unknown) => instance === value);
    if (!matches) errors.push({ instanceLocation, keyword: 'enum', keywordLocation: `${schemaLocation}/enum`, error: `Instance does not match any of ${JSON.stringify($enum)}.` });
  }
  if ($not !== undefined) {
    const keywordLocation = `${schemaLocation}/not`;
    const result = validateNode(instance, $not, lookup, options, recursiveAnchor, instanceLocation, keywordLocation, Object.create(null) as Record<string, boolean>);
    if (result.valid) errors.push({ instanceLocation, keyword: 'not', keywordLocation, error: 'Instance matched "not" schema.' });
  }
  const subEvaluateds: Record<string | number, boolean>[] = [];
  const branchAnchor = $recursiveAnchor === true ? recursiveAnchor : null;
  if ($anyOf !== undefined) {
    const keywordLocation = `${schemaLocation}/anyOf`;
    const errorsLength = errors.length;
    let anyValid = false;
    for (const [i, subSchema] of $anyOf.entries()) {
      const subEvaluated = Object.create(evaluated) as Record<string | number, boolean>;
      const result = validateNode(instance, subSchema, lookup, options, branchAnchor, instanceLocation, `${keywordLocation}/${i}`, subEvaluated);
      errors.push(...result.errors);
      anyValid = anyValid || result.valid;
      if (result.valid) subEvaluateds.push(subEvaluated);
    }
    if (anyValid) errors.length = errorsLength;
    else errors.splice(errorsLength, 0, { instanceLocation, keyword: 'anyOf', keywordLocation, error: 'Instance does not match any subschemas.' });
  }
  if ($allOf !== undefined) {
    const keywordLocation = `${schemaLocation}/allOf`;
    const errorsLength = errors.length;
    let allValid = true;
    for (const [i, subSchema] of $allOf.entries()) {
      const subEvaluated = Object.create(evaluated) as Record<string | number, boolean>;
      const result = validateNode(instance, subSchema, lookup, options, branchAnchor, instanceLocation, `${keywordLocation}/${i}`, subEvaluated);
      errors.push(...result.errors);
      allValid = allValid && result.valid;
      if (result.valid) subEvaluateds.push(subEvaluated);
    }
    if (allValid) errors.length = errorsLength;
    else errors.splice(errorsLength, 0, { instanceLocation, keyword: 'allOf', keywordLocation, error: `Instance does not match every subschema.` });
  }
  if ($oneOf !== undefined) {
    const keywordLocation = `${schemaLocation}/oneOf`;
    const errorsLength = errors.length;
    let matches = 0;
    for (const [i, subSchema] of $oneOf.entries()) {
      const subEvaluated = Object.create(evaluated) as Record<string | number, boolean>;
      const result = validateNode(instance, subSchema, lookup, options, branchAnchor, instanceLocation, `${keywordLocation}/${i}`, subEvaluated);
      errors.push(...result.errors);
      if (result.valid) {
        subEvaluateds.push(subEvaluated);
        matches++;
      }
    }
    if (matches === 1) errors.length = errorsLength;
    else errors.splice(errorsLength, 0, { instanceLocation, keyword: 'oneOf', keywordLocation, error: `Instance does not match exactly one subschema (${matches} matches).` });
  }
  if (instanceType === 'object' || instanceType === 'array') Object.assign(evaluated, ...subEvaluateds);
  if ($if !== undefined) {
    const keywordLocation = `${schemaLocation}/if`;
    const ifEvaluated = Object.create(null) as Record<string | number, boolean>;
    const conditionResult = validateNode(instance, $if, lookup, options, recursiveAnchor, instanceLocation, keywordLocation, ifEvaluated).valid;
    if (conditionResult) {
      Object.assign(evaluated, ifEvaluated);
      if ($then !== undefined) {
        const thenResult = validateNode(instance, $then, lookup, options, recursiveAnchor, instanceLocation, `${schemaLocation}/then`, evaluated);
        if (!thenResult.valid) errors.push({ instanceLocation, keyword: 'if', keywordLocation, error: `Instance does not match "then" schema.` }, ...thenResult.errors);
      }
    } else if ($else !== undefined) {
      const elseResult = validateNode(instance, $else, lookup, options, recursiveAnchor, instanceLocation, `${schemaLocation}/else`, evaluated);
      if (!elseResult.valid) errors.push({ instanceLocation, keyword: 'if', keywordLocation, error: `Instance does not match "else" schema.` }, ...elseResult.errors);
    }
  }

  // Member walks below count their failures; once the budget is spent, a node that has a failure
  // of its own stops walking members. A node without one goes on: its verdict depends on them.
  let failures = 0;
  const capped = (): boolean => failures > 0 && options.failures >= options.failureBudget;
  const fail = (): void => {
    failures++;
    options.failures++;
  };

  if (instanceType === 'object') {
    if ($required !== undefined) {
      for (const key of $required) {
        if (!hasOwnProperty(instance, key)) errors.push({ instanceLocation, keyword: 'required', keywordLocation: `${schemaLocation}/required`, error: `Instance does not have required property "${key}".` });
      }
    }
    if ($minProperties !== undefined && Object.keys(instance).length < $minProperties) {
      errors.push({ instanceLocation, keyword: 'minProperties', keywordLocation: `${schemaLocation}/minProperties`, error: `Instance does not have at least ${$minProperties} properties.` });
    }
    if ($propertyNames !== undefined) {
      const keywordLocation = `${schemaLocation}/propertyNames`;
      for (const key in instance) {
        if (capped()) break;
        const subInstancePointer = `${instanceLocation}/${pointerToken(key)}`;
        const result = validateNode(key, $propertyNames, lookup, options, recursiveAnchor, subInstancePointer, keywordLocation, Object.create(null) as Record<string, boolean>);
        if (!result.valid) {
          fail();
          errors.push({ instanceLocation, keyword: 'propertyNames', keywordLocation, error: `Property name "${key}" does not match schema.` }, ...result.errors);
        }
      }
    }
    if ($dependentRequired !== undefined) {
      const keywordLocation = `${schemaLocation}/dependantRequired`;
      for (const key in $dependentRequired) {
        if (!hasOwnProperty(instance, key)) continue;
        for (const dependantKey of $dependentRequired[key] as string[]) {
          if (!hasOwnProperty(instance, dependantKey)) errors.push({ instanceLocation, keyword: 'dependentRequired', keywordLocation, error: `Instance has "${key}" but does not have "${dependantKey}".` });
        }
      }
    }
    if ($dependentSchemas !== undefined) {
      for (const [key, dependentSchema] of Object.entries($dependentSchemas as Record<string, Schema>)) {
        const keywordLocation = `${schemaLocation}/dependentSchemas`;
        if (!hasOwnProperty(instance, key)) continue;
        const result = validateNode(instance, dependentSchema, lookup, options, recursiveAnchor, instanceLocation, `${keywordLocation}/${pointerToken(key)}`, evaluated);
        if (!result.valid) errors.push({ instanceLocation, keyword: 'dependentSchemas', keywordLocation, error: `Instance has "${key}" but does not match dependant schema.` }, ...result.errors);
      }
    }
    if ($dependencies !== undefined) {
      const keywordLocation = `${schemaLocation}/dependencies`;
      for (const key in $dependencies) {
        if (!hasOwnProperty(instance, key)) continue;
        const propsOrSchema = $dependencies[key];
        if (Array.isArray(propsOrSchema)) {
          for (const dependantKey of propsOrSchema) {
            if (!hasOwnProperty(instance, dependantKey)) errors.push({ instanceLocation, keyword: 'dependencies', keywordLocation, error: `Instance has "${key}" but does not have "${dependantKey}".` });
          }
        } else {
          const result = validateNode(instance, propsOrSchema as Schema, lookup, options, recursiveAnchor, instanceLocation, `${keywordLocation}/${pointerToken(key)}`, Object.create(null) as Record<string, boolean>);
          if (!result.valid) errors.push({ instanceLocation, keyword: 'dependencies', keywordLocation, error: `Instance has "${key}" but does not match dependant schema.` }, ...result.errors);
        }
      }
    }
    const thisEvaluated = Object.create(null) as Record<string, boolean>;
    if ($properties !== undefined) {
      const keywordLocation = `${schemaLocation}/properties`;
      for (const [key, propertySchema] of Object.entries($properties)) {
        if (capped()) break;
        if (!hasOwnProperty(instance, key)) continue;
        const subInstancePointer = `${instanceLocation}/${pointerToken(key)}`;
        const result = validateNode(instance[key], propertySchema, lookup, options, recursiveAnchor, subInstancePointer, `${keywordLocation}/${pointerToken(key)}`, Object.create(null) as Record<string, boolean>);
        thisEvaluated[key] = true;
        if (result.valid) {
          evaluated[key] = true;
        } else {
          fail();
          errors.push({ instanceLocation, keyword: 'properties', keywordLocation, error: `Property "${key}" does not match schema.` }, ...result.errors);
        }
      }
    }
    if (!capped() && $patternProperties !== undefined) {
      const keywordLocation = `${schemaLocation}/patternProperties`;
      for (const [pattern, subSchema] of Object.entries($patternProperties)) {
        const test = options.pattern(pattern);
        for (const key in instance) {
          if (capped()) break;
          if (!test(key)) continue;
          const subInstancePointer = `${instanceLocation}/${pointerToken(key)}`;
          const result = validateNode(instance[key], subSchema, lookup, options, recursiveAnchor, subInstancePointer, `${keywordLocation}/${pointerToken(pattern)}`, Object.create(null) as Record<string, boolean>);
          thisEvaluated[key] = true;
          if (result.valid) {
            evaluated[key] = true;
          } else {
            fail();
            errors.push({ instanceLocation, keyword: 'patternProperties', keywordLocation, error: `Property "${key}" matches pattern "${pattern}" but does not match associated schema.` }, ...result.errors);
          }
        }
      }
    }
    if (!capped() && $additionalProperties !== undefined) {
      const keywordLocation = `${schemaLocation}/additionalProperties`;
      for (const key in instance) {
        if (capped()) break;
        if (thisEvaluated[key]) continue;
        const subInstancePointer = `${instanceLocation}/${pointerToken(key)}`;
        const result = validateNode(instance[key], $additionalProperties, lookup, options, recursiveAnchor, subInstancePointer, keywordLocation, Object.create(null) as Record<string, boolean>);
        if (result.valid) {
          evaluated[key] = true;
        } else {
          fail();
          errors.push({ instanceLocation, keyword: 'additionalProperties', keywordLocation, error: `Property "${key}" does not match additional properties schema.` }, ...result.errors);
        }
      }
    } else if (!capped() && $unevaluatedProperties !== undefined) {
      const keywordLocation = `${schemaLocation}/unevaluatedProperties`;
      for (const key in instance) {
        if (capped()) break;
        if (evaluated[key]) continue;
        const subInstancePointer = `${instanceLocation}/${pointerToken(key)}`;
        const result = validateNode(instance[key], $unevaluatedProperties, lookup, options, recursiveAnchor, subInstancePointer, keywordLocation, Object.create(null) as Record<string, boolean>);
        if (result.valid) {
          evaluated[key] = true;
        } else {
          fail();
          errors.push({ instanceLocation, keyword: 'unevaluatedProperties', keywordLocation, error: `Property "${key}" does not match unevaluated properties schema.` }, ...result.errors);
        }
      }
    }
  } else if (instanceType === 'array') {
    const length: number = instance.length;
    if ($minItems !== undefined && length < $minItems) {
      errors.push({ instanceLocation, keyword: 'minItems', keywordLocation: `${schemaLocation}/minItems`, error: `Array has too few items (${length} < ${$minItems}).` });
    }
    let i = 0;
    if ($prefixItems !== undefined) {
      const keywordLocation = `${schemaLocation}/prefixItems`;
      const length2 = Math.min($prefixItems.length, length);
      for (; i < length2 && !capped(); i++) {
        const result = validateNode(instance[i], $prefixItems[i] as Schema | boolean, lookup, options, recursiveAnchor, `${instanceLocation}/${i}`, `${keywordLocation}/${i}`, Object.create(null) as Record<string, boolean>);
        evaluated[i] = true;
        if (!result.valid) {
          fail();
          errors.push({ instanceLocation, keyword: 'prefixItems', keywordLocation, error: `Items did not match schema.` }, ...result.errors);
        }
      }
    }
    if ($items !== undefined) {
      const keywordLocation = `${schemaLocation}/items`;
      if (Array.isArray($items)) {
        const length2 = Math.min($items.length, length);
        for (; i < length2 && !capped(); i++) {
          const result = validateNode(instance[i], $items[i] as Schema | boolean, lookup, options, recursiveAnchor, `${instanceLocation}/${i}`, `${keywordLocation}/${i}`, Object.create(null) as Record<string, boolean>);
          evaluated[i] = true;
          if (!result.valid) {
            fail();
            errors.push({ instanceLocation, keyword: 'items', keywordLocation, error: `Items did not match schema.` }, ...result.errors);
          }
        }
      } else {
        for (; i < length && !capped(); i++) {
          const result = validateNode(instance[i], $items, lookup, options, recursiveAnchor, `${instanceLocation}/${i}`, keywordLocation, Object.create(null) as Record<string, boolean>);
          evaluated[i] = true;
          if (!result.valid) {
            fail();
            errors.push({ instanceLocation, keyword: 'items', keywordLocation, error: `Items did not match schema.` }, ...result.errors);
          }
        }
      }
      if ($additionalItems !== undefined) {
        const keywordLocation = `${schemaLocation}/additionalItems`;
        for (; i < length && !capped(); i++) {
          const result = validateNode(instance[i], $additionalItems, lookup, options, recursiveAnchor, `${instanceLocation}/${i}`, keywordLocation, Object.create(null) as Record<string, boolean>);
          evaluated[i] = true;
          if (!result.valid) {
            fail();
            errors.push({ instanceLocation, keyword: 'additionalItems', keywordLocation, error: `Items did not match additional items schema.` }, ...result.errors);
          }
        }
      }
    }
    if ($contains !== undefined) {
      if (length === 0 && $minContains === undefined) {
        errors.push({ instanceLocation, keyword: 'contains', keywordLocation: `${schemaLocation}/contains`, error: `Array is empty. It must contain at least one item matching the schema.` });
      } else if ($minContains !== undefined && length < $minContains) {
        errors.push({ instanceLocation, keyword: 'minContains', keywordLocation: `${schemaLocation}/minContains`, error: `Array has less items (${length}) than minContains (${$minContains}).` });
      } else {
        const keywordLocation = `${schemaLocation}/contains`;
        const errorsLength = errors.length;
        let contained = 0;
        let unmatched = 0;
        // Every item is tried (the count decides the verdict); only the first `failureBudget` misses keep their errors.
        for (let j = 0; j < length; j++) {
          const result = validateNode(instance[j], $contains, lookup, options, recursiveAnchor, `${instanceLocation}/${j}`, keywordLocation, Object.create(null) as Record<string, boolean>);
          if (result.valid) {
            evaluated[j] = true;
            contained++;
          } else if (unmatched++ < options.failureBudget) {
            errors.push(...result.errors);
          }
        }
        if (contained >= ($minContains || 0)) errors.length = errorsLength;
        if ($minContains === undefined && contained === 0) {
          errors.splice(errorsLength, 0, { instanceLocation, keyword: 'contains', keywordLocation, error: `Array does not contain item matching schema.` });
        } else if ($minContains !== undefined && contained < $minContains) {
          errors.push({ instanceLocation, keyword: 'minContains', keywordLocation: `${schemaLocation}/minContains`, error: `Array must contain at least ${$minContains} items matching schema. Only ${contained} items were found.` });
        } else if ($maxContains !== undefined && contained > $maxContains) {
          errors.push({ instanceLocation, keyword: 'maxContains', keywordLocation: `${schemaLocation}/maxContains`, error: `Array may contain at most ${$maxContains} items matching schema. ${contained} items were found.` });
        }
      }
    }
    if ($unevaluatedItems !== undefined) {
      const keywordLocation = `${schemaLocation}/unevaluatedItems`;
      for (; i < length && !capped(); i++) {
        if (evaluated[i]) continue;
        const result = validateNode(instance[i], $unevaluatedItems, lookup, options, recursiveAnchor, `${instanceLocation}/${i}`, keywordLocation, Object.create(null) as Record<string, boolean>);
        evaluated[i] = true;
        if (!result.valid) {
          fail();
          errors.push({ instanceLocation, keyword: 'unevaluatedItems', keywordLocation, error: `Items did not match unevaluated items schema.` }, ...result.errors);
        }
      }
    }
    if ($uniqueItems) {
      options.onUniqueItemsScan?.(length);
      const duplicate = findDuplicateItems(instance);
      if (duplicate !== undefined) {
        errors.push({ instanceLocation, keyword: 'uniqueItems', keywordLocation: `${schemaLocation}/uniqueItems`, error: `Duplicate items at indexes ${duplicate[0]} and ${duplicate[1]}.` });
      }
    }
  } else if (instanceType === 'number') {
    if ($minimum !== undefined && instance < $minimum) errors.push({ instanceLocation, keyword: 'minimum', keywordLocation: `${schemaLocation}/minimum`, error: `${instance} is less than ${$minimum}.` });
    if ($maximum !== undefined && instance > $maximum) errors.push({ instanceLocation, keyword: 'maximum', keywordLocation: `${schemaLocation}/maximum`, error: `${instance} is greater than ${$maximum}.` });
    if ($exclusiveMinimum !== undefined && instance <= $exclusiveMinimum) {
      errors.push({ instanceLocation, keyword: 'exclusiveMinimum', keywordLocation: `${schemaLocation}/exclusiveMinimum`, error: `${instance} is less than ${String($exclusiveMinimum)}.` });
    }
    if ($exclusiveMaximum !== undefined && instance >= $exclusiveMaximum) {
      errors.push({ instanceLocation, keyword: 'exclusiveMaximum', keywordLocation: `${schemaLocation}/exclusiveMaximum`, error: `${instance} is greater than or equal to ${String($exclusiveMaximum)}.` });
    }
    if ($multipleOf !== undefined && !isMultipleOf(instance, $multipleOf)) {
      errors.push({ instanceLocation, keyword: 'multipleOf', keywordLocation: `${schemaLocation}/multipleOf`, error: `${instance} is not a multiple of ${$multipleOf}.` });
    }
  } else if (instanceType === 'string') {
    const length = $minLength === undefined && $maxLength === undefined ? 0 : ucs2length(instance);
    if ($minLength !== undefined && length < $minLength) errors.push({ instanceLocation, keyword: 'minLength', keywordLocation: `${schemaLocation}/minLength`, error: `String is too short (${length} < ${$minLength}).` });
    if ($maxLength !== undefined && length > $maxLength) errors.push({ instanceLocation, keyword: 'maxLength', keywordLocation: `${schemaLocation}/maxLength`, error: `String is too long (${length} > ${$maxLength}).` });
    if ($pattern !== undefined && !options.pattern($pattern)(instance)) {
      errors.push({ instanceLocation, keyword: 'pattern', keywordLocation: `${schemaLocation}/pattern`, error: `String does not match pattern.` });
    }
    if ($format !== undefined && format[$format] && !(format[$format] as (value: string) => boolean)(instance)) {
      errors.push({ instanceLocation, keyword: 'format', keywordLocation: `${schemaLocation}/format`, error: `String does not match format "${$format}".` });
    }
  }
  return { valid: errors.length === 0, errors };
}
