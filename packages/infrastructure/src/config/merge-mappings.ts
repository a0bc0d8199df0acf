/**
 * Deep-merges two parsed YAML values: mappings merge key by key with `over` winning; anything
 * else (scalars, lists) in `over` replaces what is beneath. Returns new objects; neither input is
 * changed. Depth is bounded by the reader (`MAX_CONFIG_DEPTH`), so recursion is safe here.
 */
export function mergeMappings(under: unknown, over: unknown): unknown {
  if (over === undefined) return under;
  if (!isMapping(under) || !isMapping(over)) return over;
  const merged: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(under), ...Object.keys(over)])) {
    const value = Object.hasOwn(over, key) ? mergeMappings(under[key], over[key]) : under[key];
    // defineProperty: a `__proto__` key from YAML must stay data, never become a prototype.
    Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
