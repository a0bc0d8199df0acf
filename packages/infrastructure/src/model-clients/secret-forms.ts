import { REDACTED } from '../tool-calls/scrub-secrets.js';
import type { SecretValue } from './secret-value.js';

/**
 * Every form in which a server may echo a secret, searched in Latin-1 text (one character per
 * byte, so any body, UTF-8 or not, is searched and rebuilt byte for byte).
 *
 * A form is the secret itself or one of its six base64 cores (standard or URL-safe alphabet, at
 * the three alignments a prefix such as `Bearer ` or `user:` can leave), and each of its
 * characters may travel as itself, as a JSON escape (`\u002F` or `\u002f`, `\/`, `\"`...) or
 * percent-encoded (`%2F`, `%2f`, `+` for a space): one character escaped, all of them, or any mix.
 * Each character is a choice among a few alternatives, so the mixes are matched without being
 * listed.
 */
export interface SecretForms {
  /** Finds whole forms (flag `g`; callers set `lastIndex`). */
  readonly whole: RegExp;
  /** The forms, character by character: what {@link formMayBeginAt} walks. */
  readonly units: ReadonlyArray<readonly Unit[]>;
  /** The longest text a form may take. */
  readonly longest: number;
  /** Every character a form may begin with. */
  readonly starts: ReadonlySet<string>;
}

/** The characters one character of text may be (one, or a hex letter's two cases). */
type Atom = string;
/** One way to write one character of a form: a run of atoms. */
type Alternative = readonly Atom[];
/** One character of a form: the ways it may be written. */
export type Unit = readonly Alternative[];

/** JSON's two-character escapes, by the character they stand for. */
const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

/**
 * The forms of `secrets` (those given and not blank), or `undefined` when there is none. Build
 * it once per set of secrets: the expression grows with the secrets' length, and compiling it
 * costs tens of milliseconds on its first use.
 */
export function secretForms(secrets: ReadonlyArray<SecretValue | undefined>): SecretForms | undefined {
  const forms: Unit[][] = [];
  for (const secret of secrets) {
    const text = secret?.reveal();
    if (text === undefined || text.trim() === '') continue;
    forms.push(Array.from(text, charUnit));
    for (const core of base64Cores(Buffer.from(text, 'utf8'))) forms.push(Array.from(core, base64Unit));
  }
  if (forms.length === 0) return undefined;
  // Longest first, so a secret that begins another is not matched in its place.
  forms.sort((a, b) => b.length - a.length);
  const longest = Math.max(...forms.map((units) => units.reduce((sum, unit) => sum + Math.max(...unit.map((alternative) => alternative.length)), 0)));
  const starts = new Set(forms.flatMap((units) => units[0]!.flatMap((alternative) => [...alternative[0]!])));
  return { whole: new RegExp(forms.map((units) => units.map(unitSource).join('')).join('|'), 'g'), units: forms, longest, starts };
}

/** `text` (Latin-1) with every form of the secrets replaced by {@link REDACTED}. */
export function redactSecretForms(text: string, forms: SecretForms | undefined): string {
  if (forms === undefined) return text;
  forms.whole.lastIndex = 0;
  return text.replace(forms.whole, REDACTED);
}

/** Whether `text` (Latin-1) holds a form of the secrets anywhere. */
export function holdsSecretForm(text: string, forms: SecretForms | undefined): boolean {
  if (forms === undefined) return false;
  forms.whole.lastIndex = 0;
  const found = forms.whole.test(text);
  forms.whole.lastIndex = 0;
  return found;
}

/**
 * The first position at or after `from` where the rest of `text` may be the beginning of a form
 * (or a whole one) that more text could still make or lengthen; `text.length` when there is none.
 * Only the last {@link SecretForms.longest} characters can be, so a long text costs no more than a
 * short one. A walk over the forms' characters rather than a second expression: one that finds
 * prefixes is several times the size of {@link SecretForms.whole} and slow to compile.
 */
export function formMayBeginAt(text: string, from: number, forms: SecretForms): number {
  for (let start = Math.max(from, text.length - forms.longest); start < text.length; start++) {
    if (forms.starts.has(text[start]!) && forms.units.some((units) => isPrefixOfForm(text, start, units))) return start;
  }
  return text.length;
}

/** Whether `text` from `start` to its end is the beginning of `units` written some way (or all of it). */
function isPrefixOfForm(text: string, start: number, units: readonly Unit[]): boolean {
  // Each way of reading the text so far, as (unit × 16 + alternative) × 16 + atoms of it matched
  // (a unit has at most 7 alternatives of at most 12 atoms); a set, so ambiguous readings merge.
  let states = new Set(units[0]!.map((_, alternative) => alternative * 16));
  for (let at = start; at < text.length; at++) {
    const char = text[at]!;
    const next = new Set<number>();
    for (const state of states) {
      const unit = state >>> 8;
      const alternative = (state >>> 4) & 15;
      const matched = state & 15;
      const atoms = units[unit]![alternative]!;
      if (!atoms[matched]!.includes(char)) continue;
      if (matched + 1 < atoms.length) next.add(state + 1);
      else if (unit + 1 === units.length) {
        // The whole form ends here: the text is a prefix only if it ends here too.
        if (at + 1 === text.length) return true;
      } else for (let other = 0; other < units[unit + 1]!.length; other++) next.add(((unit + 1) * 16 + other) * 16);
    }
    if (next.size === 0) return false;
    states = next;
  }
  return true;
}

/**
 * The base64 characters that depend on the secret's bytes alone, at each alignment: prefixed by
 * 0, 1 or 2 bytes, the first characters mix the prefix's bits and the last the suffix's, but the
 * run between is the same whatever surrounds the secret. At most one character (four bits) on
 * each side of a core is not part of it.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core !== '') cores.push(core);
  }
  return cores;
}

/** A base64 character in either alphabet (`+`/`-`, `/`/`_`), each written any way a character may be. */
function base64Unit(char: string): Unit {
  const twin = char === '+' ? '-' : char === '/' ? '_' : undefined;
  return twin === undefined ? charUnit(char) : [...charUnit(char), ...charUnit(twin)];
}

/**
 * The ways one character (a code point) may be written: its UTF-8 bytes, JSON's `\uXXXX` of each
 * UTF-16 unit (hex in either case), JSON's short escape, percent-encoding of each byte (either
 * case; `+` for a space). Longest first, so a match takes the whole escape.
 */
function charUnit(char: string): Unit {
  const bytes = [...Buffer.from(char, 'utf8')];
  const alternatives: Alternative[] = [];
  const units: number[] = [];
  for (let i = 0; i < char.length; i++) units.push(char.charCodeAt(i));
  alternatives.push(units.flatMap((unit) => ['\\', 'u', ...hexAtoms(unit, 4)]));
  alternatives.push(bytes.flatMap((byte) => ['%', ...hexAtoms(byte, 2)]));
  const short = JSON_SHORT_ESCAPES[char];
  if (short !== undefined) alternatives.push(['\\', short]);
  if (char === ' ') alternatives.push(['+']);
  alternatives.push(bytes.map((byte) => String.fromCharCode(byte)));
  return alternatives.sort((a, b) => b.length - a.length);
}

/** `value` as `digits` hex digits, each letter matching either case. */
function hexAtoms(value: number, digits: number): Atom[] {
  return Array.from(value.toString(16).padStart(digits, '0'), (digit) => (/[a-f]/.test(digit) ? `${digit}${digit.toUpperCase()}` : digit));
}

/** An atom as the source of a regular expression: a letter or digit as itself, any other character by its code. */
function atomSource(atom: Atom): string {
  const chars = Array.from(atom, (char) => (/[A-Za-z0-9]/.test(char) ? char : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)).join('');
  return atom.length === 1 ? chars : `[${chars}]`;
}

function alternativeSource(alternative: Alternative): string {
  return alternative.map(atomSource).join('');
}

function unitSource(unit: Unit): string {
  return unit.length === 1 ? alternativeSource(unit[0]!) : `(?:${unit.map(alternativeSource).join('|')})`;
}
