/**
 * Longest part of a name compared. Tool names are at most 64 characters (decision 1); cutting
 * longer input keeps one comparison bounded (64 × 64 cells) whatever a model sends.
 */
export const MAX_COMPARED_NAME_LENGTH = 64;

/**
 * The candidate a mistyped name most likely meant, or `undefined` when none is close enough to
 * be worth suggesting. Case-insensitive. In order of preference:
 *
 * 1. the same name up to case;
 * 2. the same words in another order (`read_file` → `file_read`);
 * 3. a small edit (optimal string alignment distance, transpositions count as one) of at most a
 *    third of the longer name, minimum 1 (`file_raed`, `pth` → `path`);
 * 4. a name whose words include all the input's words, or the reverse (`read` → `file_read`),
 *    when the shared words have at least 3 letters.
 *
 * Ties go to the smaller edit distance, then to the earlier candidate, so the answer is
 * deterministic. A name that shares nothing meaningful (`nonexistent_tool`) gets no suggestion:
 * 000 scenario 8 prints `Did you mean: file_read?` for it, which would send a model to a tool
 * it did not ask for; the list of available tools serves that case better.
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const wanted = normalize(input);
  if (wanted.length === 0) return undefined;
  const wantedWords = words(wanted);

  let best: { readonly name: string; readonly score: number } | undefined;
  for (const candidate of candidates) {
    const other = normalize(candidate);
    if (other.length === 0) continue;
    const score = rank(wanted, wantedWords, other);
    if (score !== undefined && (best === undefined || score < best.score)) best = { name: candidate, score };
  }
  return best?.name;
}

const TIER = 1000;

/** Lower is closer; `undefined` is too far. */
function rank(wanted: string, wantedWords: readonly string[], other: string): number | undefined {
  if (wanted === other) return 0;
  const distance = editDistance(wanted, other);
  const otherWords = words(other);
  if (sameWords(wantedWords, otherWords)) return TIER + distance;
  if (distance <= Math.max(1, Math.floor(Math.max(wanted.length, other.length) / 3))) return 2 * TIER + distance;
  const shared = wantedWords.length <= otherWords.length ? containedLength(wantedWords, otherWords) : containedLength(otherWords, wantedWords);
  if (shared >= 3) return 3 * TIER + distance;
  return undefined;
}

function normalize(name: string): string {
  return name.slice(0, MAX_COMPARED_NAME_LENGTH).toLowerCase();
}

function words(name: string): string[] {
  return name.split(/[_\-\s.]+/).filter((word) => word.length > 0);
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  const sortedB = [...b].sort();
  return [...a].sort().every((word, i) => word === sortedB[i]);
}

/** Total letters of `small`'s words when every one of them is in `large`; 0 otherwise. */
function containedLength(small: readonly string[], large: readonly string[]): number {
  let letters = 0;
  for (const word of small) {
    if (!large.includes(word)) return 0;
    letters += word.length;
  }
  return letters;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions. */
function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  let previous2 = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previous2[j - 2] as number) + 1);
      current[j] = value;
    }
    [previous2, previous, current] = [previous, current, previous2];
  }
  return previous[b.length] as number;
}
