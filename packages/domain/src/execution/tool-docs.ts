/** The seven sections every `doc.md` must have (003), as level-2 headings. */
export const REQUIRED_DOC_SECTIONS = Object.freeze([
  'Summary',
  'Preconditions',
  'Postconditions',
  'Invariants',
  'Failure Modes',
  'Examples',
  'Common Mistakes',
] as const);

/** Longest `doc_summary.md`, in characters after trimming (decision 5). */
export const MAX_DOC_SUMMARY_LENGTH = 250;
