import { appendPointer, isPlainObject } from '@acode/domain';
import { subschemasOf } from '../schema-keywords.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

interface Frame {
  readonly value: unknown;
  readonly pointer: string;
  /** Schema objects from the root to here (1 at the root). */
  readonly schemaDepth: number;
  /** JSON containers nested inside keyword values that are data, not schemas (`enum`, `default`). */
  readonly dataDepth: number;
  readonly isSchema: boolean;
}

/**
 * Schema nesting may not exceed `limits.maxSchemaDepth` schema objects (AV-2 M-2.2). Data inside
 * keywords (`enum`, `const`, `default`, unknown keywords) is bounded by the same number of
 * containers. Iterative and stops descending where the limit is crossed, so a 100,000-deep or
 * even a cyclic object is reported, not recursed into. A gate: every later check may recurse.
 */
export const schemaDepthCheck: SchemaCheck = {
  name: 'schema-depth',
  gate: true,
  run(schema, context) {
    const limit = context.limits.maxSchemaDepth;
    const stack: Frame[] = [{ value: schema, pointer: '', schemaDepth: 1, dataDepth: 0, isSchema: true }];
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      if (frame.schemaDepth > limit || frame.dataDepth > limit) {
        // One crossing is enough to refuse; reporting every branch of a wide schema helps no one.
        return [schemaViolation(context, frame.pointer, `Schema exceeds maximum nesting depth of ${limit}`)];
      }
      const { value } = frame;
      if (frame.isSchema && isPlainObject(value)) {
        const schemaKeywords = new Set<string>();
        for (const entry of subschemasOf(value)) {
          schemaKeywords.add(entry.tokens[0] as string);
          stack.push({ value: entry.schema, pointer: appendPointer(frame.pointer, ...entry.tokens), schemaDepth: frame.schemaDepth + 1, dataDepth: 0, isSchema: true });
        }
        for (const [keyword, keywordValue] of Object.entries(value)) {
          if (isContainer(keywordValue) && !schemaKeywords.has(keyword)) {
            stack.push({ value: keywordValue, pointer: appendPointer(frame.pointer, keyword), schemaDepth: frame.schemaDepth, dataDepth: 1, isSchema: false });
          }
        }
      } else if (isContainer(value)) {
        // Data, or a container where a schema belongs (the meta-schema check reports that).
        for (const [key, item] of Object.entries(value)) {
          if (isContainer(item)) {
            stack.push({ value: item, pointer: appendPointer(frame.pointer, key), schemaDepth: frame.schemaDepth, dataDepth: frame.dataDepth + 1, isSchema: false });
          }
        }
      }
    }
    return [];
  },
};

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
