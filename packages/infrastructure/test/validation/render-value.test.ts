import { describe, expect, it } from 'vitest';
import { renderValue } from '../../src/validation/render-value.js';
import { safeText, truncate } from '../../src/validation/display-text.js';

describe('renderValue', () => {
  it('renders compact JSON', () => {
    expect(renderValue({ a: [1, 'x', null, true], b: { c: 1.5 } })).toBe('{"a":[1,"x",null,true],"b":{"c":1.5}}');
  });

  it('cuts to 100 characters with an ellipsis, whatever the size or depth', () => {
    const huge = { list: Array.from({ length: 1_000_000 }, (_, i) => i) };
    const rendered = renderValue(huge);
    expect(rendered).toHaveLength(100);
    expect(rendered.startsWith('{"list":[0,1,2,')).toBe(true);
    expect(rendered.endsWith('…')).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(renderValue(deep)).toBe(`${'['.repeat(99)}…`);
  });

  it('escapes control characters and unpaired surrogates as JSON does', () => {
    expect(renderValue('a\n\ud800')).toBe('"a\\n\\ud800"');
  });
});

describe('truncate and safeText', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });

  it('escapes quotes, backslashes and control characters in names', () => {
    expect(safeText("it's\\\u0007")).toBe("it\\'s\\\\\\u0007");
  });
});
