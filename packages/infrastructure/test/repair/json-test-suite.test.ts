import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repair } from './repair-test-kit.js';

const corpus = join(import.meta.dirname, '../fixtures/JSONTestSuite/test_parsing');
const files = readdirSync(corpus).filter((name) => name.endsWith('.json'));
const read = (name: string): string => readFileSync(join(corpus, name), 'utf8');

describe("JSONTestSuite's test_parsing corpus", () => {
  it('holds the whole corpus', () => {
    expect(files.filter((name) => name.startsWith('y_')).length).toBe(95);
    expect(files.filter((name) => /^[ni]_/.test(name)).length).toBe(223);
  });

  it.each(files.filter((name) => name.startsWith('y_')))('%s comes back unchanged and unflagged', (name) => {
    const text = read(name);
    expect(repair(text)).toEqual({ attempted: false, success: true, original: text, repaired: text, repairs: [] });
  });

  it.each(files.filter((name) => /^[ni]_/.test(name)))('%s gives a result: parseable JSON or a coded error', (name) => {
    const result = repair(read(name));
    if (result.success) {
      expect(() => JSON.parse(result.repaired ?? '')).not.toThrow();
    } else {
      expect(result.error?.code).toBe('ACODE-TLP-003');
      expect(result.error?.message).toMatch(/^cannot repair the JSON: /);
    }
  });

  it.each([
    ['n_object_trailing_comma.json', '{"id":0}'],
    ['n_structure_unclosed_array.json', '[1]'],
    ['n_object_single_quote.json', '{"a":0}'],
  ])('repairs %s to %s', (name, expected) => {
    expect(repair(read(name)).repaired).toBe(expected);
  });

  it('closes the 100 000 opening arrays', () => {
    const result = repair(read('n_structure_100000_opening_arrays.json'));
    expect(result.success).toBe(true);
    expect(result.repairs).toEqual(['missing_closing_bracket']);
  });
});
