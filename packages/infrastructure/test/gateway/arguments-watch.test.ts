import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArgumentsWatch, type WatchedMember } from '../../src/gateway/arguments-watch.js';

/** Pushes `text` cut at `cuts` (sorted offsets) and collects what the watch tells. */
function watchInPieces(text: string, cuts: readonly number[]): WatchedMember[] {
  const watch = new ArgumentsWatch();
  const members: WatchedMember[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    members.push(...watch.push(text.slice(from, cut)));
    from = cut;
  }
  return members;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 6 });

/** JSON text with random white space between tokens, as models write it. */
function spaced(value: Record<string, unknown>, space: string): string {
  const members = Object.entries(value).map(([key, member]) => `${space}${JSON.stringify(key)}${space}:${space}${JSON.stringify(member)}${space}`);
  return `${space}{${members.join(',')}}`;
}

describe('ArgumentsWatch', () => {
  it('tells every top-level key, then its value, in order, however the text is cut', () => {
    fc.assert(
      fc.property(jsonObject, fc.constantFrom('', ' ', '\n  '), fc.array(fc.nat(), { maxLength: 12 }), (value, space, rawCuts) => {
        const text = spaced(value, space);
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const told = watchInPieces(text, cuts);
        const expected = Object.entries(value).flatMap(([key, member]) => [
          { kind: 'key', key },
          { kind: 'value', key, value: JSON.parse(JSON.stringify(member)) as unknown },
        ]);
        expect(told.map(({ end: _end, ...rest }) => rest)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('ends each member where the text up to it, closed, is the object so far', () => {
    fc.assert(
      fc.property(jsonObject, (value) => {
        const text = JSON.stringify(value);
        for (const member of watchInPieces(text, [])) {
          const closed = JSON.parse(`${text.slice(0, member.end)}${member.kind === 'key' ? 'null}' : '}'}`) as Record<string, unknown>;
          expect(Object.keys(closed).at(-1)).toBe(member.key);
          if (member.kind === 'value') expect(closed[member.key]).toEqual(member.value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('does not tell a value before it ends: a number may go on in the next piece', () => {
    const watch = new ArgumentsWatch();
    expect(watch.push('{"n": 12')).toEqual([{ kind: 'key', key: 'n', end: 5 }]);
    expect(watch.push('3, "s": "a')).toEqual([{ kind: 'value', key: 'n', value: 123, end: 9 }, { kind: 'key', key: 's', end: 15 }]);
    expect(watch.push('b"}')).toEqual([{ kind: 'value', key: 's', value: 'ab', end: 20 }]);
    expect(watch.finished).toBe(true);
  });

  it.each([
    ["single quotes", "{'city': 'Paris'}"],
    ['a bare key', '{city: "Paris"}'],
    ['a trailing comma', '{"a": 1,}'],
    ['a comment', '{"a": 1 /* x */}'],
    ['text before the object', 'Here: {"a": 1}'],
    ['an unquoted value', '{"a": Paris}'],
    ['a missing colon', '{"a" 1}'],
  ])('gives up at %s: text a repair may read is not judged', (_name, text) => {
    const watch = new ArgumentsWatch();
    const told = watch.push(text);
    expect(told.filter((member) => member.kind === 'value' && member.key !== 'a')).toEqual([]);
    expect(watch.finished).toBe(true);
    expect(watch.push('"more": 1}')).toEqual([]);
  });

  it('gives up without telling the value when one is not JSON', () => {
    const watch = new ArgumentsWatch();
    expect(watch.push('{"a": tru,')).toEqual([{ kind: 'key', key: 'a', end: 5 }]);
    expect(watch.finished).toBe(true);
  });
});
