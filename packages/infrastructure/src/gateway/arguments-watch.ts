/** A top-level member of streamed arguments, told once it is complete. */
export type WatchedMember =
  /** The key and its `:` arrived: the property's name is settled. */
  | { readonly kind: 'key'; readonly key: string; readonly end: number }
  /** The value ended (a `,` or the closing `}` followed it): `value` is its parsed JSON. */
  | { readonly kind: 'value'; readonly key: string; readonly value: unknown; readonly end: number };

/*
 * `end` is the offset, in the whole text pushed so far, just past the member: the text up to it
 * and a closing `}` (after a key, `null}`) is the object so far, for a caller that must say
 * which member made the call fail.
 */

/**
 * Longest key or value text watched. A longer one is not judged early (the watch gives up and the
 * call is judged whole when it ends): the text built a character at a time must stay small, or a
 * hostile stream could make the watch cost many times what the call itself does.
 */
export const MAX_WATCHED_TEXT = 4096;

type Phase = 'start' | 'before-key' | 'key' | 'after-key' | 'before-value' | 'value' | 'after-value' | 'done' | 'gave-up';

/**
 * Reads a tool call's arguments text as its pieces stream in and tells each top-level member of
 * the object once it is complete, so a call that can no longer validate is seen before it ends
 * (issue 15 item 6). It reads strict JSON only: at the first character that is not (single
 * quotes, a bare key, a comment, anything a repair might read another way) it gives up and tells
 * nothing more, because only text with one reading may stop a call early. Each character is
 * examined once; only the current value's text is kept.
 */
export class ArgumentsWatch {
  #phase: Phase = 'start';
  #key = '';
  #text = '';
  #inString = false;
  #escaped = false;
  #depth = 0;
  #offset = 0;

  /** True once the watch stopped reading: the object ended, or the text left strict JSON. */
  get finished(): boolean {
    return this.#phase === 'done' || this.#phase === 'gave-up';
  }

  /** Reads the next piece; returns the members it completed, in order. */
  push(piece: string): WatchedMember[] {
    const members: WatchedMember[] = [];
    for (let i = 0; i < piece.length && !this.finished; i++) {
      this.#read(piece[i]!, members);
      this.#offset++;
      if (this.#text.length > MAX_WATCHED_TEXT) this.#giveUp();
    }
    return members;
  }

  #read(ch: string, members: WatchedMember[]): void {
    switch (this.#phase) {
      case 'start':
        if (ch === '{') this.#phase = 'before-key';
        else if (!isSpace(ch)) this.#giveUp();
        return;
      case 'before-key':
        if (ch === '"') {
          this.#phase = 'key';
          this.#text = '"';
        } else if (ch === '}' && this.#key === '') this.#phase = 'done';
        else if (!isSpace(ch)) this.#giveUp();
        return;
      case 'key':
        this.#text += ch;
        if (this.#escaped) this.#escaped = false;
        else if (ch === '\\') this.#escaped = true;
        else if (ch === '"') this.#phase = 'after-key';
        return;
      case 'after-key':
        if (ch === ':') {
          const key = parseJson(this.#text);
          if (typeof key !== 'string') return this.#giveUp();
          this.#key = key;
          this.#text = '';
          this.#phase = 'before-value';
          members.push({ kind: 'key', key, end: this.#offset + 1 });
        } else if (!isSpace(ch)) this.#giveUp();
        return;
      case 'before-value':
        if (isSpace(ch)) return;
        this.#phase = 'value';
        return this.#readValue(ch, members);
      case 'value':
        return this.#readValue(ch, members);
      case 'after-value':
        if (ch === ',') this.#phase = 'before-key';
        else if (ch === '}') this.#phase = 'done';
        else if (!isSpace(ch)) this.#giveUp();
        return;
      default:
        return;
    }
  }

  #readValue(ch: string, members: WatchedMember[]): void {
    if (this.#inString) {
      this.#text += ch;
      if (this.#escaped) this.#escaped = false;
      else if (ch === '\\') this.#escaped = true;
      else if (ch === '"') {
        this.#inString = false;
        if (this.#depth === 0) this.#endValue(members, 'after-value', 1);
      }
      return;
    }
    if (this.#depth === 0 && (ch === ',' || ch === '}')) {
      this.#endValue(members, ch === ',' ? 'before-key' : 'done', 0);
      return;
    }
    if (this.#depth === 0 && isSpace(ch) && this.#text !== '') {
      // A scalar ended by space: the `,` or `}` still has to come.
      this.#endValue(members, 'after-value', 0);
      return;
    }
    this.#text += ch;
    if (ch === '"') this.#inString = true;
    else if (ch === '{' || ch === '[') this.#depth++;
    else if (ch === '}' || ch === ']') {
      this.#depth--;
      if (this.#depth < 0) return this.#giveUp();
      if (this.#depth === 0) this.#endValue(members, 'after-value', 1);
    }
  }

  /** `past` is 1 when the current character is the value's last, 0 when it is the delimiter after it. */
  #endValue(members: WatchedMember[], next: Phase, past: 0 | 1): void {
    const value = parseJson(this.#text);
    if (value === NOT_JSON) return this.#giveUp();
    members.push({ kind: 'value', key: this.#key, value, end: this.#offset + past });
    this.#text = '';
    this.#phase = next;
  }

  #giveUp(): void {
    this.#phase = 'gave-up';
    this.#text = '';
  }
}

const NOT_JSON: unique symbol = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t';
}
