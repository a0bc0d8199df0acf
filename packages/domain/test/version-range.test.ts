import { describe, expect, it } from 'vitest';
import { parseSemVer } from '../src/semver.js';
import { maxSatisfying, parseVersionRange, satisfies } from '../src/version-range.js';

describe('satisfies', () => {
  // Expected values follow npm's documented desugaring (node-semver README, "Advanced Range Syntax").
  it.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.3', '1.2.4', false],
    ['=1.2.3', '1.2.3', true],
    ['1.2.3-beta.1', '1.2.3-beta.1', true],
    ['^1', '1.0.0', true],
    ['^1', '1.99.99', true],
    ['^1', '2.0.0', false],
    ['^1', '0.9.9', false],
    ['^1.2', '1.2.0', true],
    ['^1.2', '1.1.9', false],
    ['^1.2', '1.9.0', true],
    ['^1.2.3', '1.2.3', true],
    ['^1.2.3', '1.2.2', false],
    ['^1.2.3', '1.9.9', true],
    ['^1.2.3', '2.0.0', false],
    ['^0.2.3', '0.2.9', true],
    ['^0.2.3', '0.3.0', false],
    ['^0.0.3', '0.0.3', true],
    ['^0.0.3', '0.0.4', false],
    ['^0.0', '0.0.9', true],
    ['^0.0', '0.1.0', false],
    ['^0', '0.9.9', true],
    ['^0', '1.0.0', false],
    ['~1', '1.9.0', true],
    ['~1', '2.0.0', false],
    ['~1.2', '1.2.9', true],
    ['~1.2', '1.3.0', false],
    ['~1.2.3', '1.2.3', true],
    ['~1.2.3', '1.2.2', false],
    ['~1.2.3', '1.2.99', true],
    ['~1.2.3', '1.3.0', false],
    ['1', '1.5.0', true],
    ['1', '2.0.0', false],
    ['1.x', '1.0.0', true],
    ['1.x', '2.0.0', false],
    ['1.X', '1.4.0', true],
    ['1.2.x', '1.2.7', true],
    ['1.2.x', '1.3.0', false],
    ['1.2.*', '1.2.0', true],
    ['*', '0.0.0', true],
    ['*', '99.0.0', true],
    ['x', '3.1.4', true],
    ['>=1.2.0', '1.2.0', true],
    ['>=1.2.0', '1.1.9', false],
    ['>1.2.0', '1.2.0', false],
    ['>1.2.0', '1.2.1', true],
    ['>1', '1.9.9', false],
    ['>1', '2.0.0', true],
    ['>1.2', '1.2.9', false],
    ['>1.2', '1.3.0', true],
    ['<2.0.0', '1.99.0', true],
    ['<2.0.0', '2.0.0', false],
    ['<2', '1.9.9', true],
    ['<2', '2.0.0', false],
    ['<=1.2', '1.2.9', true],
    ['<=1.2', '1.3.0', false],
    ['<=1.2.3', '1.2.3', true],
    ['>=1 <2', '1.5.0', true],
    ['>=1 <2', '2.0.0', false],
    ['>=1 <2', '0.9.0', false],
    ['>= 1.2.0 < 1.3.0', '1.2.5', true],
    ['1.x || >=3.1', '1.2.0', true],
    ['1.x || >=3.1', '2.0.0', false],
    ['1.x || >=3.1', '3.1.0', true],
    ['  ^1.0.0  ||  ^2.0.0 ', '2.3.0', true],
    ['>*', '1.0.0', false],
    ['<*', '0.0.0', false],
    ['>=*', '0.0.1', true],
  ])('%s includes %s: %s', (range, version, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it.each([
    ['^1.2.0', '1.3.0-beta', false],
    ['>=1.2.0', '1.3.0-beta', false],
    ['*', '1.0.0-rc.1', false],
    ['^1.2.3-beta.2', '1.2.3-beta.4', true],
    ['^1.2.3-beta.2', '1.2.3-beta.1', false],
    ['^1.2.3-beta.2', '1.2.4-beta.2', false],
    ['^1.2.3-beta.2', '1.2.3', true],
    ['>=1.3.0-alpha <2', '1.3.0-beta', true],
    ['~1.2.3-rc.1', '1.2.3-rc.2', true],
    ['1.2.3-rc.1', '1.2.3-rc.1+build.7', true],
    ['^1', '2.0.0-0', false],
  ])('prereleases: %s includes %s: %s (only when the range names the same core version)', (range, version, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('accepts parsed versions and ranges as well as text', () => {
    const range = parseVersionRange('^2');
    const version = parseSemVer('2.4.0');
    expect(range && version && satisfies(version, range)).toBe(true);
  });

  it('is false, never a throw, for invalid versions or ranges', () => {
    expect(satisfies('v1.0.0', '*')).toBe(false);
    expect(satisfies('1.0.0', '^^1')).toBe(false);
    expect(satisfies('1.0.0', 'a'.repeat(10_000_000))).toBe(false);
  });
});

describe('parseVersionRange', () => {
  it('keeps the text and groups comparators by alternative', () => {
    const range = parseVersionRange('>=1.0.0 <2.0.0 || 3.0.0');
    expect(range?.text).toBe('>=1.0.0 <2.0.0 || 3.0.0');
    expect(range?.alternatives.map((comparators) => comparators.map((c) => c.operator))).toEqual([['>=', '<'], ['=']]);
  });

  it.each([
    '',
    '   ',
    '||',
    '1.0.0 ||',
    '|| 1.0.0',
    'v1.0.0',
    '^v1',
    '~>1.2',
    '1.0.0 - 2.0.0',
    '>=',
    '>= ',
    '^^1',
    '1.x.3',
    'x.1',
    '1.2.x-beta',
    '1.2-beta',
    '01.2.3',
    '1.2.3-01',
    '1.2.3.4',
    'latest',
    '>=1.0.0 && <2',
    '1.0.0\u0000',
    '99999999999999999999',
  ])('refuses %j', (text) => {
    expect(parseVersionRange(text)).toBeUndefined();
  });

  it('refuses non-strings and text longer than 256 characters', () => {
    for (const value of [null, undefined, 1, {}, ['^1'], true]) expect(parseVersionRange(value)).toBeUndefined();
    expect(parseVersionRange(`1.0.0${' '.repeat(251)}`)).toBeDefined();
    expect(parseVersionRange(`1.0.0${' '.repeat(252)}`)).toBeUndefined();
    expect(parseVersionRange('|'.repeat(10_000_000))).toBeUndefined();
  });
});

describe('maxSatisfying', () => {
  const versions = ['1.0.0', '1.4.2', '1.10.0', '2.0.0-rc.1', '2.0.0', '2.1.0', '3.0.0-beta'];

  it('picks the highest version in the range by precedence, not by text', () => {
    expect(maxSatisfying(versions, '^1')).toBe('1.10.0');
    expect(maxSatisfying(versions, '*')).toBe('2.1.0');
    expect(maxSatisfying(versions, '2.0.x')).toBe('2.0.0');
    expect(maxSatisfying(versions, '>=3.0.0-alpha')).toBe('3.0.0-beta');
  });

  it('returns undefined when nothing matches or the range is invalid', () => {
    expect(maxSatisfying(versions, '^4')).toBeUndefined();
    expect(maxSatisfying(versions, 'not a range')).toBeUndefined();
    expect(maxSatisfying([], '*')).toBeUndefined();
  });

  it('skips entries that are not versions and returns the caller\'s own item', () => {
    expect(maxSatisfying(['garbage', '1.0.0', 'v9.0.0'], '*')).toBe('1.0.0');
    const parsed = ['1.0.0', '1.1.0'].map((text) => parseSemVer(text)!);
    expect(maxSatisfying(parsed, '^1')).toBe(parsed[1]);
  });
});
