import { isArrayLike, isJsonObjectLike, readProperty } from '../formats/read-property.js';
import type { ExtractionContext } from './content-span.js';

/** The keys a call's arguments are written under, in the order they are looked for. */
const ARGUMENTS_KEYS = Object.freeze(['arguments', 'parameters', 'params']);

/**
 * The arguments of a call envelope: `arguments`, else `parameters` (Llama 3.x), else `params`
 * (written by prompted models of the Berkeley Function Calling Leaderboard and Gorilla);
 * `undefined` when it has none.
 */
export function envelopeArguments(value: unknown): unknown {
  for (const key of ARGUMENTS_KEYS) {
    const args = readProperty(value, key);
    if (args !== undefined) return args;
  }
  return undefined;
}

/**
 * `{"name": <a non-empty string>, "arguments" | "parameters" | "params": ...}`: the shape of a
 * call written as JSON, whatever the name. Read through {@link readProperty}, so getters and
 * prototypes never run.
 */
export function isCallEnvelope(value: unknown): boolean {
  if (!isJsonObjectLike(value)) return false;
  const name = readProperty(value, 'name');
  return typeof name === 'string' && name.length > 0 && envelopeArguments(value) !== undefined;
}

/**
 * `{"name": <a declared tool>, "arguments" | "parameters" | "params": ...}`: what JSON outside any
 * call marker must be to count as a call (issue 12: JSON that names no declared tool is text). One
 * rule for the dispatcher and the unmarked formats (bare JSON, xLAM).
 */
export function isDeclaredCallEnvelope(value: unknown, context: ExtractionContext): boolean {
  return isCallEnvelope(value) && context.isKnownTool(readProperty(value, 'name') as string);
}

/**
 * True when unmarked JSON holding these envelopes counts as calls: there is one at least, each is
 * a call envelope, and one at least names a declared tool. The others name tools the request did
 * not declare (Gorilla's `{"name": "no_function", ...}` beside a real call): they are calls the
 * parser refuses as unknown, so the model is told, and they never hide the real call.
 */
export function areUnmarkedCalls(envelopes: readonly unknown[], context: ExtractionContext): boolean {
  return envelopes.length > 0 && envelopes.every(isCallEnvelope) && envelopes.some((envelope) => isDeclaredCallEnvelope(envelope, context));
}

/**
 * The call envelopes a decoded JSON value holds: the items of an array, the items of a
 * whole-message wrapper `{"tool_calls": [...]}` (OpenAI's `{"function": {...}}` items unwrapped),
 * or the value itself. One level of either inside an array is opened too, so a run of bare values
 * (`[{...}] {...}`, read as one array) gives its calls.
 */
export function callEnvelopes(value: unknown): readonly unknown[] {
  if (!isArrayLike(value)) return wrappedCalls(value) ?? [value];
  return value.flatMap((item: unknown) => (isArrayLike(item) ? [...item] : (wrappedCalls(item) ?? [item])));
}

/** The items of a `{"tool_calls": [...]}` wrapper, or `undefined` when the value is not one. */
function wrappedCalls(value: unknown): readonly unknown[] | undefined {
  const wrapped = readProperty(value, 'name') === undefined ? readProperty(value, 'tool_calls') : undefined;
  if (!isArrayLike(wrapped) || wrapped.length === 0) return undefined;
  return wrapped.map((item) => {
    const inner = readProperty(item, 'function');
    return readProperty(item, 'name') === undefined && isJsonObjectLike(inner) ? inner : item;
  });
}
