import { isPlainObject, MAX_JSON_DEPTH } from '@acode/domain';

/**
 * What keeps `value` from being JSON data, as a phrase with a JSON Pointer (`a function at
 * /items/0`), or `undefined` when it is JSON. Refuses what `JSON.stringify` would silently change:
 * functions, symbols, `undefined` at the top or in an array, bigints (which throw), non-finite
 * numbers (written `null`), class instances, cycles, and nesting past {@link MAX_JSON_DEPTH}.
 * An object member set to `undefined` is allowed: JSON leaves it out, as handlers expect.
 */
export function findJsonProblem(value: unknown): string | undefined {
  return check(value, '', MAX_JSON_DEPTH, new Set());
}

function check(value: unknown, path: string, depthLeft: number, ancestors: Set<object>): string | undefined {
  const where = path === '' ? 'at the top' : `at ${path}`;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `a non-finite number ${where}`;
    case 'undefined':
      return `undefined ${where}`;
    case 'bigint':
      return `a bigint ${where}`;
    case 'function':
      return `a function ${where}`;
    case 'symbol':
      return `a symbol ${where}`;
  }
  if (value === null) return undefined;
  const object = value as object;
  if (ancestors.has(object)) return `a circular reference ${where}`;
  if (depthLeft <= 0) return `nesting deeper than ${MAX_JSON_DEPTH} levels ${where}`;
  if (!Array.isArray(object) && !isPlainObject(object)) return `a non-plain object ${where}`;
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      // Indexed loop, not for-of over entries: a hole in a sparse array reads as undefined and is refused.
      for (let index = 0; index < object.length; index += 1) {
        const problem = check(object[index], `${path}/${index}`, depthLeft - 1, ancestors);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    for (const [key, item] of Object.entries(object)) {
      if (item === undefined) continue;
      const problem = check(item, `${path}/${escapePointer(key)}`, depthLeft - 1, ancestors);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    ancestors.delete(object);
  }
}

function escapePointer(key: string): string {
  const short = key.length > 64 ? `${key.slice(0, 64)}…` : key;
  return short.replaceAll('~', '~0').replaceAll('/', '~1');
}
