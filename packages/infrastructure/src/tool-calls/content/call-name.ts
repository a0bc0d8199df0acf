/** Longest tool name read from a marker; longer text after a marker is not a name. */
export const MAX_CALL_NAME_LENGTH = 128;

const NAME_CHARACTER = /^[A-Za-z0-9_.:-]$/;

/**
 * True when `text` can be the tool name a template writes after its marker (`<function=NAME>`,
 * `[TOOL_CALLS]NAME[ARGS]`, `<tool_call>NAME` of GLM): letters, digits, `_ . : -`, at most
 * {@link MAX_CALL_NAME_LENGTH} characters. Prose (spaces, punctuation) is not, so a marker
 * followed by a sentence stays text. An unknown name that passes is still a call, refused later.
 */
export function isCallName(text: string): boolean {
  if (text.length === 0 || text.length > MAX_CALL_NAME_LENGTH) return false;
  for (const character of text) if (!NAME_CHARACTER.test(character)) return false;
  return true;
}
