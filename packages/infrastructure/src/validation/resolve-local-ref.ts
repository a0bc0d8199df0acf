import type { JsonSchemaObject } from '@acode/domain';
import { parsePointer, resolvePointer } from '../schema/json-pointer.js';

/**
 * Follows a local `$ref` (`#/$defs/Point`) inside `root`; `undefined` for a remote or broken
 * reference (the compiler refuses those at registration, decision 10). Follows chains of refs at
 * most `maxHops` times, so a cycle cannot loop.
 */
export function resolveLocalRef(schema: unknown, root: JsonSchemaObject, maxHops = 8): unknown {
  let current = schema;
  for (let hop = 0; hop < maxHops; hop++) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return current;
    const ref = (current as JsonSchemaObject).$ref;
    if (typeof ref !== 'string') return current;
    if (!ref.startsWith('#')) return undefined;
    let fragment: string;
    try {
      fragment = decodeURIComponent(ref.slice(1));
    } catch {
      return undefined;
    }
    const tokens = parsePointer(fragment);
    if (tokens === undefined) return undefined;
    current = resolvePointer(root, tokens);
  }
  return undefined;
}
