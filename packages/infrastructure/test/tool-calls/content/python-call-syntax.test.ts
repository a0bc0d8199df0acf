import { describe, expect, it } from 'vitest';
import { parsePythonCalls } from '../../../src/tool-calls/index.js';

/** The calls of `text`, or the failure, without offsets. */
function parse(text: string) {
  const parsed = parsePythonCalls(text, 0);
  return parsed.ok ? parsed.calls : { message: parsed.message, atEnd: parsed.atEnd, name: parsed.name };
}

describe('parsePythonCalls', () => {
  it('reads a list of calls with keyword arguments', () => {
    expect(parsePythonCalls('[get_weather(city="San Francisco", metric="celsius"), get_time()] tail', 0)).toEqual({
      ok: true,
      calls: [
        { name: 'get_weather', arguments: { city: 'San Francisco', metric: 'celsius' } },
        { name: 'get_time', arguments: {} },
      ],
      end: 65,
    });
  });

  it('reads Python literals: booleans, None, numbers, nested lists, tuples and dicts', () => {
    expect(parse("[f(a=True, b=False, c=None, d=-3, e=2.5e-1, g=[1, [2, 'x']], h={'k': {'n': (1, 2)}, 3: None}, i=[], j={},)]")).toEqual([
      { name: 'f', arguments: { a: true, b: false, c: null, d: -3, e: 0.25, g: [1, [2, 'x']], h: { k: { n: [1, 2] }, '3': null }, i: [], j: {} } },
    ]);
  });

  it('reads single, double and triple quotes with their escapes, and raw strings', () => {
    expect(parse(String.raw`[f(a='it\'s', b="say \"hi\"\n", c='\x41\u00e9\t', d=r'C:\dir', e="""two
lines""", f='\q')]`)).toEqual([{ name: 'f', arguments: { a: "it's", b: 'say "hi"\n', c: 'Aé\t', d: 'C:\\dir', e: 'two\nlines', f: '\\q' } }]);
  });

  it('reads one call without brackets, calls separated by ;, and dotted names', () => {
    expect(parse('brave_search.call(query="x")')).toEqual([{ name: 'brave_search.call', arguments: { query: 'x' } }]);
    expect(parse('a(x=1); b(y=2)')).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 2 } },
    ]);
  });

  it('reads calls without brackets separated by line breaks or commas, and stops before prose', () => {
    expect(parse('a(x=1)\nb(y=2)\n\nc()')).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 2 } },
      { name: 'c', arguments: {} },
    ]);
    expect(parse('a(x=1), b(y=2)')).toHaveLength(2);
    expect(parsePythonCalls('a(x=1)\nThe call above reads x.', 0)).toMatchObject({ ok: true, calls: [{ name: 'a' }], end: 6 });
    expect(parsePythonCalls('a(x=1), which reads x', 0)).toMatchObject({ ok: true, end: 6 });
    // A second call begun and cut is the cut's, not prose.
    expect(parse('a(x=1)\nb(y=')).toMatchObject({ atEnd: true, name: 'b' });
  });

  it('reads calls quoted as strings, [name, {args}] pairs, and a dict passed as the only argument', () => {
    expect(parse(`['a(x=1)', "b(s='t')"]`)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { s: 't' } },
    ]);
    expect(parse('["a", {"x": 1}]')).toEqual([{ name: 'a', arguments: { x: 1 } }]);
    expect(parse('[["a", {"x": 1}], ["b", {}]]')).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: {} },
    ]);
    expect(parse("a({'x': 1, 'y': [2]})")).toEqual([{ name: 'a', arguments: { x: 1, y: [2] } }]);
    expect(parse("[a({'x': 1},)]")).toEqual([{ name: 'a', arguments: { x: 1 } }]);
  });

  it('refuses what has another reading: a dict beside other arguments, quoted text that is not a call, a pair without a dict', () => {
    expect(parse("a({'x': 1}, y=2)")).toMatchObject({ message: 'a dict passed positionally must be the only argument' });
    expect(parse("['a(x=1) and more']")).toMatchObject({ message: 'a quoted call followed by other text' });
    expect(parse('["a", "b"]')).toMatchObject({ message: expect.stringContaining('in a quoted call') });
    expect(parse('[["a", 1]]')).toMatchObject({ message: 'expected a [name, {arguments}] pair' });
    expect(parse(`["['a(x=1)']"]`)).toMatchObject({ message: 'a quoted call must start with its name' });
  });

  it('reads an apostrophe between letters in a single-quoted string as part of it, naming the repair', () => {
    expect(parsePythonCalls("[f(note='It's fresh', who='O'Brien')]", 0)).toEqual({
      ok: true,
      calls: [{ name: 'f', arguments: { note: "It's fresh", who: "O'Brien" } }],
      end: 37,
      repairs: ['unescaped_inner_quotes'],
    });
    expect(parsePythonCalls("[f(a='x')]", 0)).not.toHaveProperty('repairs');
    // Two readings (where does the string end?): refused.
    expect(parsePythonCalls("[f(a='rock 'n' roll')]", 0)).toMatchObject({ ok: false });
    expect(parsePythonCalls("[f(a='It's, b='y')]", 0)).toMatchObject({ ok: false });
  });

  it('keeps a __proto__ argument as plain data', () => {
    const calls = parsePythonCalls('[f(__proto__={"polluted": 1})]', 0);
    expect(calls.ok && Object.keys(calls.calls[0]?.arguments ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('never evaluates: names, expressions and positional arguments are syntax errors', () => {
    expect(parse('[f(a=os.system("rm"))]')).toMatchObject({ message: expect.stringContaining("'os' is not a literal"), name: 'f' });
    expect(parse('[f(a=1+2)]')).toMatchObject({ message: "expected ',' or ')' after an argument" });
    expect(parse('[f("x")]')).toMatchObject({ message: 'expected a name' });
    expect(parse('[f(a=1, a=2)]')).toMatchObject({ message: "argument 'a' is given twice" });
    expect(parse('[]')).toMatchObject({ message: 'expected a name' });
  });

  it('says when the text ended inside the calls', () => {
    expect(parse('[f(a="unfinished')).toEqual({ message: 'the text ends inside a string', atEnd: true, name: 'f' });
    expect(parse('[f(a=[1, 2')).toMatchObject({ atEnd: true });
    expect(parse('[f(a=1) x')).toMatchObject({ atEnd: false });
  });

  it('refuses deep nesting without recursing, and reads long text in linear time', () => {
    expect(parse(`[f(a=${'['.repeat(100_000)})]`)).toMatchObject({ message: 'values nest deeper than 64 levels' });
    const long = `[f(a="${'x'.repeat(1_000_000)}")]`;
    expect(parsePythonCalls(long, 0)).toMatchObject({ ok: true, end: long.length });
  });
});
