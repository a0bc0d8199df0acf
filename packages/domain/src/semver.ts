/**
 * A semantic version (semver 2.0.0). Prerelease identifiers are kept as text so numeric
 * identifiers of any length compare exactly; build metadata is kept but never affects precedence.
 */
export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Dot-separated prerelease identifiers (`['beta', '2']` for `-beta.2`); empty for a release. */
  readonly prerelease: readonly string[];
  /** Dot-separated build identifiers (`['sha', '5114f85']` for `+sha.5114f85`); empty when absent. */
  readonly build: readonly string[];
}

/** Longest version or range text accepted; longer input is refused without being scanned. */
export const MAX_SEMVER_LENGTH = 256;

// The grammar of semver.org §2, §9, §10: no leading zeros, no `v` prefix, identifiers non-empty.
const NUMERIC = '0|[1-9]\\d*';
const PRERELEASE_ID = `(?:${NUMERIC}|\\d*[a-zA-Z-][0-9a-zA-Z-]*)`;
const BUILD_ID = '[0-9a-zA-Z-]+';
const SEMVER_PATTERN = new RegExp(
  `^(${NUMERIC})\\.(${NUMERIC})\\.(${NUMERIC})` +
    `(?:-(${PRERELEASE_ID}(?:\\.${PRERELEASE_ID})*))?` +
    `(?:\\+(${BUILD_ID}(?:\\.${BUILD_ID})*))?$`,
);
const NUMERIC_ID = /^\d+$/;

/**
 * Parses `MAJOR.MINOR.PATCH[-prerelease][+build]`. Returns `undefined` for anything else,
 * including non-strings, text longer than {@link MAX_SEMVER_LENGTH} and numbers above
 * `Number.MAX_SAFE_INTEGER` (they could not be compared exactly).
 */
export function parseSemVer(text: unknown): SemVer | undefined {
  if (typeof text !== 'string' || text.length > MAX_SEMVER_LENGTH) return undefined;
  const match = SEMVER_PATTERN.exec(text);
  if (!match) return undefined;
  const [, major, minor, patch, prerelease, build] = match;
  const numbers = [major, minor, patch].map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n))) return undefined;
  return Object.freeze({
    major: numbers[0]!,
    minor: numbers[1]!,
    patch: numbers[2]!,
    prerelease: Object.freeze(prerelease === undefined ? [] : prerelease.split('.')),
    build: Object.freeze(build === undefined ? [] : build.split('.')),
  });
}

/** True when `text` is a valid semantic version. */
export function isSemVer(text: unknown): text is string {
  return parseSemVer(text) !== undefined;
}

/**
 * Orders two versions by semver precedence (§11): major, minor, patch numerically; a prerelease
 * ranks below its release; prerelease identifiers compare one by one, numeric ones numerically and
 * below alphanumeric ones, a longer list ranking higher when all before are equal. Build metadata
 * is ignored, so `1.0.0+a` and `1.0.0+b` compare equal. Returns -1, 0 or 1.
 */
export function compareSemVer(a: SemVer, b: SemVer): -1 | 0 | 1 {
  return (
    compareNumbers(a.major, b.major) ||
    compareNumbers(a.minor, b.minor) ||
    compareNumbers(a.patch, b.patch) ||
    comparePrerelease(a.prerelease, b.prerelease)
  );
}

/** The canonical text of a version; build metadata is included unless `withBuild` is false. */
export function formatSemVer(version: SemVer, withBuild = true): string {
  let text = `${version.major}.${version.minor}.${version.patch}`;
  if (version.prerelease.length > 0) text += `-${version.prerelease.join('.')}`;
  if (withBuild && version.build.length > 0) text += `+${version.build.join('.')}`;
  return text;
}

function comparePrerelease(a: readonly string[], b: readonly string[]): -1 | 0 | 1 {
  // A release outranks every prerelease of the same core version.
  if (a.length === 0 || b.length === 0) return compareNumbers(b.length, a.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareIdentifiers(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return compareNumbers(a.length, b.length);
}

function compareIdentifiers(a: string, b: string): -1 | 0 | 1 {
  const aNumeric = NUMERIC_ID.test(a);
  const bNumeric = NUMERIC_ID.test(b);
  if (aNumeric && bNumeric) {
    // No leading zeros, so the longer digit string is the larger number, whatever its size.
    return compareNumbers(a.length, b.length) || compareText(a, b);
  }
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return compareText(a, b);
}

function compareNumbers(a: number, b: number): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ASCII order, as §11 asks; `localeCompare` would not be. */
function compareText(a: string, b: string): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}
