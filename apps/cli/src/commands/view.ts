import type { Style } from '../render/style.js';

/** How human output is shaped for the stream it goes to. */
export interface OutputView {
  readonly style: Style;
  /** Columns the output should fit in. */
  readonly width: number;
}
