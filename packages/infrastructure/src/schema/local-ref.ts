import { isPlainObject } from '@acode/domain';
import { formatPointer, parseFragmentPointer, resolvePointer } from './json-pointer.js';
import { walkSchemaObjects } from './schema-walk.js';

/** Where a local `$ref` leads. */
export interface ResolvedLocalRef {
  /** Canonical JSON Pointer of the target from the schema root. */
  readonly pointer: string;
  readonly target: unknown;
}

/** True for a `$ref` that stays inside the document (`#`, `#/$defs/a`, `#anchor`). */
export function isLocalRef(ref: string): boolean {
  return ref.startsWith('#');
}

/**
 * Index of the schema objects of a document and their `$anchor`s, built once per schema so each
 * `$ref` resolves without a walk.
 */
export class LocalRefResolver {
  readonly #schemaPointers = new Set<string>();
  readonly #anchors = new Map<string, string>();

  constructor(private readonly root: unknown) {
    walkSchemaObjects(root, (node) => {
      this.#schemaPointers.add(node.pointer);
      const anchor = node.schema.$anchor;
      if (typeof anchor === 'string' && !this.#anchors.has(anchor)) this.#anchors.set(anchor, node.pointer);
    });
  }

  /**
   * Resolves a local `$ref` to a schema: a JSON Pointer fragment must land on a schema object or a
   * boolean schema, a plain-name fragment on an `$anchor`. `undefined` when it does not.
   */
  resolve(ref: string): ResolvedLocalRef | undefined {
    if (!isLocalRef(ref)) return undefined;
    const fragment = ref.slice(1);
    if (fragment === '' || fragment.startsWith('/')) {
      const tokens = parseFragmentPointer(fragment);
      if (tokens === undefined) return undefined;
      const target = resolvePointer(this.root, tokens);
      const pointer = formatPointer(tokens);
      if (typeof target === 'boolean' || (isPlainObject(target) && this.#schemaPointers.has(pointer))) return { pointer, target };
      return undefined;
    }
    const pointer = this.#anchors.get(fragment);
    if (pointer === undefined) return undefined;
    return { pointer, target: resolvePointer(this.root, parseFragmentPointer(pointer) ?? []) };
  }
}
