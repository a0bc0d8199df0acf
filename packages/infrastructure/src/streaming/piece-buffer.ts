/** Pieces folded into one string once they add up to this many characters. */
const FOLD_AT = 16 * 1024;

/**
 * Text that arrives in many small pieces (a token each), kept in bounded memory: recent pieces
 * are folded into one string once they reach 16 Ki characters, so a long text costs about its
 * own length, not a string header and an array slot per token (several times the text for
 * one-token pieces), and joining stays linear in the text.
 */
export class PieceBuffer {
  readonly #chunks: string[] = [];
  #recent: string[] = [];
  #recentLength = 0;
  #length = 0;

  /** Characters kept. */
  get length(): number {
    return this.#length;
  }

  /** Appends a piece. */
  push(piece: string): void {
    if (piece === '') return;
    this.#recent.push(piece);
    this.#recentLength += piece.length;
    this.#length += piece.length;
    if (this.#recentLength >= FOLD_AT) this.#fold();
  }

  /** The text kept, joined. */
  text(): string {
    this.#fold();
    return this.#chunks.length === 1 ? this.#chunks[0]! : this.#chunks.join('');
  }

  /** Drops everything. */
  clear(): void {
    this.#chunks.length = 0;
    this.#recent = [];
    this.#recentLength = 0;
    this.#length = 0;
  }

  #fold(): void {
    if (this.#recent.length === 0) return;
    this.#chunks.push(this.#recent.length === 1 ? this.#recent[0]! : this.#recent.join(''));
    this.#recent = [];
    this.#recentLength = 0;
  }
}
