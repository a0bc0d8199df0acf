import { MAX_DOC_SUMMARY_LENGTH, REQUIRED_DOC_SECTIONS } from '@acode/domain';

/** CRLF and lone CR become LF, so a Windows checkout hashes like a Unix one. */
export function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** `doc_summary.md` as stored: line endings normalised, trimmed. */
export function normalizeSummary(text: string): string {
  return normalizeLineEndings(text).trim();
}

/**
 * Why a normalised summary is refused, or `undefined` when it is fine. Length counts Unicode
 * code points (what a reader calls characters), not UTF-16 units.
 */
export function checkSummary(summary: string): string | undefined {
  if (summary.length === 0) return 'doc_summary.md is empty; write one or two sentences on when to use the tool';
  const length = [...summary].length;
  if (length > MAX_DOC_SUMMARY_LENGTH) {
    return `doc_summary.md is ${length} characters; at most ${MAX_DOC_SUMMARY_LENGTH} are allowed (move the detail to doc.md)`;
  }
  return undefined;
}

/**
 * The required sections `doc.md` lacks, in the order 003 lists them. A section is a level-2
 * ATX heading (`## Failure Modes`) outside fenced code; its text matches the name ignoring case,
 * and may add a parenthetical (`## Common Mistakes (Do Not)`).
 */
export function missingDocSections(doc: string): string[] {
  const headings = new Set(levelTwoHeadings(normalizeLineEndings(doc)).map((heading) => heading.toLowerCase()));
  return REQUIRED_DOC_SECTIONS.filter((section) => !headings.has(section.toLowerCase()));
}

function levelTwoHeadings(doc: string): string[] {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of doc.split('\n')) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== undefined) {
      if (fence === undefined) fence = fenceMark[0]!.repeat(fenceMark.length);
      else if (fenceMark.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const text = /^ {0,3}##[ \t]+(.*?)[ \t]*#*[ \t]*$/.exec(line)?.[1];
    if (text === undefined) continue;
    // "Common Mistakes (Do Not)" counts as "Common Mistakes".
    headings.push(text.replace(/[ \t]*\([^)]*\)$/, ''));
  }
  return headings;
}
