// @ts-check
/**
 * Finds the first content of a stream as its bytes arrive: the first complete SSE event that
 * carries text of the answer, in the shape of the route's client:
 *
 * - OpenAI chat ({@link hasContent}): a `data:` event whose `choices[].delta.content` is a
 *   non-empty string. The opening event (`{"role":"assistant","content":""}`) carries no content
 *   and does not count.
 * - Anthropic Messages ({@link hasAnthropicText}): a `content_block_delta` whose delta is a
 *   non-empty `text_delta` (not `message_start`, `content_block_start` nor `ping`).
 * - OpenAI Responses ({@link hasResponsesText}): a `response.output_text.delta` with a non-empty
 *   `delta` (not `response.created`, `response.in_progress` nor the item and part openings).
 */

/**
 * A predicate on one SSE event (its lines, without the closing blank line).
 *
 * @typedef {(event: string) => boolean} ContentTest
 */

/**
 * A scanner fed the stream's text chunk by chunk; it answers true from the chunk that completes
 * the first event `isContent` accepts on. Events split across chunks are joined first.
 *
 * @param {ContentTest} [isContent] OpenAI chat's {@link hasContent} unless told.
 * @returns {(chunk: string) => boolean}
 */
export function contentEventScanner(isContent = hasContent) {
  let pending = '';
  let found = false;
  return (chunk) => {
    if (found) return true;
    pending += chunk;
    // Events end with a blank line; `\r\n` line ends are allowed by the SSE format.
    const normalised = pending.replace(/\r\n/g, '\n');
    const events = normalised.split('\n\n');
    pending = events.pop() ?? '';
    found = events.some(isContent);
    return found;
  };
}

/**
 * The JSON of an event's `data:` lines, `undefined` when it has none, `[DONE]` or no JSON.
 *
 * @param {string} event
 * @returns {unknown}
 */
function eventData(event) {
  const data = event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (data === '' || data === '[DONE]') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * OpenAI chat: an event with a non-empty `choices[].delta.content`.
 *
 * @type {ContentTest}
 */
export function hasContent(event) {
  const value = eventData(event);
  const choices = value !== null && typeof value === 'object' && 'choices' in value && Array.isArray(value.choices) ? value.choices : [];
  return choices.some((/** @type {unknown} */ choice) => {
    if (choice === null || typeof choice !== 'object' || !('delta' in choice)) return false;
    const delta = choice.delta;
    return delta !== null && typeof delta === 'object' && 'content' in delta && typeof delta.content === 'string' && delta.content !== '';
  });
}

/**
 * Anthropic Messages: a `content_block_delta` event with a non-empty `text_delta`.
 *
 * @type {ContentTest}
 */
export function hasAnthropicText(event) {
  const value = /** @type {{ type?: unknown, delta?: { type?: unknown, text?: unknown } } | undefined} */ (eventData(event));
  if (value === null || typeof value !== 'object' || value.type !== 'content_block_delta') return false;
  const delta = value.delta;
  return delta !== null && typeof delta === 'object' && delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '';
}

/**
 * OpenAI Responses: a `response.output_text.delta` event with a non-empty `delta`.
 *
 * @type {ContentTest}
 */
export function hasResponsesText(event) {
  const value = /** @type {{ type?: unknown, delta?: unknown } | undefined} */ (eventData(event));
  return value !== null && typeof value === 'object' && value.type === 'response.output_text.delta' && typeof value.delta === 'string' && value.delta !== '';
}
