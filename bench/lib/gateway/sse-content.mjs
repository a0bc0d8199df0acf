// @ts-check
/**
 * Finds the first content of an OpenAI chat stream as its bytes arrive: the first complete
 * `data:` event whose `choices[].delta.content` is a non-empty string. The opening event
 * (`{"role":"assistant","content":""}`) carries no content and does not count.
 */

/**
 * A scanner fed the stream's text chunk by chunk; it answers true from the chunk that completes
 * the first event with content on. Events split across chunks are joined first.
 *
 * @returns {(chunk: string) => boolean}
 */
export function contentEventScanner() {
  let pending = '';
  let found = false;
  return (chunk) => {
    if (found) return true;
    pending += chunk;
    // Events end with a blank line; `\r\n` line ends are allowed by the SSE format.
    const normalised = pending.replace(/\r\n/g, '\n');
    const events = normalised.split('\n\n');
    pending = events.pop() ?? '';
    found = events.some(hasContent);
    return found;
  };
}

/**
 * @param {string} event One SSE event, without its closing blank line.
 * @returns {boolean}
 */
export function hasContent(event) {
  const data = event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (data === '' || data === '[DONE]') return false;
  let value;
  try {
    value = JSON.parse(data);
  } catch {
    return false;
  }
  const choices = value !== null && typeof value === 'object' && Array.isArray(value.choices) ? value.choices : [];
  return choices.some((/** @type {unknown} */ choice) => {
    if (choice === null || typeof choice !== 'object' || !('delta' in choice)) return false;
    const delta = choice.delta;
    return delta !== null && typeof delta === 'object' && 'content' in delta && typeof delta.content === 'string' && delta.content !== '';
  });
}
