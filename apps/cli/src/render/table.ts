import { displayLength, truncate } from './text.js';

/** One column of a {@link renderTable} table. */
export interface TableColumn {
  readonly header: string;
  /** A flexible column gives up width (its cells are cut with `…`) so the table fits. */
  readonly flexible?: boolean;
}

/** Narrowest a flexible column is cut to; below this a description says nothing. */
const MIN_FLEXIBLE_WIDTH = 12;

/**
 * Renders rows as a box-drawn table no wider than `maxWidth` where that is possible: flexible
 * columns are narrowed first. Cells must already be single-line and free of control
 * characters (see `render/text.ts`). Returns the lines without a trailing newline.
 */
export function renderTable(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>, maxWidth: number): string[] {
  const widths = columns.map((column, index) =>
    Math.max(displayLength(column.header), ...rows.map((row) => displayLength(row[index] ?? ''))),
  );
  // Each column takes its width plus "│ " and " "; one closing "│".
  const frame = columns.length * 3 + 1;
  let excess = widths.reduce((sum, width) => sum + width, 0) + frame - maxWidth;
  columns.forEach((column, index) => {
    const width = widths[index] ?? 0;
    if (excess <= 0 || column.flexible !== true) return;
    const floor = Math.max(MIN_FLEXIBLE_WIDTH, displayLength(column.header));
    const cut = Math.min(excess, Math.max(0, width - floor));
    widths[index] = width - cut;
    excess -= cut;
  });

  const rule = (left: string, middle: string, right: string): string =>
    left + widths.map((width) => '─'.repeat(width + 2)).join(middle) + right;
  const line = (cells: readonly string[]): string =>
    '│' + widths.map((width, index) => ` ${pad(truncate(cells[index] ?? '', width), width)} `).join('│') + '│';

  return [
    rule('┌', '┬', '┐'),
    line(columns.map((column) => column.header)),
    rule('├', '┼', '┤'),
    ...rows.map(line),
    rule('└', '┴', '┘'),
  ];
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayLength(text)));
}
