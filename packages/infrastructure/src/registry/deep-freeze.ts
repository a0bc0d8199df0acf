/**
 * Freezes a value and everything reachable from it. Iterative, so a deeply nested definition
 * cannot overflow the stack (the definition rules bound depth, but this must not rely on it).
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const child of Object.values(current)) pending.push(child);
  }
  return value;
}
