import { describeValueType, INTERACTION_MODES, isPlainObject, type BuiltTool } from '@acode/domain';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Why an entry of `tool_registry.json` is not a {@link BuiltTool}, or `undefined` when it is.
 * Only the shape is checked here; the definition itself is checked by the registry when the
 * built-tools provider registers it, as every definition is.
 */
export function builtToolShapeProblem(entry: unknown): string | undefined {
  if (!isPlainObject(entry)) return `is ${describeValueType(entry)}, not a tool entry`;
  const { toolId, version, definition, summary, documentation, handler, folder, modeClamps } = entry;
  if (typeof toolId !== 'string' || toolId === '') return 'has no toolId';
  if (typeof version !== 'string') return 'has no version';
  if (!isPlainObject(definition) || definition['name'] !== toolId || definition['version'] !== version) return 'has a definition that does not match its toolId and version';
  if (typeof summary !== 'string' || typeof documentation !== 'string') return 'lacks its summary or documentation';
  if (typeof folder !== 'string') return 'has no folder';
  if (!isPlainObject(handler)) return 'has no handler';
  if (typeof handler['path'] !== 'string' || handler['path'] === '' || handler['path'].startsWith('/') || /^[a-zA-Z]:/.test(handler['path'])) {
    return 'has a handler path that is not relative to the artifact';
  }
  if (typeof handler['sha256'] !== 'string' || !SHA256.test(handler['sha256'])) return 'has no handler sha256';
  if (handler['language'] !== 'js' && handler['language'] !== 'ts') return 'has a handler language other than js or ts';
  if (entry['extends'] !== undefined && typeof entry['extends'] !== 'string') return 'has a non-string extends';
  if (modeClamps !== undefined && !isModeClamps(modeClamps)) return 'has malformed modeClamps';
  return undefined;
}

function isModeClamps(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(
    ([mode, limits]) =>
      (INTERACTION_MODES as readonly string[]).includes(mode) &&
      isPlainObject(limits) &&
      Object.values(limits).every((maximum) => typeof maximum === 'number' && Number.isFinite(maximum)),
  );
}
