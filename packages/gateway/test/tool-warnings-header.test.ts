import { describe, expect, it } from 'vitest';
import { MAX_HEADER_BYTES, MAX_HEADER_WARNINGS, toolWarningsHeader } from '../src/tool-warnings-header.js';

const warning = (field: string, message: string) => ({ code: 'ACODE-GTW-008' as const, field, message, unchecked: false });

/** No lone surrogate: every high surrogate followed by a low one, every low one preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('toolWarningsHeader', () => {
  it('says nothing without warnings', () => {
    expect(toolWarningsHeader([])).toBeUndefined();
  });

  it('lists each warning as "<code> <field>: <message>", JSON and ASCII, and round-trips any text', () => {
    const hostile = ['天气', 'a\r\nSet-Cookie: x=1', 'nul\u0000', 'sep\u2028', '😀'];
    const header = toolWarningsHeader(hostile.map((text) => warning(`/tools/0/function/parameters/properties/${text}`, `Tool ${text}`))) as string;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(header)).toEqual(hostile.map((text) => `ACODE-GTW-008 /tools/0/function/parameters/properties/${text}: Tool ${text}`));
  });

  it(`lists at most ${MAX_HEADER_WARNINGS}, then counts the rest`, () => {
    const entries = JSON.parse(toolWarningsHeader(Array.from({ length: 17 }, (_, i) => warning(`/tools/${i}`, 'loose'))) as string) as string[];
    expect(entries).toHaveLength(MAX_HEADER_WARNINGS + 1);
    expect(entries.at(-1)).toBe('1 more warning(s) in the host log');
  });

  it('stays under its byte cap with huge non-ASCII fields and messages, and never cuts a surrogate pair in half', () => {
    for (const text of ['É'.repeat(2_000), '😀'.repeat(2_000)]) {
      const header = toolWarningsHeader(Array.from({ length: 20 }, (_, i) => warning(`/tools/0/function/parameters/properties/${text}${i}`, text))) as string;
      expect(header.length).toBeLessThanOrEqual(MAX_HEADER_BYTES);
      const entries = JSON.parse(header) as string[];
      expect(entries.at(-1)).toMatch(/^\d+ more warning\(s\) in the host log$/);
      for (const entry of entries) expect(entry).not.toMatch(LONE_SURROGATE);
    }
  });
});
