/** Colours for human output; every function is the identity when colour is off. */
export interface Style {
  readonly success: (text: string) => string;
  readonly failure: (text: string) => string;
  readonly code: (text: string) => string;
  readonly heading: (text: string) => string;
  readonly dim: (text: string) => string;
}

const plain = (text: string): string => text;

/** A style that leaves text unchanged: pipes, files, `NO_COLOR`. */
export const PLAIN_STYLE: Style = Object.freeze({ success: plain, failure: plain, code: plain, heading: plain, dim: plain });

function sgr(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

/** ANSI colours for a terminal. */
export const ANSI_STYLE: Style = Object.freeze({
  success: sgr(32, 39),
  failure: sgr(31, 39),
  code: sgr(33, 39),
  heading: sgr(1, 22),
  dim: sgr(2, 22),
});

/**
 * Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
 * (https://no-color.org).
 */
export function selectStyle(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): Style {
  const noColor = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
  return stream.isTTY === true && !noColor ? ANSI_STYLE : PLAIN_STYLE;
}
