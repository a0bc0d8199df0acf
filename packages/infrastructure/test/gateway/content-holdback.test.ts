import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentHoldback } from '../../src/gateway/content-holdback.js';

function holdback(formats?: ConstructorParameters<typeof ContentHoldback>[0]): { holdback: ContentHoldback; forwarded: string[] } {
  const forwarded: string[] = [];
  return { holdback: new ContentHoldback(formats, ['get_weather'], (text) => forwarded.push(text)), forwarded };
}

function pushInPieces(target: ContentHoldback, text: string, cuts: readonly number[]): void {
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    target.push(text.slice(from, cut));
    from = cut;
  }
}

const MARKUP = [
  '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
  '<tool_call><function=get_weather><parameter=city>Paris</parameter></function></tool_call>',
  '[get_weather(city="Paris")]',
  '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
  '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
  '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
  '{"name": "get_weather", "arguments": {"city": "Paris"}}',
  '<think>the user wants weather</think>',
  'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  '>>>get_weather\n{"city": "Paris"}',
];
/** Prose without any trigger character. */
const prose = fc.stringMatching(/^[A-Za-z0-9 ,.!?'\n-]{0,40}$/);

describe('ContentHoldback', () => {
  it('never forwards any part of a call written in the text, however the text is cut', () => {
    fc.assert(
      fc.property(prose, fc.constantFrom(...MARKUP), prose, fc.array(fc.nat(), { maxLength: 10 }), (before, markup, after, rawCuts) => {
        const text = `${before}${markup}${after}`;
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const { holdback: target, forwarded } = holdback();
        pushInPieces(target, text, cuts);
        const sent = forwarded.join('');
        expect(sent.length).toBe(target.sentCharacters);
        // Nothing is lost: what went out and what is kept make the text whole.
        expect(`${sent}${target.unsent}`).toBe(text);
        // What went out is a prefix of the text that ends before the markup starts.
        expect(text.startsWith(sent)).toBe(true);
        expect(sent.length).toBeLessThanOrEqual(before.length);
      }),
      { numRuns: 400 },
    );
  });

  it('forwards text without triggers as it arrives, all but a possible trigger start at the end', () => {
    const { holdback: target, forwarded } = holdback();
    target.push('Hello, ');
    target.push('world. Result: `');
    // The blank before a possible fence waits with it.
    expect(forwarded.join('')).toBe('Hello, world. Result:');
    target.push('x` done');
    // A single backtick is not a code fence: it goes out once the next piece shows it.
    expect(forwarded.join('')).toBe('Hello, world. Result: `x` done');
  });

  it('keeps only what it did not forward: the text a call may be written in', () => {
    const { holdback: target, forwarded } = holdback();
    target.push('Checking the weather. <tool_call>{"name":"get_weather",');
    target.push('"arguments":{"city":"Paris"}}</tool_call> Done.');
    expect(forwarded.join('')).toBe('Checking the weather.');
    expect(target.unsent).toBe(' <tool_call>{"name":"get_weather","arguments":{"city":"Paris"}}</tool_call> Done.');
  });

  it('claims the text it keeps from the answer\'s memory, and is cut when the memory is spent', () => {
    let used = 0;
    const memory = {
      claim(bytes: number) {
        if (used + bytes > 64) throw new Error('spent');
        used += bytes;
      },
      release(bytes: number) {
        used -= bytes;
      },
    };
    const target = new ContentHoldback(undefined, ['get_weather'], () => undefined, memory);
    target.push('Forwarded prose costs nothing. ');
    expect(used).toBe(0);
    target.push('<tool_call>{"name":"get_weather"');
    expect(used).toBe(' <tool_call>{"name":"get_weather"'.length);
    expect(() => target.push(`,"arguments":{"city":"${'x'.repeat(64)}"}}`)).toThrow('spent');
  });

  it('holds nothing when calls are not looked for in the text', () => {
    const { holdback: target, forwarded } = holdback(false);
    target.push('<tool_call>{"name":"x"}</tool_call>');
    expect(forwarded.join('')).toBe('<tool_call>{"name":"x"}</tool_call>');
  });

  it("waits at the very start while the text may become Functionary's unmarked call of a declared tool", () => {
    const { holdback: target, forwarded } = holdback();
    target.push('get_wea');
    expect(forwarded).toEqual([]);
    target.push('ther\n{"city": "Paris"}');
    expect(forwarded).toEqual([]);
    const other = holdback();
    other.holdback.push('get going');
    expect(other.forwarded.join('')).toBe('get going');
  });
});

describe('the blank before a possible call', () => {
  it('holds a trailing blank with the call that follows it, so the streamed text ends as the whole answer would', () => {
    const { holdback: target, forwarded } = holdback();
    for (const piece of 'Here it is:\n \n<tool_call>{}</tool_call>'.split('')) target.push(piece);
    expect(forwarded.join('')).toBe('Here it is:');
    expect(target.unsent).toBe('\n \n<tool_call>{}</tool_call>');
  });

  it('sends a held blank on once more text follows it, and keeps the text whole', () => {
    const { holdback: target, forwarded } = holdback();
    const text = 'The sky is clear.\n\nIt stays so.  ';
    for (const piece of text.split('')) target.push(piece);
    expect(forwarded.join('') + target.unsent).toBe(text);
    expect(target.unsent).toBe('  ');
  });

  it('holds at most 256 blank characters: a longer run goes out (bounded memory)', () => {
    const { holdback: target, forwarded } = holdback();
    target.push(`a${' '.repeat(100_000)}`);
    // 256 blanks, and the few characters that may begin a longer trigger (` to=functions.` starts with one).
    expect(target.unsent.length).toBeLessThanOrEqual(256 + ' to=functions.'.length);
    expect(forwarded.join('').length + target.unsent.length).toBe(100_001);
  });
});
