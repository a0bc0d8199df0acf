import { appendPointer, isPlainObject } from '@acode/domain';
import { LocalRefResolver } from './local-ref.js';
import { subschemasOf } from './schema-keywords.js';
import { walkSchemaObjects } from './schema-walk.js';

/**
 * Finds where strictness (decision 7) must close an object the author left open by omission:
 * returns the pointers of the schemas that should get `unevaluatedProperties: false`.
 *
 * Only "boundary" schemas qualify: the root and schemas applied to a child value (`properties/x`,
 * `items`, `additionalProperties`, ...). A schema applied in place (an `allOf` branch, a `$defs`
 * entry reached by `$ref`) is left alone, and `unevaluatedProperties` at the boundary sees the
 * properties every in-place branch evaluated, so `allOf` composition keeps working. A boundary is
 * closed when it or its in-place closure describes an object (`properties`, `type: "object"`), and
 * nothing in that closure opened it deliberately (`additionalProperties` other than `false`,
 * `unevaluatedProperties`, `patternProperties`).
 */
export function findStrictBoundaries(root: unknown): Set<string> {
  const resolver = new LocalRefResolver(root);
  const nodes = new Map<string, Readonly<Record<string, unknown>>>();
  const boundaries: string[] = [];
  walkSchemaObjects(root, (node) => {
    nodes.set(node.pointer, node.schema);
    if (node.role === 'child') boundaries.push(node.pointer);
  });
  const closed = new Set<string>();
  for (const boundary of boundaries) {
    const schema = nodes.get(boundary);
    if (schema === undefined || schema.additionalProperties === false) continue;
    let describesObject = false;
    let opened = false;
    for (const pointer of inPlaceClosure(boundary, nodes, resolver)) {
      const node = nodes.get(pointer);
      if (node === undefined) continue;
      if (isPlainObject(node.properties) || declaresObjectType(node.type)) describesObject = true;
      if ((node.additionalProperties !== undefined && node.additionalProperties !== false) || node.unevaluatedProperties !== undefined || node.patternProperties !== undefined) {
        opened = true;
      }
    }
    if (describesObject && !opened) closed.add(boundary);
  }
  return closed;
}

function declaresObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** The schemas applied to the same value as `start`: itself, its in-place subschemas and `$ref` targets, transitively. */
function inPlaceClosure(start: string, nodes: ReadonlyMap<string, Readonly<Record<string, unknown>>>, resolver: LocalRefResolver): Set<string> {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    const pointer = stack.pop() as string;
    const node = nodes.get(pointer);
    if (node === undefined) continue;
    const next: string[] = [];
    if (typeof node.$ref === 'string') {
      const resolved = resolver.resolve(node.$ref);
      if (resolved !== undefined) next.push(resolved.pointer);
    }
    for (const entry of subschemasOf(node)) if (entry.role === 'in-place') next.push(appendPointer(pointer, ...entry.tokens));
    for (const target of next) {
      if (!seen.has(target)) {
        seen.add(target);
        stack.push(target);
      }
    }
  }
  return seen;
}
