import type { TextCallFormat } from '@acode/domain';
import { leadingNameState, TextCallTriggers } from '../tool-calls/content/text-call-triggers.js';

/**
 * The text of a streamed answer, forwarded as it arrives except what may be a call written in
 * the text (issue 15 item 5): from the first trigger of an enabled text-call format (`<`, `[`,
 * `{`, a code fence...) the rest is held until the answer is decided, and so are the last few
 * characters of a piece that may begin a longer trigger. Functionary's unmarked first call
 * (`NAME\n{...}` at the very start) is waited for while the text may still become one. The
 * gateway sends the held part, without the calls found in it, when the answer is decided
 * ({@link unsentContent}). These are the same triggers the AI SDK middleware holds text on.
 */
export class ContentHoldback {
  readonly #triggers: TextCallTriggers | undefined;
  readonly #names: readonly string[];
  readonly #forward: (text: string) => void;
  #sent = '';
  #partial = '';
  #holding = false;
  /** All text so far while Functionary's leading name is still possible; `undefined` once it is not. */
  #leading: string | undefined;

  /**
   * @param formats the parser's text-call formats (every known one when `undefined`); `false` when
   *   calls are not looked for in the text at all (`extract_from_content: false`): nothing is held.
   * @param names the request's tool names, for Functionary's unmarked first call.
   */
  constructor(formats: readonly TextCallFormat[] | undefined | false, names: readonly string[], forward: (text: string) => void) {
    this.#triggers = formats === false ? undefined : new TextCallTriggers(formats);
    this.#names = names;
    this.#forward = forward;
    this.#leading = formats === false || (formats !== undefined && !formats.includes('functionary')) ? undefined : '';
  }

  /** The text forwarded so far. */
  get sent(): string {
    return this.#sent;
  }

  /** Takes the next piece of the answer's text. */
  push(text: string): void {
    if (this.#holding || text === '') return;
    if (this.#triggers === undefined) return this.#send(text);
    if (this.#leading !== undefined) {
      this.#leading += text;
      const state = leadingNameState(this.#leading, this.#names);
      if (state === 'trigger') {
        this.#holding = true;
        return;
      }
      if (state === 'wait') return;
      text = this.#leading;
      this.#leading = undefined;
    }
    const buffer = this.#partial + text;
    const scan = this.#triggers.scan(buffer);
    if (scan.at !== -1) {
      this.#holding = true;
      this.#partial = '';
      return this.#send(buffer.slice(0, scan.at));
    }
    this.#partial = buffer.slice(buffer.length - scan.partial);
    this.#send(buffer.slice(0, buffer.length - scan.partial));
  }

  /**
   * What the client still has to receive of `content` (the decided answer's text, calls removed),
   * given what was forwarded. The parser trims the text around a call it removes, so the text
   * sent may differ from the decided text by white space at its ends; it is never sent twice.
   */
  unsentContent(content: string): string {
    const sent = this.#sent;
    if (content.startsWith(sent)) return content.slice(sent.length);
    const trimmed = sent.trimStart();
    if (content.startsWith(trimmed)) return content.slice(trimmed.length);
    return '';
  }

  #send(text: string): void {
    if (text === '') return;
    this.#sent += text;
    this.#forward(text);
  }
}
