import { appendPointer } from '@acode/domain';
import type { DefinitionViolation } from '@acode/domain';
import { LocalRefResolver } from '../local-ref.js';
import { subschemasOf } from '../schema-keywords.js';
import { walkSchemaObjects } from '../schema-walk.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/**
 * Refuses `$ref` chains that can never terminate: a cycle of schemas that apply to the SAME value
 * (`$ref`, `allOf`/`anyOf`/`oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), such as
 * `$defs/a: {$ref: "#/$defs/b"}`, `b: {$ref: "#/$defs/a"}`. A cycle that passes through
 * `properties`, `items` or another keyword applied to a child value is a legitimate recursive
 * structure (a tree node whose `children` are nodes): each step consumes one level of the finite
 * arguments, so validation ends.
 */
export const circularRefCheck: SchemaCheck = {
  name: 'circular-ref',
  gate: false,
  run(schema, context) {
    const resolver = new LocalRefResolver(schema);
    const edges = new Map<string, string[]>();
    const refHolders = new Set<string>();
    walkSchemaObjects(schema, ({ schema: node, pointer }) => {
      const targets: string[] = [];
      if (typeof node.$ref === 'string') {
        const resolved = resolver.resolve(node.$ref);
        if (resolved !== undefined && typeof resolved.target !== 'boolean') {
          targets.push(resolved.pointer);
          refHolders.add(pointer);
        }
      }
      for (const entry of subschemasOf(node)) {
        if (entry.role === 'in-place' && typeof entry.schema === 'object' && entry.schema !== null) targets.push(appendPointer(pointer, ...entry.tokens));
      }
      edges.set(pointer, targets);
    });
    return findCycles(edges).map((cycle) => {
      // Every such cycle holds a $ref (subschema nesting alone is a tree); report it there.
      const at = Math.max(0, cycle.findIndex((pointer) => refHolders.has(pointer)));
      const rotated = [...cycle.slice(at), ...cycle.slice(0, at)];
      const shown = [...rotated, rotated[0] as string].map((pointer) => context.basePath + pointer).join(' -> ');
      return schemaViolation(context, appendPointer(rotated[0] as string, '$ref'), `Circular reference detected: ${shown} never reaches a property or item, so validation could not end`);
    });
  },
};

/**
 * Iterative depth-first search; returns each cycle found once, as the nodes from where it was
 * entered (the closing edge back to the first node is implied).
 */
function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 'open');
    path.push(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next >= targets.length) {
        state.set(frame.node, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const target = targets[frame.next++] as string;
      const targetState = state.get(target);
      if (targetState === 'open') {
        cycles.push(path.slice(path.indexOf(target)));
      } else if (targetState === undefined && edges.has(target)) {
        state.set(target, 'open');
        path.push(target);
        stack.push({ node: target, next: 0 });
      }
    }
  }
  return cycles;
}
