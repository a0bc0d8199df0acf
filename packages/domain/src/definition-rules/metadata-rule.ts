import { MAX_JSON_DEPTH } from '../json-canonical.js';
import { appendPointer } from '../json-pointer.js';
import { describeValueType } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/**
 * `metadata`, when given, is a plain object of JSON values, nested at most 64 levels. A
 * `sensitive` key must be a boolean: it hides argument values from errors and logs only when it
 * is exactly `true`, so `sensitive: "yes"` would silently leak them.
 */
export const metadataRule: DefinitionRule = {
  name: 'metadata',
  check(definition) {
    const metadata = ownValue(definition, 'metadata');
    if (metadata === undefined) return [];
    if (!isPlainObject(metadata)) {
      return [definitionViolation('/metadata', `metadata must be an object of JSON values; got ${describeValueType(metadata)}`)];
    }
    const violations = [];
    const sensitive = ownValue(metadata, 'sensitive');
    if (sensitive !== undefined && typeof sensitive !== 'boolean') {
      violations.push(definitionViolation('/metadata/sensitive', `metadata.sensitive must be true or false; got ${describeValueType(sensitive)}`));
    }
    const problem = findNonJson(metadata, '/metadata', MAX_JSON_DEPTH);
    if (problem !== undefined) violations.push(definitionViolation(problem.path, problem.message));
    return violations;
  },
};

/** The first place a value stops being JSON, depth-first; bounded so hostile nesting cannot overflow. */
function findNonJson(value: unknown, path: string, depthLeft: number): { path: string; message: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : { path, message: 'metadata values must be finite numbers' };
  }
  const container = Array.isArray(value) || isPlainObject(value);
  if (!container) return { path, message: `metadata values must be JSON; got ${describeValueType(value)}` };
  if (depthLeft <= 0) return { path, message: `metadata nests deeper than ${MAX_JSON_DEPTH} levels` };
  for (const [key, item] of Object.entries(value)) {
    const found = findNonJson(item, appendPointer(path, key), depthLeft - 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
