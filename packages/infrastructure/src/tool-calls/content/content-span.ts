import type { ToolCallSource } from '@acode/domain';

/** Where an extractor found what looks like a tool call written in the assistant's text. */
export interface ContentSpan {
  /** Offset of the first character to remove from the content (the opening marker). */
  readonly start: number;
  /** Offset after the last character to remove (the closing marker). */
  readonly end: number;
  /** The JSON text between the markers: one call object, or an array of them. */
  readonly body: string;
  readonly source: ToolCallSource;
  /**
   * True when the markers alone say "this is a tool call" (`<tool_call>`, `[TOOL_CALLS]`,
   * `<|python_tag|>`): a body that does not decode is then a failed call. A fenced json block
   * is only a call when its body decodes to an object with a `name`; otherwise it stays text.
   */
  readonly marked: boolean;
  /** True when the closing marker never came: the body runs to the end of the content. */
  readonly incomplete?: boolean;
}

/**
 * Finds the spans of one format in the content, in order. Must run in time linear in the content
 * (indexOf-based scanning, no backtracking regular expressions).
 */
export type ContentExtractor = (content: string) => ContentSpan[];
