import { appendPointer, isPlainObject } from '@acode/domain';
import type { JsonSchemaObject } from '@acode/domain';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { formatPointer, parseFragmentPointer, resolvePointer } from './json-pointer.js';
import type { RawViolation } from './raw-violation.js';
import { originalFormatCheck } from './re2-format.js';
import { re2Search } from './re2-pattern.js';
import type { SchemaOrigin } from './engine-schema-copy.js';
import { CHILD_SCHEMA_KEYWORDS, IN_PLACE_SCHEMA_KEYWORDS } from './schema-keywords.js';

/**
 * Units that only say "a subschema had errors": the units beneath them name the failing keyword,
 * so they are left out. `anyOf`, `oneOf`, `not` and `contains` stay: their own unit is the failure.
 */
const SUMMARY_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'dependentSchemas',
  'propertyNames',
]);

/** What the conversion needs to know about one compiled schema. */
export interface EngineOutputContext {
  /** The engine's copy of the schema (see `buildEngineCopy`). */
  readonly copy: unknown;
  /** The engine's URI lookup, to follow `$ref` the way it did. */
  readonly lookup: Readonly<Record<string, Schema | boolean>>;
  readonly origins: WeakMap<object, SchemaOrigin>;
}

/**
 * Turns the engine's output units into {@link RawViolation}s located in the ORIGINAL schema:
 * `$ref` hops in the engine's dynamic locations are followed to the referenced schema, rewritten
 * patterns are reported as `pattern` again, `{not: {}}` stand-ins as the `false` schema they
 * replace (under the keyword that holds it: `unevaluatedProperties` for an unknown property).
 */
export function toRawViolations(units: readonly OutputUnit[], instance: unknown, context: EngineOutputContext): RawViolation[] {
  const violations: RawViolation[] = [];
  for (const unit of units) {
    if (SUMMARY_KEYWORDS.has(unit.keyword)) continue;
    const instanceTokens = parseFragmentPointer(unit.instanceLocation) ?? [];
    const keywordTokens = parseFragmentPointer(unit.keywordLocation) ?? [];
    const located = locateHolder(keywordTokens.slice(0, -1), context);
    const instancePath = formatPointer(instanceTokens);
    const value = located.valueIsPropertyName ? instanceTokens[instanceTokens.length - 1] : resolvePointer(instance, instanceTokens);
    const origin = located.holder === undefined ? undefined : context.origins.get(located.holder);
    if (origin === undefined) {
      // A schema the copy does not map back (a remote registered for the test suite).
      violations.push({ keyword: unit.keyword, instancePath, schemaPath: formatPointer(keywordTokens), subschema: asSchemaObject(located.holder), value, engineMessage: unit.error });
    } else if (origin.falseKeyword !== undefined && unit.keyword === 'not') {
      violations.push({ keyword: origin.falseKeyword, instancePath, schemaPath: origin.pointer, subschema: origin.holder, value, engineMessage: unit.error });
    } else if (origin.re2Format !== undefined && unit.keyword === 'format') {
      const text = typeof value === 'string' ? value : '';
      const { regex, originalFormat } = origin.re2Format;
      if (!re2Search(regex, text)) {
        violations.push({ keyword: 'pattern', instancePath, schemaPath: appendPointer(origin.pointer, 'pattern'), subschema: origin.holder, value, engineMessage: 'String does not match pattern.' });
      }
      const formatCheck = originalFormatCheck(originalFormat);
      if (formatCheck !== undefined && !formatCheck(text)) {
        violations.push({ keyword: 'format', instancePath, schemaPath: appendPointer(origin.pointer, 'format'), subschema: origin.holder, value, engineMessage: `String does not match format "${originalFormat}".` });
      }
    } else {
      violations.push({ keyword: unit.keyword, instancePath, schemaPath: appendPointer(origin.pointer, unit.keyword), subschema: origin.holder, value, engineMessage: unit.error });
    }
  }
  return withoutFailedAsUnevaluated(violations);
}

/**
 * The engine counts a property as evaluated only when its schema passed, so a property that fails
 * its own schema is reported a second time as unevaluated, as if it were unknown. The failure of
 * its own schema is the one that helps; the echo is dropped.
 */
function withoutFailedAsUnevaluated(violations: RawViolation[]): RawViolation[] {
  // Paths where something else failed: at the path itself for an ordinary failure, and at every
  // ancestor of any failure. Built once, so the filter stays linear in the number of violations.
  const failedAt = new Set<string>();
  for (const violation of violations) {
    let path = violation.instancePath;
    if (violation.keyword !== 'unevaluatedProperties') failedAt.add(path);
    while (path !== '') {
      path = path.slice(0, path.lastIndexOf('/'));
      if (failedAt.has(path)) break;
      failedAt.add(path);
    }
  }
  return violations.filter((violation) => violation.keyword !== 'unevaluatedProperties' || !failedAt.has(violation.instancePath));
}

/**
 * Walks the engine's copy along a keyword location (`/properties/a/$ref/items`), following `$ref`
 * through the engine's lookup, to the schema object holding the failing keyword.
 */
function locateHolder(tokens: readonly string[], context: EngineOutputContext): { holder: object | undefined; valueIsPropertyName: boolean } {
  let node: unknown = context.copy;
  let valueIsPropertyName = false;
  for (let index = 0; index < tokens.length && node !== undefined; index++) {
    const keyword = tokens[index] as string;
    if (!isPlainObject(node)) return { holder: undefined, valueIsPropertyName };
    if (keyword === '$ref') {
      const target = (node as Schema).__absolute_ref__;
      node = target === undefined ? undefined : context.lookup[target];
    } else if (IN_PLACE_SCHEMA_KEYWORDS.has(keyword) || CHILD_SCHEMA_KEYWORDS.has(keyword)) {
      if (keyword === 'propertyNames') valueIsPropertyName = true;
      node = node[keyword];
    } else {
      // A map or array keyword: the next token names the entry.
      const container = node[keyword];
      const name = tokens[++index];
      node = name === undefined ? undefined : resolvePointer(container, [name]);
    }
  }
  return { holder: isPlainObject(node) ? node : undefined, valueIsPropertyName };
}

function asSchemaObject(value: unknown): JsonSchemaObject {
  return isPlainObject(value) ? (value as JsonSchemaObject) : {};
}
