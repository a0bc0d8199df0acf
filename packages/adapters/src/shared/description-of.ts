import { MAX_DESCRIPTION_LENGTH } from '@acode/domain';

/**
 * A description for a definition from a foreign one: trimmed, the `fallback` when it is empty or
 * absent, and cut to {@link MAX_DESCRIPTION_LENGTH} code points (ending in `…`) when longer, since
 * the registry refuses longer ones and the foreign tool's author cannot be asked to shorten it.
 */
export function descriptionOf(description: unknown, fallback: string): string {
  const text = typeof description === 'string' ? description.trim() : '';
  const chosen = text === '' ? fallback : text;
  const points = Array.from(chosen);
  return points.length <= MAX_DESCRIPTION_LENGTH ? chosen : `${points.slice(0, MAX_DESCRIPTION_LENGTH - 1).join('').trimEnd()}…`;
}
