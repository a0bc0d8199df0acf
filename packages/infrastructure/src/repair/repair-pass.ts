import type { RepairName } from '@acode/domain';
import type { HeuristicTable } from './heuristic-table.js';
import { describeChar, isDigit, isHexDigit, isJsonWhitespace, isWordChar, isWordStart, scanNumber, scanWord, skipJsonWhitespace } from './json-lexemes.js';
import { RepairOutput } from './repair-output.js';
import type { ContainerOpener, TriviaPlace } from './repair-heuristic.js';
import { classifyQuoteFollow, commaLeadsToKey, isWordInternal } from './quote-follow.js';

/** What one pass made of the text: the candidate and the repairs applied, or why it stopped. */
export type RepairPassOutcome =
  | { readonly ok: true; readonly text: string; readonly repairs: readonly RepairName[] }
  | {
      readonly ok: false;
      /** True when the pass stopped because the deadline passed. */
      readonly timedOut: boolean;
      /** Lower-case phrase a model or user can act on. */
      readonly message: string;
      /** Offset in the input where the pass stopped. */
      readonly position: number;
    };

type Failure = Extract<RepairPassOutcome, { ok: false }>;

/**
 * Characters between deadline checks: the clock is read at most once per this much progress.
 * 1024 (was 4096, issue 13): a clock read costs well under a microsecond, and the gap between
 * checks is what a timed-out repair can overshoot its budget by.
 */
export const DEADLINE_CHECK_INTERVAL = 1024;

// Grammar states.
const VALUE = 0; // a value must follow: at the root, after ':', after ',' in an array
const VALUE_OR_CLOSE = 1; // just after '['
const KEY = 2; // just after ',' in an object
const KEY_OR_CLOSE = 3; // just after '{'
const COLON = 4; // just after a property name
const AFTER_VALUE = 5; // ',' or a closer must follow, or the end of the text at the root

const OBJECT = 0;
const ARRAY = 1;

const ESCAPABLE = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]); // " \ / b f n r t
const LITERALS = new Set(['true', 'false', 'null']);
/** JSON's short escapes of the control characters that have one; the others are written \u00XX. */
const CONTROL_ESCAPES: Readonly<Record<number, string>> = Object.freeze({ 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r' });
const LITERAL_PREFIXES = ['true', 'false', 'null', 'True', 'False', 'None'];
/** Words that read as a value of their own: with a quote after them, a stray quote is as likely as a lost one. */
const NOT_UNOPENED = new Set([...LITERAL_PREFIXES, 'NaN', 'Infinity', 'undefined']);

/**
 * Runs the single repair pass over `text`: one left-to-right scan with an explicit container stack
 * (no recursion), consulting `table`'s heuristics at their decision points. Linear in the text;
 * `isExpired` is consulted, with the position reached, once every {@link DEADLINE_CHECK_INTERVAL}
 * characters, and between blocks of the final join of the output (see `RepairOutput.finish`).
 */
export function runRepairPass(text: string, table: HeuristicTable, isExpired: (position: number) => boolean): RepairPassOutcome {
  return new RepairPass(text, table, isExpired).run();
}

/** The state of one pass; a class because the decision points share it. */
class RepairPass {
  private readonly out: RepairOutput;
  private readonly repairs: RepairName[] = [];
  /** The open containers, innermost last. */
  private readonly kinds: number[] = [];
  /** Per open container: the output slot where its current member or element begins. */
  private readonly memberMarks: number[] = [];
  private state = VALUE;
  private rootSeen = false;
  /** Slot of the latest ',' written, and where it stood in the input. */
  private commaSlot = -1;
  private commaPosition = -1;
  /** Output slot right after the latest complete value: where a missing ',' or closer goes. */
  private valueEndSlot = 0;
  private nextCheck = DEADLINE_CHECK_INTERVAL;
  /** The closer (`}` or `]`) of the latest value when it was a nested container, else 0. */
  private lastCloser = 0;
  /** The latest string was ended by a quote before the next value, a `,` missing between them. */
  private endedByGuess = false;
  /** The current member or item follows a `,` the pass inserted (`missingComma`), not one the text holds. */
  private afterInsertedComma = false;
  /** Whether the text is laid out without a space after `:` or `,` somewhere; see {@link compactLayout}. */
  private compact: boolean | undefined;
  /** True once a string was read without its opening quote: no unclosed container may then be closed (two readings). */
  private unopenedTaken = false;
  /** Closers of nested containers that a `,` followed: a stray closer of that kind at the end is ambiguous. */
  private readonly continuedAfterClose = new Set<number>();

  constructor(
    private readonly text: string,
    private readonly table: HeuristicTable,
    private readonly isExpired: (position: number) => boolean,
  ) {
    this.out = new RepairOutput(text);
  }

  run(): RepairPassOutcome {
    const { text } = this;
    let i = 0;
    for (;;) {
      if (i >= this.nextCheck && this.deadlinePassed(i)) return this.timeout(i);
      i = skipJsonWhitespace(text, i);
      if (i >= text.length) return this.end();
      const next = this.step(i, text.charCodeAt(i));
      if (typeof next !== 'number') return next;
      i = next;
    }
  }

  private step(i: number, code: number): number | Failure {
    switch (this.state) {
      case AFTER_VALUE:
        return this.afterValue(i, code);
      case COLON:
        if (code === 0x3a) {
          this.state = VALUE;
          return i + 1;
        }
        return this.trySkip(i) ?? this.fail(`expected ':' after a property name but found ${describeChar(this.text, i)}`, i);
      case KEY:
      case KEY_OR_CLOSE:
        return this.key(i, code);
      default:
        return this.value(i, code);
    }
  }

  // --- decision points -------------------------------------------------------------------------

  private value(i: number, code: number): number | Failure {
    const { text } = this;
    const top = this.kinds.length - 1;
    if (code === 0x7b || code === 0x5b) return this.open(i, code === 0x7b ? OBJECT : ARRAY);
    if (code === 0x22) return this.string(i, 0x22, false, undefined);
    if ((code === 0x7d || code === 0x5d) && top >= 0 && (this.state === VALUE_OR_CLOSE || this.kinds[top] === ARRAY)) {
      return this.close(i, code);
    }
    if (code === 0x2d || isDigit(code)) {
      const scan = scanNumber(text, i);
      if (scan.kind === 'number') return this.valueEnded(scan.end);
      if (scan.kind === 'truncated' && top >= 0) return text.length; // an unfinished number is dropped at the end
      return this.fail(scan.kind === 'invalid' ? scan.reason : 'unexpected end of input inside a number', scan.kind === 'invalid' ? scan.position : text.length);
    }
    const delimited = this.delimiter(i);
    if (delimited !== undefined) return this.string(i, delimited.closer, false, delimited.name);
    if (isWordStart(code)) {
      const end = scanWord(text, i);
      const word = text.slice(i, end);
      if (LITERALS.has(word)) return this.valueEnded(end);
      for (const { name, hook } of this.table.bareValue) {
        const literal = hook(word);
        if (literal === undefined) continue;
        this.out.drop(i, end);
        this.out.push(literal);
        this.record(name);
        return this.valueEnded(end);
      }
      // A literal the text cuts off (`tru`) is dropped at the end, with its key.
      if (end === text.length && top >= 0 && LITERAL_PREFIXES.some((literal) => literal.startsWith(word))) return end;
      if (top >= 0 && !NOT_UNOPENED.has(word)) {
        const unopened = this.unopenedString(i);
        if (unopened !== undefined) return unopened;
      }
    }
    if (code === 0x5c && top >= 0) {
      const escaped = this.escapedString(i, false);
      if (escaped !== undefined) return escaped;
    }
    return this.trySkip(i) ?? this.fail(this.unexpectedValue(i, code), i);
  }

  private key(i: number, code: number): number | Failure {
    const { text } = this;
    if (code === 0x22) return this.string(i, 0x22, true, undefined);
    if (code === 0x7d || code === 0x5d) return this.close(i, code);
    const delimited = this.delimiter(i);
    if (delimited !== undefined) return this.string(i, delimited.closer, true, delimited.name);
    if (isWordChar(code)) {
      const end = scanWord(text, i);
      const word = text.slice(i, end);
      const quoting = this.table.bareKey.find(({ hook }) => hook(word));
      if (quoting !== undefined) {
        this.out.drop(i, end);
        this.out.push(`"${word}"`);
        this.record(quoting.name);
        this.state = COLON;
        return end;
      }
    }
    if (code === 0x5c) {
      const escaped = this.escapedString(i, true);
      if (escaped !== undefined) return escaped;
    }
    const reason = code === 0x27 ? 'property names must use double quotes, not single quotes' : isWordChar(code) ? 'property names must be quoted' : `expected a property name but found ${describeChar(text, i)}`;
    return this.trySkip(i) ?? this.fail(reason, i);
  }

  private afterValue(i: number, code: number): number | Failure {
    const { text } = this;
    const top = this.kinds.length - 1;
    if (top < 0) {
      if ((code === 0x7d || code === 0x5d) && this.continuedAfterClose.has(code)) {
        // `{"a": {"b": 1}, "c": 2}}`: the stray closer may be this one or the one after `1`, which would put `c` inside `a`.
        return this.fail(`a stray '${text[i]}' after the JSON value could equally belong earlier in it`, i);
      }
      return this.trySkip(i) ?? this.fail(`unexpected ${describeChar(text, i)} after the end of the JSON value`, i);
    }
    const inObject = this.kinds[top] === OBJECT;
    if (code === 0x2c) {
      if (this.lastCloser !== 0) this.continuedAfterClose.add(this.lastCloser);
      this.out.copyTo(i);
      this.commaSlot = this.out.push(',');
      this.commaPosition = i;
      this.out.skipTo(i + 1);
      this.memberMarks[top] = this.commaSlot;
      this.state = inObject ? KEY : VALUE;
      this.afterInsertedComma = false;
      return i + 1;
    }
    if (code === 0x7d || code === 0x5d) return this.close(i, code);
    const skipped = this.trySkip(i);
    if (skipped !== undefined) return skipped;
    if (this.startsMember(i, code, inObject)) {
      const inserting = this.table.missingComma.find(({ hook }) => hook(text, i));
      if (inserting !== undefined) {
        if (this.lastCloser !== 0) this.continuedAfterClose.add(this.lastCloser);
        this.out.insertAt(this.valueEndSlot, ',');
        this.memberMarks[top] = this.valueEndSlot;
        this.afterInsertedComma = true;
        this.record(inserting.name);
        this.state = inObject ? KEY : VALUE;
        return i;
      }
    }
    return this.fail(`expected ',' or '${inObject ? '}' : ']'}' but found ${describeChar(text, i)}`, i);
  }

  /** Drops text the current place allows to drop (comments, fences, prose), if a heuristic knows it. */
  private trySkip(i: number): number | undefined {
    const place: TriviaPlace = this.kinds.length > 0 ? 'inner' : this.rootSeen ? 'trailing' : 'leading';
    for (const { name, hook } of this.table.skip) {
      const end = hook(this.text, i, place);
      if (end === undefined || end <= i) continue;
      this.record(name);
      if (place === 'inner') {
        this.out.drop(i, end);
        return end;
      }
      // Outside the value nothing is kept but the value: the whitespace around dropped text goes too.
      const after = skipJsonWhitespace(this.text, end);
      this.out.skipTo(after);
      return after;
    }
    return undefined;
  }

  // --- tokens ----------------------------------------------------------------------------------

  private open(i: number, kind: number): number {
    this.afterInsertedComma = false;
    this.kinds.push(kind);
    this.memberMarks.push(this.out.mark(i + 1));
    this.state = kind === OBJECT ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
    return i + 1;
  }

  /** A `}` or `]` at `i`: drops a trailing comma, closes inner containers it skips, closes its own. */
  private close(i: number, code: number): number | Failure {
    const closer = String.fromCharCode(code);
    const want = code === 0x7d ? OBJECT : ARRAY;
    const top = this.kinds.length - 1;
    const trailing = this.state === KEY || (this.state === VALUE && this.kinds[top] === ARRAY);
    if (trailing) {
      const dropping = this.table.trailingComma.find(({ hook }) => hook(closer));
      if (dropping === undefined) return this.fail(`trailing comma before '${closer}'`, this.commaPosition);
      this.out.blank(this.commaSlot);
      this.record(dropping.name);
    }
    let match = top;
    while (match >= 0 && this.kinds[match] !== want) match--;
    if (match < 0) return this.fail(`unexpected '${closer}': no open ${want === OBJECT ? 'object' : 'array'} to close`, i);
    if (match < top) {
      const slot = this.state === AFTER_VALUE || trailing ? this.valueEndSlot : this.out.mark(i);
      const closers = this.closersDownTo(match + 1);
      if (typeof closers !== 'string') return this.fail(`'${closer}' arrived while an inner ${closers.open === '{' ? 'object' : 'array'} was still open`, i);
      this.out.insertAt(slot, closers);
    }
    this.kinds.length = match;
    this.memberMarks.length = match;
    const end = this.valueEnded(i + 1);
    this.lastCloser = match > 0 ? code : 0;
    return end;
  }

  /**
   * The closers of the containers from the innermost down to `depth`, or the first container no
   * heuristic closes.
   */
  private closersDownTo(depth: number): string | { readonly open: ContainerOpener } {
    // A value that lost its opening quote may have started before the container did (`"a": [0,x"`
    // from `"a": "[0,x"`): a container the text never closes leaves two readings.
    if (this.unopenedTaken && this.kinds.length > depth) return { open: this.kinds[this.kinds.length - 1] === OBJECT ? '{' : '[' };
    let closers = '';
    for (let d = this.kinds.length - 1; d >= depth; d--) {
      const open: ContainerOpener = this.kinds[d] === OBJECT ? '{' : '[';
      let closer: string | undefined;
      for (const { name, hook } of this.table.unclosedContainer) {
        closer = hook(open);
        if (closer === undefined) continue;
        this.record(name);
        break;
      }
      if (closer === undefined) return { open };
      closers += closer;
    }
    return closers;
  }

  /**
   * A string from the delimiter at `start` to its closer `closerCode`. A string delimited by
   * another character than `"` (recorded as `name`) is rewritten with `"`.
   *
   * A quote that could close the string is judged by what follows it ({@link classifyQuoteFollow}).
   * Once one such quote was kept as content (`say "hi" now`), the string is held to a stricter end:
   * a `,` ends it only before a property name, and a following value, a `:`, or the end of the text
   * make the two readings (text or structure) equally plausible, so the pass refuses.
   */
  private string(start: number, closerCode: number, isKey: boolean, name: RepairName | undefined): number | Failure {
    const { text, out } = this;
    const n = text.length;
    const alternate = closerCode !== 0x22;
    if (alternate) {
      out.drop(start, start + 1);
      out.push('"');
      if (name !== undefined) this.record(name);
    }
    /** This string follows one that was ended by guess (a quote before the next value, no comma). */
    const afterGuess = this.endedByGuess;
    this.endedByGuess = false;
    /** Set once a quote that could have closed the string was kept as content. */
    let tookQuote = false;
    /** Set once any closing delimiter was kept as content, even inside a word (`it's`). */
    let passedCloser = false;
    /** Set once a raw control character was escaped: a cut-off JSON string holds none. */
    let escapedControl = false;
    let i = start + 1;
    for (;;) {
      if (i >= this.nextCheck && this.deadlinePassed(i)) return this.timeout(i);
      if (i >= n) {
        // Closing a string that passed over its own delimiter, a raw line break or a closing bracket
        // would hide a wrong turn taken there (the string should have ended earlier): a string the
        // end of the output cut off holds none of them, or the closer that follows says so.
        if (passedCloser || escapedControl || holdsCloser(text, start + 1, n)) {
          return this.fail(`a string that runs to the end of the input holds what reads as structure (opened at position ${start})`, n);
        }
        const closing = this.table.unterminatedString.find(({ hook }) => hook());
        if (closing === undefined) return this.fail(`unterminated string (opened at position ${start})`, n);
        out.copyTo(n);
        out.push('"');
        this.record(closing.name);
        return this.stringEnded(n, isKey);
      }
      const code = text.charCodeAt(i);
      if (code === closerCode) {
        const decision = this.judgeQuote(i, isKey, alternate, tookQuote);
        if (decision === 'end') {
          if (alternate) {
            out.drop(i, i + 1);
            out.push('"');
          }
          return this.stringEnded(i + 1, isKey);
        }
        if (decision === 'refuse') return this.fail('an unescaped quote inside a string could end it or belong to it', i);
        // A raw line break, then a quote kept as text: the line break may be the one between two items.
        // `"x",","y"`: a string whose text before the quote is only separators is the gap between two strings.
        if (decision === 'content_taken' && onlySeparators(text, start + 1, i)) return this.fail('an unescaped quote after only separators inside a string leaves two readings', i);
        if (decision === 'content_taken' && afterGuess) return this.fail('an unescaped quote in a string right after a missing comma leaves two readings', i);
        if (decision === 'content_taken' && escapedControl) return this.fail('an unescaped quote follows a raw control character inside a string', i);
        if (decision === 'content_taken') tookQuote = true;
        passedCloser = true;
        if (!alternate) {
          out.copyTo(i);
          out.push('\\');
          this.record('unescaped_inner_quotes');
        }
        i++;
        continue;
      }
      if (code === 0x22) {
        // A `"` inside a string delimited otherwise is content.
        out.copyTo(i);
        out.push('\\');
        i++;
        continue;
      }
      if (code === 0x5c) {
        const escape = this.escape(i, alternate ? closerCode : -1);
        if (typeof escape !== 'number') return escape;
        i = escape;
        continue;
      }
      if (code < 0x20) {
        // After a quote kept as text, a raw line break may as well be the one between two members.
        if (tookQuote) return this.fail('a raw control character follows an unescaped quote inside a string', i);
        const escaping = this.table.controlCharacter.find(({ hook }) => hook(code));
        if (escaping === undefined) return this.fail('unescaped control character in a string', i);
        out.copyTo(i);
        out.push(CONTROL_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`);
        out.skipTo(i + 1);
        this.record(escaping.name);
        escapedControl = true;
      }
      i++;
    }
  }

  /**
   * `\"text\"` at `start`, inside a container: a string whose quotes were escaped once too often
   * (`escapedQuote` hooks). Only when the text up to the next `\"` holds no backslash, quote or
   * control character (an escape in it could be meant once or twice) and that `\"` ends the
   * member: a `:` follows a property name; a closer, a `,` or the end of the text a value.
   * `undefined` where this reading does not hold: the caller goes on as before.
   */
  private escapedString(start: number, isKey: boolean): number | Failure | undefined {
    const { text, out } = this;
    if (text.charCodeAt(start + 1) !== 0x22) return undefined;
    const hook = this.table.escapedQuote.find(({ hook }) => hook());
    if (hook === undefined) return undefined;
    let i = start + 2;
    for (; i < text.length; i++) {
      if (i >= this.nextCheck && this.deadlinePassed(i)) return this.timeout(i);
      const code = text.charCodeAt(i);
      if (code === 0x5c) break;
      if (code === 0x22 || code < 0x20) return undefined;
    }
    if (text.charCodeAt(i) !== 0x5c || text.charCodeAt(i + 1) !== 0x22) return undefined;
    const end = i + 2;
    const follow = classifyQuoteFollow(text, end);
    const ends = isKey ? follow === 'colon' : follow === 'close' || follow === 'comma' || skipJsonWhitespace(text, end) >= text.length;
    if (!ends) return undefined;
    out.drop(start, start + 2);
    out.push('"');
    out.drop(i, end);
    out.push('"');
    this.record(hook.name);
    return this.stringEnded(end, isKey);
  }

  /**
   * A value at `start` (a word, inside a container) that lost its opening quote:
   * `xxx_tool_name"` (`missingOpeningQuote` hooks). Not after a comma the pass inserted, and only
   * right after a `[`, or a `:` or `,` that follows a string (see {@link followsStringOrBracket}).
   * At most one space may stand before it, and
   * none in a text laid out without spaces (more could be the value's own); the text up to the
   * next `"` must stay on one
   * line and hold no bracket, `,`, `:`, quote, backslash, backtick, `#` or comment opener, and
   * not end in a space; the quote must plainly end the value (its container's closer, the end of
   * the text, or a `,` before the next property name, or in an array before a quoted string or a
   * container). Once this was done, a container the text leaves open is not closed (see
   * {@link closersDownTo}): the value may have started before it.
   * `undefined` where this reading does not hold: the caller goes on as before.
   */
  private unopenedString(start: number): number | Failure | undefined {
    const { text, out } = this;
    const hook = this.table.missingOpeningQuote.find(({ hook }) => hook());
    // After a comma the pass inserted, the word may as well continue the value before it (`0A"`).
    if (hook === undefined || this.afterInsertedComma) return undefined;
    // Whitespace before the word may be the value's own (`"a":  x"` from `"a": " x"`): one space
    // after the separator is the usual layout, unless the text is laid out without it elsewhere
    // (`"a":"b"`); more whitespace leaves two readings.
    const previous = text.charCodeAt(start - 1);
    if (isJsonWhitespace(previous) && (previous !== 0x20 || isJsonWhitespace(text.charCodeAt(start - 2)) || this.compactLayout())) return undefined;
    if (!followsStringOrBracket(text, previous === 0x20 ? start - 2 : start - 1)) return undefined;
    let i = start;
    for (; i < text.length; i++) {
      if (i >= this.nextCheck && this.deadlinePassed(i)) return this.timeout(i);
      const code = text.charCodeAt(i);
      if (code === 0x22) break;
      if (!mayStandUnopened(text, i, code)) return undefined;
    }
    if (i >= text.length) return undefined;
    const before = text.charCodeAt(i - 1);
    if (before === 0x20 || before === 0x09) return undefined;
    const end = i + 1;
    const follow = classifyQuoteFollow(text, end);
    if (follow === 'comma') {
      // The first thing after the quote is this comma (classifyQuoteFollow said so).
      const comma = text.indexOf(',', end);
      const inObject = this.kinds[this.kinds.length - 1] === OBJECT;
      const next = text.charCodeAt(skipJsonWhitespace(text, comma + 1));
      if (inObject ? !commaLeadsToKey(text, comma) : next !== 0x22 && next !== 0x7b && next !== 0x5b) return undefined;
    } else if (follow === 'close') {
      // The closer must be this container's own: another one leaves this container open.
      const closer = text.charCodeAt(skipJsonWhitespace(text, end));
      if (closer !== (this.kinds[this.kinds.length - 1] === OBJECT ? 0x7d : 0x5d)) return undefined;
    } else if (skipJsonWhitespace(text, end) < text.length) {
      return undefined;
    }
    out.copyTo(start);
    out.push('"');
    this.record(hook.name);
    this.unopenedTaken = true;
    return this.valueEnded(end);
  }

  /** Whether the text anywhere has `":` or `",` right before a character other than whitespace; read once. */
  private compactLayout(): boolean {
    this.compact ??= /"[:,][^\s]/.test(this.text);
    return this.compact;
  }

  /**
   * Whether the closing delimiter at `i` ends its string (`end`), is content (`content`, or
   * `content_taken` when it could have ended it), or leaves two readings (`refuse`).
   */
  private judgeQuote(i: number, isKey: boolean, alternate: boolean, tookQuote: boolean): 'end' | 'content' | 'content_taken' | 'refuse' {
    const { text } = this;
    // A property name ends at its first quote, whatever its delimiter: a name with quotes in it is
    // rarer than a missing colon, and guessing wrong would swallow the rest of the text into the name.
    if (isKey) return 'end';
    if (isWordInternal(text, i)) return 'content'; // don't, l'eau
    const follow = classifyQuoteFollow(text, i + 1);
    if (follow === 'adjacent_quote') {
      // `"say "hi""}`: a quoted word at the end of the text, when the quote after it plainly ends the string.
      if (text.charCodeAt(i + 1) !== text.charCodeAt(i)) return 'refuse';
      const after = classifyQuoteFollow(text, i + 2);
      const plainEnd = after === 'close' || after === 'line_end' || (after === 'comma' && this.kinds[this.kinds.length - 1] === OBJECT && commaLeadsToKey(text, skipSpaces(text, i + 2)));
      return plainEnd ? 'content_taken' : 'refuse';
    }
    if (!tookQuote) {
      if (follow === 'next_value') this.endedByGuess = true;
      if (follow !== 'other') return 'end';
      if (alternate) return 'content_taken';
      return this.table.innerQuote.some(({ hook }) => hook(text, i)) ? 'content_taken' : 'end';
    }
    if (follow === 'close') return 'end';
    if (follow === 'comma') return this.kinds[this.kinds.length - 1] === OBJECT && commaLeadsToKey(text, skipSpaces(text, i + 1)) ? 'end' : 'refuse';
    return follow === 'other' ? 'content' : 'refuse';
  }

  /** The escape sequence at `i` (a backslash): the offset after it, or a failure. */
  private escape(i: number, alternateCloser: number): number | Failure {
    const { text, out } = this;
    const n = text.length;
    if (i + 1 >= n) {
      out.drop(i, n); // cut off after the backslash
      return n;
    }
    const next = text.charCodeAt(i + 1);
    if (next === 0x75) {
      let j = i + 2;
      while (j < i + 6 && j < n && isHexDigit(text.charCodeAt(j))) j++;
      if (j === i + 6) return j;
      if (j === n) {
        out.drop(i, n); // cut off inside \uXXXX
        return n;
      }
      return this.literalBackslash(i, 'invalid \\u escape: four hex digits must follow');
    }
    if (ESCAPABLE.has(next)) return i + 2;
    if (next === alternateCloser) {
      out.drop(i, i + 1); // \' in a single-quoted string is a plain ' in JSON
      return i + 2;
    }
    // `\'` in a double-quoted string is Python's apostrophe or a shell's literal backslash: two readings.
    if (next === 0x27) return this.fail("invalid escape sequence \\' could be an apostrophe or a backslash and an apostrophe", i);
    return this.literalBackslash(i, `invalid escape sequence ${describeChar(text, i + 1)} after a backslash`);
  }

  /** Keeps the backslash at `i` as a literal (`C:\\Users`), if a heuristic allows; else fails with `message`. */
  private literalBackslash(i: number, message: string): number | Failure {
    const next = this.text[i + 1] ?? '';
    const keeping = this.table.invalidEscape.find(({ hook }) => hook(next));
    if (keeping === undefined) return this.fail(message, i);
    this.out.copyTo(i);
    this.out.push('\\');
    this.record(keeping.name);
    return i + 1;
  }

  private stringEnded(end: number, isKey: boolean): number {
    if (!isKey) return this.valueEnded(end);
    this.state = COLON;
    return end;
  }

  private valueEnded(end: number): number {
    this.lastCloser = 0;
    this.valueEndSlot = this.out.mark(end);
    this.state = AFTER_VALUE;
    if (this.kinds.length === 0) this.rootSeen = true;
    return end;
  }

  // --- end of text -----------------------------------------------------------------------------

  private end(): RepairPassOutcome {
    const { text, out } = this;
    const n = text.length;
    const top = this.kinds.length - 1;
    if (top < 0) {
      if (this.rootSeen) return this.finished();
      return this.fail(n === 0 ? 'empty input' : 'no JSON value found', n);
    }
    out.skipTo(n); // whitespace, or an unfinished number or literal
    const inObject = this.kinds[top] === OBJECT;
    if (this.state === KEY || (this.state === VALUE && !inObject)) {
      const dropping = this.table.trailingComma.find(({ hook }) => hook(inObject ? '}' : ']'));
      if (dropping === undefined) return this.fail('unexpected end of input after a comma', n);
      out.blank(this.commaSlot);
      this.record(dropping.name);
    } else if (this.state === COLON || this.state === VALUE) {
      // Cut off after a property name: the member is dropped rather than given an invented value.
      out.truncate(this.memberMarks[top] ?? 0);
    }
    const closers = this.closersDownTo(0);
    if (typeof closers !== 'string') return this.fail(`unexpected end of input inside an unclosed ${closers.open === '{' ? 'object' : 'array'}`, n);
    out.push(closers);
    return this.finished();
  }

  /** The repaired text, joined under the deadline: for a mebibyte of small edits the join is no small part of the work. */
  private finished(): RepairPassOutcome {
    const n = this.text.length;
    const text = this.out.finish(() => this.isExpired(n));
    return text === undefined ? this.timeout(n) : { ok: true, text, repairs: this.repairs };
  }

  // --- helpers ---------------------------------------------------------------------------------

  /** The closing delimiter and heuristic of a string opening at `i` with a delimiter other than `"`. */
  private delimiter(i: number): { readonly closer: number; readonly name: RepairName } | undefined {
    const open = this.text[i] ?? '';
    for (const { name, hook } of this.table.stringDelimiter) {
      const closer = hook(open);
      if (closer !== undefined) return { closer: closer.charCodeAt(0), name };
    }
    return undefined;
  }

  private startsMember(i: number, code: number, inObject: boolean): boolean {
    if (code === 0x22 || isWordChar(code) || this.delimiter(i) !== undefined) return true;
    return !inObject && (code === 0x7b || code === 0x5b);
  }

  private unexpectedValue(i: number, code: number): string {
    if (isWordStart(code)) {
      const word = scanWord(this.text, i) - i <= 16 ? this.text.slice(i, scanWord(this.text, i)) : '';
      if (word === 'NaN' || word === 'Infinity') return `${word} is not a valid JSON number`;
      if (word === 'undefined') return 'undefined is not a JSON value';
      return 'unquoted text where a value was expected';
    }
    return `unexpected ${describeChar(this.text, i)} where a value was expected`;
  }

  private record(name: RepairName): void {
    if (!this.repairs.includes(name)) this.repairs.push(name);
  }

  private deadlinePassed(i: number): boolean {
    this.nextCheck = i + DEADLINE_CHECK_INTERVAL;
    return this.isExpired(i);
  }

  private fail(message: string, position: number): Failure {
    return { ok: false, timedOut: false, message, position };
  }

  private timeout(position: number): Failure {
    return { ok: false, timedOut: true, message: 'repair ran past its time budget', position };
  }
}

/** The offset of the first character at or after `from` that is not a space or tab. */
function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  return i;
}

/**
 * Whether the separator at `at` (before a value that lost its opening quote) is a `[`, or a `:` or
 * `,` right after a string's closing quote (whitespace between). Only then is the quote's place
 * certain: anything else before it (`[1, 2, x"]`, `{a: x"}`) may be the start of the same string
 * (`["1, 2, x"]`), read as structure.
 */
function followsStringOrBracket(text: string, at: number): boolean {
  const separator = text.charCodeAt(at);
  if (separator === 0x5b) return true;
  if (separator !== 0x3a && separator !== 0x2c) return false;
  let i = at - 1;
  while (i >= 0 && isJsonWhitespace(text.charCodeAt(i))) i--;
  return text.charCodeAt(i) === 0x22 && text.charCodeAt(i - 1) !== 0x5c;
}

/**
 * Whether the character `code` at `i` may stand in a value that lost its opening quote: not a
 * bracket, `,`, `:`, quote of any kind, backslash, backtick, `#`, control character, or the `/`
 * of a comment opener.
 */
function mayStandUnopened(text: string, i: number, code: number): boolean {
  if (code < 0x20 || code === 0x7f) return false;
  switch (code) {
    case 0x7b: case 0x7d: case 0x5b: case 0x5d: case 0x2c: case 0x3a: case 0x27: case 0x5c: case 0x60: case 0x23:
    case 0x201c: case 0x201d: case 0x2018: case 0x2019:
      return false;
    case 0x2f: {
      const next = text.charCodeAt(i + 1);
      return next !== 0x2f && next !== 0x2a;
    }
    default:
      return code !== 0x2028 && code !== 0x2029;
  }
}

/** True when `text` between `from` and `to` holds a `}` or `]`. */
function holdsCloser(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7d || code === 0x5d) return true;
  }
  return false;
}

/** True when `text` between `from` and `to` is not empty and holds only commas, colons and whitespace. */
function onlySeparators(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x2c && code !== 0x3a && code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
  }
  return true;
}
