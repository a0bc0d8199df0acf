import { REDACTED } from '../tool-calls/scrub-secrets.js';
import { formMayBeginAt, redactSecretForms, type SecretForms } from './secret-forms.js';

/**
 * Redacts the forms of secrets from text that arrives in pieces (Latin-1, one character per
 * byte), without holding the whole text: each piece gives out everything decided, and keeps only
 * the tail that may still be the beginning of a form, so a secret cut between two pieces is still
 * caught. That tail is never longer than the longest form, and is empty when the text ends with
 * nothing that may begin one, so a stream is not delayed. Whatever the cuts, the pieces given out
 * join to {@link redactSecretForms} of the whole text.
 */
export class StreamingSecretRedactor {
  readonly #forms: SecretForms | undefined;
  #tail = '';

  constructor(forms: SecretForms | undefined) {
    this.#forms = forms;
  }

  /** The text decided once `piece` is added: itself, redacted, up to what may begin a form. */
  push(piece: string): string {
    const forms = this.#forms;
    if (forms === undefined) return piece;
    const text = this.#tail + piece;
    let out = '';
    let from = 0;
    // Where a form may begin that the text so far cannot finish (its length when there is none).
    let hold = -1;
    for (;;) {
      forms.whole.lastIndex = from;
      const found = forms.whole.exec(text);
      const start = found === null ? text.length : found.index;
      if (hold < from) hold = formMayBeginAt(text, from, forms);
      // A form that may still begin before the next whole one (or at it, longer) decides nothing past its start.
      if (hold <= start && hold < text.length) {
        this.#tail = text.slice(hold);
        return out + text.slice(from, hold);
      }
      if (found === null) {
        this.#tail = '';
        return out + text.slice(from);
      }
      out += text.slice(from, start) + REDACTED;
      from = start + found[0].length;
    }
  }

  /** The rest at the end of the text: the held tail, redacted. */
  end(): string {
    const rest = redactSecretForms(this.#tail, this.#forms);
    this.#tail = '';
    return rest;
  }
}
