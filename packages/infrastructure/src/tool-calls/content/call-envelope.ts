import { isJsonObjectLike, readProperty } from '../formats/read-property.js';
import type { ExtractionContext } from './content-span.js';

/**
 * `{"name": <a declared tool>, "arguments" | "parameters": ...}`: what JSON outside any call marker
 * must be to count as a call (issue 12: JSON that names no declared tool is text). One rule for
 * the dispatcher and the unmarked formats (bare JSON, xLAM), read through {@link readProperty} so
 * getters and prototypes never run.
 */
export function isDeclaredCallEnvelope(value: unknown, context: ExtractionContext): boolean {
  if (!isJsonObjectLike(value)) return false;
  const name = readProperty(value, 'name');
  return typeof name === 'string' && name.length > 0 && context.isKnownTool(name) && (readProperty(value, 'arguments') !== undefined || readProperty(value, 'parameters') !== undefined);
}
