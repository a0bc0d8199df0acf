import { describe, expect, it } from 'vitest';
import type { ContentSpan } from '../../../src/tool-calls/content/content-span.js';
import { extractSectionedCalls, type SectionTokens } from '../../../src/tool-calls/content/sectioned-calls.js';

const TOKENS: SectionTokens = { sectionBegin: '<S>', sectionEnd: '</S>', callBegins: ['<C>', '<C2>'], callEnd: '</C>', source: 'content_kimi' };
const read = (text: string, start: number, end: number, incomplete: boolean): ContentSpan => ({
  start,
  end,
  calls: [{ name: text, arguments: '{}' }],
  source: 'content_kimi',
  marked: true,
  ...(incomplete ? { incomplete: true } : {}),
});

describe('extractSectionedCalls', () => {
  it('gives one span per call, the section opener apart and the section end with the last call', () => {
    const spans = extractSectionedCalls('x <S><C>a</C><C>b</C> </S> y', TOKENS, read);
    expect(spans.map((span) => [span.start, span.end, span.calls?.[0]?.name])).toEqual([
      [2, 5, undefined],
      [5, 13, 'a'],
      [13, 26, 'b'],
    ]);
  });

  it('takes whichever call opener comes first', () => {
    expect(extractSectionedCalls('<C2>a</C>', TOKENS, read).map((span) => span.calls?.[0]?.name)).toEqual(['a']);
  });

  it('runs a call never ended to the end of the content, marked incomplete', () => {
    expect(extractSectionedCalls('<S><C>cut', TOKENS, read).at(-1)).toMatchObject({ start: 3, end: 9, incomplete: true });
  });

  it('finds nothing without its tokens', () => {
    expect(extractSectionedCalls('plain text </C>', TOKENS, read)).toEqual([]);
  });
});
