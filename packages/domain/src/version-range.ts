import { ERROR_CODES } from './error-codes.js';
import { compareSemVer, MAX_SEMVER_LENGTH, parseSemVer, type SemVer } from './semver.js';
import type { ValidationError } from './validation-error.js';

/** How a comparator relates a version to its bound. */
export type ComparatorOperator = '<' | '<=' | '>' | '>=' | '=';

/** One bound of a range, such as `>=1.2.0`. */
export interface Comparator {
  readonly operator: ComparatorOperator;
  readonly version: SemVer;
}

/**
 * A parsed version range: alternatives joined by `||`, each a list of comparators that must all
 * hold. An empty comparator list matches every release (`*`).
 */
export interface VersionRange {
  /** The text the range was parsed from. */
  readonly text: string;
  readonly alternatives: ReadonlyArray<readonly Comparator[]>;
}

const PART = 'x|X|\\*|0|[1-9]\\d*';
const PARTIAL_PATTERN = new RegExp(
  `^(${PART})(?:\\.(${PART})(?:\\.(${PART})((?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?))?)?$`,
);
const OPERATOR_PATTERN = /^(\^|~|>=|<=|>|<|=)?(.*)$/s;
const BARE_OPERATOR = /^(\^|~|>=|<=|>|<|=)$/;
/** Matches nothing: no version ranks below `0.0.0-0`. */
const NOTHING: readonly Comparator[] = Object.freeze([{ operator: '<', version: core(0, 0, 0, ['0']) }]);

/**
 * Parses an npm-style range: exact `1.2.3`, partial `1`, `1.x`, `1.2.x`, any `*`/`x`, caret
 * `^1.2.3`, tilde `~1.2`, comparators `>=1.2.0 <2.0.0` (a space means AND) and `||` (OR).
 * Hyphen ranges (`1.0.0 - 2.0.0`) and a `v` prefix are not accepted. Returns `undefined` for
 * anything invalid, empty, or longer than {@link MAX_SEMVER_LENGTH}; never throws.
 */
export function parseVersionRange(text: unknown): VersionRange | undefined {
  if (typeof text !== 'string' || text.length > MAX_SEMVER_LENGTH) return undefined;
  const alternatives: Comparator[][] = [];
  for (const alternative of text.split('||')) {
    const tokens = tokenize(alternative);
    if (tokens === undefined || tokens.length === 0) return undefined;
    const comparators: Comparator[] = [];
    for (const token of tokens) {
      const desugared = desugar(token);
      if (desugared === undefined) return undefined;
      comparators.push(...desugared);
    }
    alternatives.push(comparators);
  }
  return Object.freeze({ text, alternatives: Object.freeze(alternatives.map((a) => Object.freeze(a))) });
}

/**
 * True when `version` lies in `range`. A prerelease version matches only when one comparator of
 * the matching alternative names a prerelease of the same `major.minor.patch` (npm's rule): `^1.2.0`
 * does not match `1.3.0-beta`, `>=1.3.0-alpha <2` does. Invalid input of either kind is `false`.
 */
export function satisfies(version: SemVer | string, range: VersionRange | string): boolean {
  const parsedVersion = typeof version === 'string' ? parseSemVer(version) : version;
  const parsedRange = typeof range === 'string' ? parseVersionRange(range) : range;
  if (parsedVersion === undefined || parsedRange === undefined) return false;
  return parsedRange.alternatives.some((comparators) => matchesAll(parsedVersion, comparators));
}

/**
 * The highest of `versions` that lies in `range`, by semver precedence; `undefined` when none does
 * or the range is invalid. Entries that are not valid versions are skipped.
 */
export function maxSatisfying<T extends SemVer | string>(versions: Iterable<T>, range: VersionRange | string): T | undefined {
  const parsedRange = typeof range === 'string' ? parseVersionRange(range) : range;
  if (parsedRange === undefined) return undefined;
  let best: { item: T; version: SemVer } | undefined;
  for (const item of versions) {
    const version = typeof item === 'string' ? parseSemVer(item) : (item as SemVer);
    if (version === undefined || !satisfies(version, parsedRange)) continue;
    if (best === undefined || compareSemVer(version, best.version) > 0) best = { item, version };
  }
  return best?.item;
}

function matchesAll(version: SemVer, comparators: readonly Comparator[]): boolean {
  if (!comparators.every((comparator) => test(version, comparator))) return false;
  if (version.prerelease.length === 0) return true;
  return comparators.some(
    ({ version: bound }) =>
      bound.prerelease.length > 0 &&
      bound.major === version.major &&
      bound.minor === version.minor &&
      bound.patch === version.patch,
  );
}

function test(version: SemVer, { operator, version: bound }: Comparator): boolean {
  const order = compareSemVer(version, bound);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

/** Splits on whitespace, joining a lone operator (`>= 1.2.3`) to the version after it. */
function tokenize(alternative: string): string[] | undefined {
  const words = alternative.trim().split(/\s+/).filter((word) => word.length > 0);
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (BARE_OPERATOR.test(word)) {
      const next = words[++i];
      if (next === undefined) return undefined;
      tokens.push(word + next);
    } else {
      tokens.push(word);
    }
  }
  return tokens;
}

interface PartialVersion {
  /** The numeric parts given before the first wildcard: 0 to 3 of them. */
  readonly parts: readonly number[];
  readonly prerelease: readonly string[];
}

/** Turns one token into the comparators it stands for (npm's desugaring). */
function desugar(token: string): readonly Comparator[] | undefined {
  const [, operator = '', rest = ''] = OPERATOR_PATTERN.exec(token) ?? [];
  const partial = parsePartial(rest);
  if (partial === undefined) return undefined;
  const [major = 0, minor = 0, patch = 0] = partial.parts;
  const given = partial.parts.length;
  const exact = core(major, minor, patch, partial.prerelease);
  // The first version past the partial: `1` → 2.0.0, `1.2` → 1.3.0; `-0` keeps its prereleases out.
  const next = given === 1 ? core(major + 1, 0, 0, ['0']) : core(major, minor + 1, 0, ['0']);
  const between = (upper: SemVer): Comparator[] => [
    { operator: '>=', version: exact },
    { operator: '<', version: upper },
  ];

  if (given === 0) return operator === '>' || operator === '<' ? NOTHING : [];
  switch (operator) {
    case '':
    case '=':
      return given === 3 ? [{ operator: '=', version: exact }] : between(next);
    case '~':
      return given === 1 ? between(next) : between(core(major, minor + 1, 0, ['0']));
    case '^':
      if (major > 0 || given === 1) return between(core(major + 1, 0, 0, ['0']));
      if (minor > 0 || given === 2) return between(core(0, minor + 1, 0, ['0']));
      return between(core(0, 0, patch + 1, ['0']));
    case '>=':
      return [{ operator: '>=', version: exact }];
    case '>':
      return given === 3 ? [{ operator: '>', version: exact }] : [{ operator: '>=', version: withoutPrerelease(next) }];
    case '<':
      return [{ operator: '<', version: given === 3 ? exact : core(major, minor, 0, ['0']) }];
    case '<=':
      return given === 3 ? [{ operator: '<=', version: exact }] : [{ operator: '<', version: next }];
    default:
      return undefined;
  }
}

function parsePartial(text: string): PartialVersion | undefined {
  const match = PARTIAL_PATTERN.exec(text);
  if (!match) return undefined;
  const [, major, minor, patch, qualifier] = match;
  const parts: number[] = [];
  let wildcardSeen = false;
  for (const part of [major, minor, patch]) {
    if (part === undefined) break;
    if (part === 'x' || part === 'X' || part === '*') {
      wildcardSeen = true;
      continue;
    }
    // `1.x.3` or `x.1` says two different things at once.
    if (wildcardSeen) return undefined;
    const value = Number(part);
    if (!Number.isSafeInteger(value)) return undefined;
    parts.push(value);
  }
  if (!qualifier) return { parts, prerelease: [] };
  if (parts.length !== 3) return undefined;
  const version = parseSemVer(`${parts.join('.')}${qualifier}`);
  return version === undefined ? undefined : { parts, prerelease: version.prerelease };
}

function core(major: number, minor: number, patch: number, prerelease: readonly string[]): SemVer {
  return Object.freeze({ major, minor, patch, prerelease: Object.freeze([...prerelease]), build: Object.freeze([]) });
}

function withoutPrerelease(version: SemVer): SemVer {
  return core(version.major, version.minor, version.patch, []);
}

/** Longest version query echoed back in an error. */
const MAX_ECHOED_QUERY_LENGTH = 64;

/**
 * The error for a version query that is neither an exact version nor a valid range (`>==1`):
 * ACODE-TSR-011, so a typo is not reported as "no matching version" (issue 13). `undefined`
 * for an absent or blank query (the highest version) and for any valid version or range.
 */
export function invalidVersionQueryError(query: string | undefined): ValidationError | undefined {
  if (query === undefined || query.trim() === '') return undefined;
  if (parseSemVer(query.trim()) !== undefined || parseVersionRange(query) !== undefined) return undefined;
  const cut = query.length > MAX_ECHOED_QUERY_LENGTH ? `${query.slice(0, MAX_ECHOED_QUERY_LENGTH)}…` : query;
  const shown = JSON.stringify(cut).replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return {
    path: '',
    code: ERROR_CODES.INVALID_VERSION_RANGE,
    message: `Invalid version range: ${shown} is neither a version nor a valid range`,
    expected: "an exact version such as 1.2.0, or a range such as ^1.2, ~1.2.3, >=1.0.0 <2.0.0 or 1.x || 2.x",
    suggestion: 'Fix the version range, or omit the version for the highest',
  };
}
