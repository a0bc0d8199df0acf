import { appendPointer, isPlainObject } from '@acode/domain';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** More reports than this add noise, not help. */
const MAX_REPORTS = 10;

/**
 * A schema must be JSON data: strings, finite numbers, booleans, null, arrays and plain objects.
 * Programmatic callers can hand over `undefined`, functions, `NaN`, dates or class instances,
 * which JSON serialization would silently drop or change. A gate: the engine assumes JSON.
 * Runs after the depth gate, so the iterative walk is bounded.
 */
export const jsonDataCheck: SchemaCheck = {
  name: 'json-data',
  gate: true,
  run(schema, context) {
    const violations = [];
    const stack: { value: unknown; pointer: string }[] = [{ value: schema, pointer: '' }];
    while (stack.length > 0 && violations.length < MAX_REPORTS) {
      const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
      const problem = describeNonJson(value);
      if (problem !== undefined) {
        violations.push(schemaViolation(context, pointer, `Schema contains ${problem}, which is not JSON`));
        continue;
      }
      if (Array.isArray(value) || isPlainObject(value)) {
        const entries = Object.entries(value);
        for (let index = entries.length - 1; index >= 0; index--) {
          const [key, item] = entries[index] as [string, unknown];
          stack.push({ value: item, pointer: appendPointer(pointer, key) });
        }
      }
    }
    return violations;
  },
};

function describeNonJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `the number ${String(value)}`;
    case 'object':
      return value === null || Array.isArray(value) || isPlainObject(value) ? undefined : 'an object that is not plain JSON data';
    default:
      return `a value of type ${typeof value}`;
  }
}
