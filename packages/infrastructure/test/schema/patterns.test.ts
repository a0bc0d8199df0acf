import { describe, expect, it } from 'vitest';
import { findNestedRepetition } from '../../src/schema/backtracking-risk.js';
import { compileToolSchema, summarize } from './compile-tool-schema.js';

describe('patterns on RE2 (NFR-015)', () => {
  it('answers a catastrophic pattern on a hostile input (JavaScript RegExp would backtrack ~2^50 steps)', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    expect(summarize(compiled.validateRaw({ s: `${'a'.repeat(50)}b` }))).toEqual(['pattern /s /properties/s/pattern']);
    expect(compiled.validateRaw({ s: 'a'.repeat(50) })).toEqual([]);
  });

  it('keeps pattern a search, not an implicit full match (decision 7)', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { s: { type: 'string', pattern: '[0-9]' } } });
    expect(compiled.validateRaw({ s: 'abc1def' })).toEqual([]);
    expect(summarize(compiled.validateRaw({ s: 'abcdef' }))).toEqual(['pattern /s /properties/s/pattern']);
  });

  it('reports pattern and format separately when a schema has both', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { e: { type: 'string', format: 'email', pattern: '@acode\\.dev$' } } });
    expect(compiled.validateRaw({ e: 'me@acode.dev' })).toEqual([]);
    expect(summarize(compiled.validateRaw({ e: 'me@other.dev' }))).toEqual(['pattern /e /properties/e/pattern']);
    expect(summarize(compiled.validateRaw({ e: 'not-an-email' }))).toEqual(['pattern /e /properties/e/pattern', 'format /e /properties/e/format']);
  });

  it('hands the original schema object holding the pattern to the mapper', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^x' } } });
    const [violation] = compiled.validateRaw({ s: 'y' });
    expect(violation?.subschema).toBe(compiled.source.properties?.s);
    expect(violation?.value).toBe('y');
  });

  it('applies to strings only, as JSON Schema says', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { v: { type: ['string', 'integer'], pattern: '^x' } } });
    expect(compiled.validateRaw({ v: 5 })).toEqual([]);
  });

  it('matches Unicode by code point', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^.$' } } });
    expect(compiled.validateRaw({ s: '😀' })).toEqual([]);
  });

  it('runs patternProperties that passed the screen', () => {
    const compiled = compileToolSchema({ type: 'object', patternProperties: { '^n_': { type: 'number' } } });
    expect(summarize(compiled.validateRaw({ n_a: 'x' }))).toEqual(['type /n_a /patternProperties/^n_/type']);
  });
});

describe('findNestedRepetition', () => {
  it.each(['(a+)+', '^(a*)*$', '(a|aa)+', '(\\w+\\s?)*', '((ab)+)+', '(x+){2,}', '(a+)+?'])('flags %s', (pattern) => {
    expect(findNestedRepetition(pattern)).toBeDefined();
  });

  it.each(['^[a-z]+$', '(ab)+', '(a+)?', '(a|b)', '[(a+)+]', '\\(a+\\)+', '(a+){1}', '^x_[a-z0-9]{1,10}$'])('passes %s', (pattern) => {
    expect(findNestedRepetition(pattern)).toBeUndefined();
  });
});
