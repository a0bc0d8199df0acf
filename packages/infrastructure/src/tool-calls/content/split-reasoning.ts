/** The visible text and the reasoning of one assistant message. */
export interface ReasoningSplit {
  /** The text without its reasoning blocks. */
  readonly content: string;
  /** The reasoning, blocks joined by a blank line; empty when there was none. */
  readonly reasoning: string;
}

/**
 * The reasoning markers chat templates use: DeepSeek R1, Qwen3, GLM and most others `<think>`;
 * Seed-OSS `<seed:think>`; Kimi `◁think▷`; Command R7B `<|START_THINKING|>`; gpt-oss harmony's
 * analysis channel (`<|channel|>analysis<|message|>...<|end|>`).
 */
const REASONING_MARKERS: ReadonlyArray<{ readonly open: string; readonly close: string; readonly orphanClose?: false }> = Object.freeze([
  { open: '<think>', close: '</think>' },
  { open: '<seed:think>', close: '</seed:think>' },
  { open: '\u25c1think\u25b7', close: '\u25c1/think\u25b7' },
  { open: '<|START_THINKING|>', close: '<|END_THINKING|>' },
  // Harmony's `<|end|>` also ends commentary and final messages, and its template never opens the
  // analysis channel in the prompt: a lone `<|end|>` is not the end of reasoning. The form with
  // `<|start|>assistant` goes first so that no dangling header is left behind.
  { open: '<|start|>assistant<|channel|>analysis<|message|>', close: '<|end|>', orphanClose: false },
  { open: '<|channel|>analysis<|message|>', close: '<|end|>', orphanClose: false },
]);

/**
 * Takes the reasoning out of an assistant's text (issue 12 item 3), so that no call is ever read
 * from it: every `<think>...</think>` block (and the other templates' markers); an opening marker
 * never closed makes the rest of the text reasoning; a closing marker with no opening one (the
 * template opened it in the prompt) makes everything before it reasoning. Linear: one indexOf
 * scan per marker kind.
 */
export function splitReasoning(text: string): ReasoningSplit {
  let content = text;
  const reasoning: string[] = [];
  for (const { open, close, orphanClose } of REASONING_MARKERS) {
    if (!content.includes(open) && (orphanClose === false || !content.includes(close))) continue;
    const kept: string[] = [];
    let cursor = 0;
    // A close before any open: the template opened the block before the model's first token.
    const firstOpen = content.indexOf(open);
    const firstClose = content.indexOf(close);
    if (orphanClose !== false && firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
      reasoning.push(content.slice(0, firstClose));
      cursor = firstClose + close.length;
    }
    for (let at = content.indexOf(open, cursor); at !== -1; at = content.indexOf(open, cursor)) {
      kept.push(content.slice(cursor, at));
      const end = content.indexOf(close, at + open.length);
      if (end === -1) {
        reasoning.push(content.slice(at + open.length));
        cursor = content.length;
        break;
      }
      reasoning.push(content.slice(at + open.length, end));
      cursor = end + close.length;
    }
    kept.push(content.slice(cursor));
    content = kept.join('');
  }
  if (reasoning.length === 0) return { content: text, reasoning: '' };
  return { content: content.trim(), reasoning: reasoning.map((part) => part.trim()).filter((part) => part.length > 0).join('\n\n') };
}
