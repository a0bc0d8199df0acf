import { appendPointer, isPlainObject } from '@acode/domain';
import { subschemasOf, type SubschemaRole } from './schema-keywords.js';

/** One schema object met by {@link walkSchemaObjects}. */
export interface SchemaNode {
  readonly schema: Readonly<Record<string, unknown>>;
  /** JSON Pointer from the root schema. */
  readonly pointer: string;
  /** 1 for the root, one more per subschema level. */
  readonly depth: number;
  /** How this node was reached from its parent (`child` for the root: it applies to the arguments). */
  readonly role: SubschemaRole;
}

/**
 * Visits every schema object (boolean schemas are skipped) in document order, iteratively, so a
 * deep schema cannot overflow the stack. Callers run it only on schemas the depth check passed,
 * but it stays safe on any input: it never descends below `maxDepth` when one is given.
 */
export function walkSchemaObjects(root: unknown, visit: (node: SchemaNode) => void, maxDepth = Number.POSITIVE_INFINITY): void {
  if (!isPlainObject(root)) return;
  const stack: SchemaNode[] = [{ schema: root, pointer: '', depth: 1, role: 'child' }];
  while (stack.length > 0) {
    const node = stack.pop() as SchemaNode;
    visit(node);
    if (node.depth >= maxDepth) continue;
    const children = subschemasOf(node.schema);
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index] as (typeof children)[number];
      if (!isPlainObject(child.schema)) continue;
      stack.push({ schema: child.schema, pointer: appendPointer(node.pointer, ...child.tokens), depth: node.depth + 1, role: child.role });
    }
  }
}
