import { parsePointer } from '../schema/json-pointer.js';
import type { RawViolation } from '../schema/raw-violation.js';

/**
 * Keywords whose subschema failures are not errors in their own right: the branches of an
 * `anyOf`/`oneOf` (alternatives, not requirements), the items that did not match `contains`,
 * the schema `not` excludes. Their mapper reads those failures and decides what to report; the
 * pipeline does not map them again.
 *
 * Returns, per branch (one for `not`/`contains`), the schema-path prefixes its failures are
 * reported under: the branch itself, and the target of a local `$ref` the branch consists of,
 * since the compiler locates failures behind a `$ref` at the referenced schema (`/$defs/A/...`).
 */
export function branchPrefixes(violation: RawViolation): string[][] | undefined {
  const { keyword, schemaPath, subschema } = violation;
  switch (keyword) {
    case 'anyOf':
    case 'oneOf': {
      const branches = Array.isArray(subschema[keyword]) ? (subschema[keyword] as unknown[]) : [];
      return branches.map((branch, index) => withRefTarget(`${schemaPath}/${index}/`, branch));
    }
    case 'not':
    case 'contains':
      return [withRefTarget(`${schemaPath}/`, subschema[keyword])];
    case 'minContains':
    case 'maxContains': {
      // The items were checked against the sibling `contains`.
      const contains = `${schemaPath.slice(0, schemaPath.lastIndexOf('/'))}/contains/`;
      return [withRefTarget(contains, subschema.contains)];
    }
    default:
      return undefined;
  }
}

function withRefTarget(prefix: string, branch: unknown): string[] {
  const ref = typeof branch === 'object' && branch !== null ? (branch as { $ref?: unknown }).$ref : undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return [prefix];
  let target: string;
  try {
    target = decodeURIComponent(ref.slice(1));
  } catch {
    return [prefix];
  }
  return [prefix, `${target}/`];
}

/** True when `inner` was reported under the schema prefix, for the same value or one inside it. */
export function isWithin(inner: RawViolation, schemaPrefix: string, instancePath: string): boolean {
  return inner.schemaPath.startsWith(schemaPrefix) && (inner.instancePath === instancePath || inner.instancePath.startsWith(`${instancePath}/`));
}

/**
 * The violations some absorbing keyword (see {@link branchPrefixes}) accounts for. Linear in
 * the number of violations times the depth of their paths.
 */
export function findAbsorbed(violations: readonly RawViolation[]): Set<RawViolation> {
  const absorbers = new Set<string>();
  for (const violation of violations) {
    for (const prefixes of branchPrefixes(violation) ?? []) {
      for (const prefix of prefixes) absorbers.add(`${prefix}\u0000${violation.instancePath}`);
    }
  }
  const absorbed = new Set<RawViolation>();
  if (absorbers.size === 0) return absorbed;
  for (const violation of violations) {
    const instanceAncestors = ancestors(violation.instancePath);
    for (let slash = violation.schemaPath.indexOf('/'); slash >= 0; slash = violation.schemaPath.indexOf('/', slash + 1)) {
      const prefix = violation.schemaPath.slice(0, slash + 1);
      if (instanceAncestors.some((instance) => absorbers.has(`${prefix}\u0000${instance}`))) {
        absorbed.add(violation);
        break;
      }
    }
  }
  return absorbed;
}

/** `/a/b` → [`/a/b`, `/a`, ``]. */
function ancestors(pointer: string): string[] {
  const result = [pointer];
  for (let slash = pointer.lastIndexOf('/'); slash >= 0; slash = pointer.lastIndexOf('/', slash - 1)) {
    result.push(pointer.slice(0, slash));
    if (slash === 0) break;
  }
  return result;
}

/** Keywords whose next schema-path token names an entry (a property, an index), not a keyword. */
const ENTRY_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'allOf', 'anyOf', 'oneOf', 'prefixItems']);

/**
 * True when the violation was reported while checking a property NAME against `propertyNames`
 * (the engine checks each name as if it were a value at `<object>/<name>`). Reads the schema
 * path as keywords, so a property that happens to be called `propertyNames` does not count.
 */
export function isPropertyNameCheck(violation: RawViolation): boolean {
  const tokens = parsePointer(violation.schemaPath) ?? [];
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] as string;
    if (token === 'propertyNames') return true;
    if (ENTRY_KEYWORDS.has(token)) i++;
  }
  return false;
}
