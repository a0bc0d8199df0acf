import { describe, expect, it } from 'vitest';
import { compareSemVer, formatSemVer, isSemVer, MAX_SEMVER_LENGTH, parseSemVer, type SemVer } from '../src/semver.js';

function parsed(text: string): SemVer {
  const version = parseSemVer(text);
  if (version === undefined) throw new Error(`test setup: ${text} should parse`);
  return version;
}

describe('parseSemVer', () => {
  it('reads the three numbers, prerelease and build identifiers', () => {
    expect(parseSemVer('1.2.3-alpha.1+sha.5114f85')).toEqual({
      major: 1,
      minor: 2,
      patch: 3,
      prerelease: ['alpha', '1'],
      build: ['sha', '5114f85'],
    });
    expect(parseSemVer('0.0.0')).toEqual({ major: 0, minor: 0, patch: 0, prerelease: [], build: [] });
  });

  it.each([
    '1.0.0',
    '10.20.30',
    '1.0.0-alpha',
    '1.0.0-0.3.7',
    '1.0.0-x.7.z.92',
    '1.0.0-x-y-z.--',
    '1.0.0+20130313144700',
    '1.0.0-beta+exp.sha.5114f85',
    '1.0.0+21AF26D3----117B344092BD',
    '1.0.0-alpha0.valid',
    '1.0.0-0A.is.legal',
    '1.0.0+0.build.1-rc.10000aaa-kk-0.1',
    '99999999999999.0.0',
  ])('accepts %s (semver.org valid examples)', (text) => {
    expect(isSemVer(text)).toBe(true);
  });

  it.each([
    '1',
    '1.2',
    '1.2.3.4',
    'v1.2.3',
    '01.2.3',
    '1.02.3',
    '1.2.03',
    '1.2.3-01',
    '1.2.3-alpha..1',
    '1.2.3-',
    '1.2.3+',
    '1.2.3+build..1',
    '-1.2.3',
    ' 1.2.3',
    '1.2.3 ',
    '1.2.3-beta_1',
    '1.2.3\n',
    '',
    '99999999999999999999.0.0',
  ])('refuses %j', (text) => {
    expect(parseSemVer(text)).toBeUndefined();
  });

  it('refuses non-strings without throwing', () => {
    for (const value of [null, undefined, 1, 1.2, {}, [], ['1.0.0'], { major: 1 }, Symbol('x')]) {
      expect(parseSemVer(value)).toBeUndefined();
    }
  });

  it('refuses text longer than the limit without scanning it', () => {
    const long = `1.0.0-${'a'.repeat(MAX_SEMVER_LENGTH)}`;
    expect(parseSemVer(long)).toBeUndefined();
    expect(parseSemVer(`1.0.0-${'a'.repeat(MAX_SEMVER_LENGTH - 6)}`)).toBeDefined();
    expect(parseSemVer('1.'.repeat(5_000_000))).toBeUndefined();
  });
});

describe('compareSemVer', () => {
  // semver.org §11: 1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta < 1.0.0-beta < 1.0.0-beta.2
  // < 1.0.0-beta.11 < 1.0.0-rc.1 < 1.0.0, and 1.0.0 < 2.0.0 < 2.1.0 < 2.1.1.
  const ascending = [
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.11',
    '1.0.0-rc.1',
    '1.0.0',
    '2.0.0',
    '2.1.0',
    '2.1.1',
    '10.0.0',
  ];

  it('orders the semver.org precedence table, in both directions', () => {
    for (let i = 0; i < ascending.length; i++) {
      for (let j = 0; j < ascending.length; j++) {
        const expected = Math.sign(i - j);
        expect(compareSemVer(parsed(ascending[i]!), parsed(ascending[j]!)), `${ascending[i]} vs ${ascending[j]}`).toBe(expected);
      }
    }
  });

  it('sorts a shuffled list into precedence order', () => {
    const shuffled = [...ascending].reverse().sort((a, b) => a.length - b.length);
    const sorted = shuffled.map(parsed).sort(compareSemVer).map((v) => formatSemVer(v));
    expect(sorted).toEqual(ascending);
  });

  it('ignores build metadata', () => {
    expect(compareSemVer(parsed('1.0.0+a'), parsed('1.0.0+b'))).toBe(0);
    expect(compareSemVer(parsed('1.0.0-rc.1+a'), parsed('1.0.0-rc.1'))).toBe(0);
  });

  it('compares numeric prerelease identifiers exactly, even past Number.MAX_SAFE_INTEGER', () => {
    expect(compareSemVer(parsed('1.0.0-9007199254740993'), parsed('1.0.0-9007199254740992'))).toBe(1);
    expect(compareSemVer(parsed('1.0.0-100'), parsed('1.0.0-99'))).toBe(1);
  });

  it('ranks numeric identifiers below alphanumeric ones and compares text in ASCII order', () => {
    expect(compareSemVer(parsed('1.0.0-1'), parsed('1.0.0-a'))).toBe(-1);
    expect(compareSemVer(parsed('1.0.0-B'), parsed('1.0.0-a'))).toBe(-1);
  });
});

describe('formatSemVer', () => {
  it('writes the canonical text, with or without build metadata', () => {
    expect(formatSemVer(parsed('1.2.3-rc.1+build.5'))).toBe('1.2.3-rc.1+build.5');
    expect(formatSemVer(parsed('1.2.3-rc.1+build.5'), false)).toBe('1.2.3-rc.1');
    expect(formatSemVer({ major: 4, minor: 0, patch: 1, prerelease: [], build: [] })).toBe('4.0.1');
  });
});
