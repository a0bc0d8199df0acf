import type { RepairName } from '@acode/domain';

/**
 * Where droppable text (comments, fences, prose) was met: before the JSON value, between its
 * tokens, or after it.
 */
export type TriviaPlace = 'leading' | 'inner' | 'trailing';

/** The two kinds of container; the repair pass keeps a stack of them. */
export type ContainerOpener = '{' | '[';

/**
 * One repair: a name and the hooks the repair pass consults at well-defined decision points
 * (in the manner of Ajv's keyword vocabularies). A hook is only called where the text is not
 * valid JSON already, and answers with the edit to make, or `undefined`/`false` to decline.
 * Every hook is pure and runs in time linear in what it consumes, so the pass stays linear.
 */
export interface RepairHeuristic {
  /** The name recorded in `RepairResult.repairs` when one of the hooks makes an edit. */
  readonly name: RepairName;
  /**
   * The text at `at` cannot start the token expected there. Returns the offset where droppable
   * text starting at `at` ends (greater than `at`), or `undefined`.
   */
  readonly skip?: (text: string, at: number, place: TriviaPlace) => number | undefined;
  /** A string opens with `open`, a delimiter other than `"`. Returns the delimiter that closes it. */
  readonly stringDelimiter?: (open: string) => string | undefined;
  /**
   * A `"` at `at` inside a `"`-delimited string is not followed by anything that can come after a
   * string. True keeps it as content (escaped) instead of ending the string there. The pass then
   * holds the string to a stricter end (see `quote-follow.ts`), and refuses where the rest reads
   * as structure.
   */
  readonly innerQuote?: (text: string, at: number) => boolean;
  /** A raw control character (U+0000..U+001F) stands inside a string. True escapes it. */
  readonly controlCharacter?: (code: number) => boolean;
  /**
   * A backslash inside a string precedes `next`, which makes no JSON escape (`\d`, `\U`, `\.`).
   * True keeps the backslash as a literal character (it is written `\\`).
   */
  readonly invalidEscape?: (next: string) => boolean;
  /** A bare word stands where a property name is expected. True quotes it as the name. */
  readonly bareKey?: (word: string) => boolean;
  /**
   * `\"` stands inside a container where a property name or a value is expected, and a string
   * with no backslash, quote or control character runs from it to the next `\"`, which ends the
   * member (a `:` after a name; a `,` or closer after a value). True reads both as the string's
   * quotes, escaped once too often.
   */
  readonly escapedQuote?: () => boolean;
  /**
   * A bare word stands where a value is expected, and no literal hook took it; the text from it
   * to the next `"` (on one line, with no bracket, separator, quote or backslash) ends the value.
   * True reads that text as a string whose opening quote is missing.
   */
  readonly missingOpeningQuote?: () => boolean;
  /** A bare word stands where a value is expected. Returns the JSON literal to write instead. */
  readonly bareValue?: (word: string) => string | undefined;
  /** A `,` stands directly before `closer`. True drops the comma. */
  readonly trailingComma?: (closer: string) => boolean;
  /** A value or member follows the previous one with no `,` between. True inserts one. */
  readonly missingComma?: (text: string, at: number) => boolean;
  /** The text ends inside a string. True closes the string. */
  readonly unterminatedString?: () => boolean;
  /**
   * A container is left open: at the end of the text, or when a closer of an enclosing container
   * arrives first. Returns the closer to insert for `open`.
   */
  readonly unclosedContainer?: (open: ContainerOpener) => string | undefined;
}
