/**
 * The repaired text under construction. Unchanged stretches of the input are copied as slices,
 * never character by character; edits are pieces between them. A slot (a piece's index) can be
 * blanked later, which is how a comma found to be trailing is dropped, and the output can be cut
 * back to a slot, which is how an incomplete member at the end of the text is dropped.
 */
/** Pieces joined between two deadline checks in {@link RepairOutput.finish}. */
export const FINISH_BLOCK = 4096;

export class RepairOutput {
  private readonly pieces: string[] = [];
  private copied = 0;

  constructor(private readonly text: string) {}

  /** Copies the input up to (not including) `end`. */
  copyTo(end: number): void {
    if (end > this.copied) this.pieces.push(this.text.slice(this.copied, end));
    this.copied = Math.max(this.copied, end);
  }

  /** Drops the input from the copy point up to `end`. */
  skipTo(end: number): void {
    this.copied = Math.max(this.copied, end);
  }

  /** Copies up to `start` and drops the input from `start` to `end`. */
  drop(start: number, end: number): void {
    this.copyTo(start);
    this.skipTo(end);
  }

  /** Appends `piece` at the copy point; returns its slot. */
  push(piece: string): number {
    this.pieces.push(piece);
    return this.pieces.length - 1;
  }

  /** Copies up to `at`; returns the slot where the next piece will go. */
  mark(at: number): number {
    this.copyTo(at);
    return this.pieces.length;
  }

  /** Inserts `piece` at a slot taken with {@link mark}; later slots shift by one. */
  insertAt(slot: number, piece: string): void {
    if (slot >= this.pieces.length) this.pieces.push(piece);
    else this.pieces.splice(slot, 0, piece);
  }

  /** Empties the piece at `slot`. */
  blank(slot: number): void {
    this.pieces[slot] = '';
  }

  /** Drops every piece from `slot` on and every input character not yet copied. */
  truncate(slot: number): void {
    this.pieces.length = Math.min(this.pieces.length, slot);
    this.copied = this.text.length;
  }

  /**
   * Copies the rest of the input and returns the whole text; `undefined` if `isExpired` says so
   * between blocks of {@link FINISH_BLOCK} pieces (the join of a mebibyte of small edits can take
   * a good part of a repair's budget, so it is checked like the pass).
   */
  finish(isExpired: () => boolean = () => false): string | undefined {
    this.copyTo(this.text.length);
    const { pieces } = this;
    if (pieces.length <= FINISH_BLOCK) return pieces.join('');
    const blocks: string[] = [];
    for (let start = 0; start < pieces.length; start += FINISH_BLOCK) {
      if (isExpired()) return undefined;
      blocks.push(pieces.slice(start, start + FINISH_BLOCK).join(''));
    }
    return blocks.join('');
  }
}
