import { appendPointer } from '@acode/domain';
import { utf8ByteLength } from './utf8-byte-length.js';
import type { JsonObject, JsonValue } from '@acode/domain';

/** Why an already-parsed value is not JSON, or too big. */
export type JsonValueCopyFailure =
  | { readonly kind: 'not-json'; readonly path: string; readonly reason: string }
  | { readonly kind: 'depth'; readonly path: string; readonly depth: number }
  | { readonly kind: 'size'; readonly sizeBytes: number };

/** A plain-JSON deep copy of the input, or the first reason it could not be made. */
export type JsonValueCopyResult = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly failure: JsonValueCopyFailure };

interface Frame {
  readonly source: object;
  readonly target: JsonObject | JsonValue[];
  readonly keys: readonly string[] | undefined; // undefined for arrays
  readonly count: number;
  readonly path: string;
  index: number;
}

/**
 * Copies a value that arrived already parsed (Ollama sends `arguments` as an object) into plain
 * JSON data, with the checks text gets from the parser: nesting at most `maxDepth` arrays and
 * objects, compact serialized size at most about `maxSizeBytes` (escapes are not counted), and
 * nothing JSON cannot hold: `undefined`, functions, symbols, bigints, NaN and Infinity, unpaired
 * surrogates, sparse arrays, getters, cycles, and objects that are not plain (class instances,
 * Dates, Maps). Symbol-keyed and non-enumerable properties are skipped, as `JSON.stringify`
 * skips them.
 *
 * Iterative, so depth cannot overflow the stack; the input is never mutated; the copy shares
 * nothing with it, so a caller that changes its object after validation cannot change what was
 * validated. A repeated (non-cyclic) reference is copied each time it occurs and counted each
 * time towards the size, which bounds the work a hostile object graph can cause.
 *
 * An own property named `__proto__` is copied as an own data property (as `JSON.parse` creates
 * it), never assigned, so it cannot replace the copy's prototype.
 */
export function copyJsonValue(input: unknown, maxDepth: number, maxSizeBytes: number): JsonValueCopyResult {
  try {
    return copy(input, maxDepth, maxSizeBytes);
  } catch {
    // A Proxy trap or exotic object threw while being read: refuse it, never propagate.
    return { ok: false, failure: { kind: 'not-json', path: '', reason: 'contains a value that cannot be read' } };
  }
}

function copy(input: unknown, maxDepth: number, maxSizeBytes: number): JsonValueCopyResult {
  let size = 0;
  const onPath = new Set<object>();
  const stack: Frame[] = [];
  const notJson = (path: string, reason: string): JsonValueCopyResult => ({ ok: false, failure: { kind: 'not-json', path, reason } });

  /** Checks a value; returns the copy of a primitive, a new frame for a container, or a failure. */
  const visit = (value: unknown, path: string): { primitive: JsonValue } | { frame: Frame } | JsonValueCopyResult => {
    switch (typeof value) {
      case 'string':
        if (UNPAIRED_SURROGATE.test(value)) return notJson(path, 'contains a string with an unpaired surrogate');
        size += utf8ByteLength(value) + 2;
        return { primitive: value };
      case 'number':
        if (!Number.isFinite(value)) return notJson(path, `contains ${String(value)}, which JSON cannot represent`);
        size += String(value).length;
        return { primitive: value };
      case 'boolean':
        size += value ? 4 : 5;
        return { primitive: value };
      case 'object': {
        if (value === null) {
          size += 4;
          return { primitive: null };
        }
        if (onPath.has(value)) return notJson(path, 'contains a circular reference');
        if (stack.length + 1 > maxDepth) return { ok: false, failure: { kind: 'depth', path, depth: stack.length + 1 } };
        const prototype: unknown = Object.getPrototypeOf(value);
        size += 2;
        if (Array.isArray(value)) {
          if (prototype !== Array.prototype) return notJson(path, 'contains an array of a special kind');
          return { frame: { source: value, target: [], keys: undefined, count: value.length, path, index: 0 } };
        }
        if (prototype !== Object.prototype && prototype !== null) return notJson(path, 'contains an object that is not plain JSON data');
        const keys = Object.keys(value);
        return { frame: { source: value, target: {}, keys, count: keys.length, path, index: 0 } };
      }
      default:
        return notJson(path, `contains a value of type ${typeof value}, which JSON cannot represent`);
    }
  };

  const root = visit(input, '');
  if ('ok' in root) return root;
  if ('primitive' in root) return { ok: true, value: root.primitive };
  stack.push(root.frame);
  onPath.add(root.frame.source);

  for (let frame = stack[stack.length - 1]; frame !== undefined; frame = stack[stack.length - 1]) {
    if (size > maxSizeBytes) return { ok: false, failure: { kind: 'size', sizeBytes: size } };
    if (frame.index >= frame.count) {
      onPath.delete(frame.source);
      stack.pop();
      continue;
    }
    const index = frame.index++;
    const key = frame.keys === undefined ? String(index) : (frame.keys[index] as string);
    const childPath = appendPointer(frame.path, key);
    const descriptor = Object.getOwnPropertyDescriptor(frame.source, key);
    if (descriptor === undefined) return notJson(childPath, frame.keys === undefined ? 'contains a sparse array' : 'contains a property that cannot be read');
    if (!('value' in descriptor)) return notJson(childPath, 'contains a property with a getter');
    if (index > 0) size += 1;
    if (frame.keys !== undefined) size += utf8ByteLength(key) + 3;

    const child = visit(descriptor.value, childPath);
    if ('ok' in child) return child;
    const childValue = 'primitive' in child ? child.primitive : child.frame.target;
    if (Array.isArray(frame.target)) frame.target.push(childValue);
    else Object.defineProperty(frame.target, key, { value: childValue, writable: true, enumerable: true, configurable: true });
    if ('frame' in child) {
      stack.push(child.frame);
      onPath.add(child.frame.source);
    }
  }
  if (size > maxSizeBytes) return { ok: false, failure: { kind: 'size', sizeBytes: size } };
  return { ok: true, value: root.frame.target };
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
