import type { AnswerMemory } from '@acode/application';
import type { TextCallFormat } from '@acode/domain';
import { PieceBuffer } from '../streaming/piece-buffer.js';
import { leadingNameState, TextCallTriggers } from '../tool-calls/content/text-call-triggers.js';

/** Most whitespace held back before a possible call: past it, a run of blanks goes out (bounded memory). */
const MAX_HELD_BLANK = 256;

/** Length of the run of whitespace ending at `end` in `text`, up to {@link MAX_HELD_BLANK}. */
function trailingBlank(text: string, end: number): number {
  let at = end;
  while (at > 0 && end - at < MAX_HELD_BLANK && /\s/.test(text[at - 1] as string)) at--;
  return end - at;
}

/**
 * The text of a streamed answer, forwarded as it arrives except what may be a call written in
 * the text: from the first trigger of an enabled text-call format (`<`, `[`, `{`, a code
 * fence...) the rest is held until the answer is decided, and so are the last few characters of
 * a piece that may begin a longer trigger. Functionary's unmarked first call (`NAME\n{...}` at
 * the very start) is waited for while the text may still become one. Only the text not forwarded
 * is kept ({@link unsent}), claimed from the answer's memory: text that went out costs nothing,
 * so a long answer streams through in bounded memory. The gateway parses the unsent text when
 * the answer is decided and sends what is left of it without the calls found in it. These are
 * the same triggers the AI SDK middleware holds text on.
 */
export class ContentHoldback {
  readonly #triggers: TextCallTriggers | undefined;
  readonly #names: readonly string[];
  readonly #forward: (text: string) => void;
  readonly #memory: AnswerMemory | undefined;
  /** The held text, from the trigger on. */
  readonly #held = new PieceBuffer();
  #partial = '';
  #holding = false;
  #sentCharacters = 0;
  #spoke = false;
  /** All text so far while Functionary's leading name is still possible; `undefined` once it is not. */
  #leading: string | undefined;

  /**
   * @param formats the parser's text-call formats (every known one when `undefined`); `false` when
   *   calls are not looked for in the text at all (`extract_from_content: false`): nothing is held.
   * @param names the request's tool names, for Functionary's unmarked first call.
   * @param memory where the held text is claimed; a claim past its limit throws (the answer is cut).
   */
  constructor(formats: readonly TextCallFormat[] | undefined | false, names: readonly string[], forward: (text: string) => void, memory?: AnswerMemory) {
    this.#triggers = formats === false ? undefined : new TextCallTriggers(formats);
    this.#names = names;
    this.#forward = forward;
    this.#memory = memory;
    // Functionary's `NAME\n` and a bare pythonic `NAME(` both open the message unmarked.
    this.#leading = formats === false || (formats !== undefined && !formats.includes('functionary') && !formats.includes('pythonic')) ? undefined : '';
  }

  /** True once text that is not blank went out: what is still held is then the end of a message, not all of it. */
  get spoke(): boolean {
    return this.#spoke;
  }

  /** Characters forwarded so far. */
  get sentCharacters(): number {
    return this.#sentCharacters;
  }

  /**
   * The text pushed and not forwarded, in order: what the answer's calls may be written in. The
   * forwarded text holds no trigger, so no call can start in it.
   */
  get unsent(): string {
    return `${this.#leading ?? ''}${this.#partial}${this.#held.text()}`;
  }

  /** Takes the next piece of the answer's text. */
  push(text: string): void {
    if (text === '') return;
    if (this.#holding) return this.#hold(text);
    if (this.#triggers === undefined) return this.#send(text);
    if (this.#leading !== undefined) {
      this.#memory?.claim(text.length);
      this.#leading += text;
      const state = leadingNameState(this.#leading, this.#names);
      if (state === 'trigger') {
        this.#holding = true;
        this.#held.push(this.#leading);
        this.#leading = undefined;
        return;
      }
      if (state === 'wait') return;
      text = this.#leading;
      this.#memory?.release(text.length);
      this.#leading = undefined;
    }
    const buffer = this.#partial + text;
    const scan = this.#triggers.scan(buffer);
    if (scan.at !== -1) {
      this.#holding = true;
      this.#partial = '';
      // The blank before a call goes with it: the answer's text then ends as it would unstreamed (trimmed where a call was taken).
      const cut = scan.at - trailingBlank(buffer, scan.at);
      this.#send(buffer.slice(0, cut));
      return this.#hold(buffer.slice(cut));
    }
    // A trailing blank is kept back too (a few characters at most), since a call may follow it.
    const keep = scan.partial + trailingBlank(buffer, buffer.length - scan.partial);
    this.#partial = buffer.slice(buffer.length - keep);
    this.#send(buffer.slice(0, buffer.length - keep));
  }

  #hold(text: string): void {
    this.#memory?.claim(text.length);
    this.#held.push(text);
  }

  #send(text: string): void {
    if (text === '') return;
    this.#sentCharacters += text.length;
    this.#spoke ||= /\S/.test(text);
    this.#forward(text);
  }
}
