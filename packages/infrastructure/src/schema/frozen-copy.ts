/**
 * A deep copy of JSON data, frozen throughout: the compiled schema's `source` must neither change
 * under the registry nor change the caller's object. The caller bounds the depth first.
 */
export function frozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const pending: unknown[] = [copy];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object') continue;
    Object.freeze(current);
    for (const child of Object.values(current)) pending.push(child);
  }
  return copy;
}
