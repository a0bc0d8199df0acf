import { ERROR_CODES, type ValidationError } from '@acode/domain';
import { SECRET_KEY_PATTERN } from '../../tool-calls/scrub-secrets.js';
import type { RawViolation } from '../../schema/raw-violation.js';
import { boundedPath } from '../display-text.js';
import { renderValue } from '../render-value.js';

/** What a mapper may read besides the violation it maps. */
export interface MappingContext {
  /** Whether `actual` may show values (decision 11). */
  readonly includeActualValues: boolean;
  /** Every violation of the group being mapped, for mappers that read a wrapper's leaves. */
  readonly violations: readonly RawViolation[];
  /** Maps a subset through the whole pipeline (a composition that picks one branch). */
  mapNested(violations: readonly RawViolation[]): ValidationError[];
  /**
   * True the first time it is called with `key`: engines report some failures once per item
   * (each missing property, each unknown property) where a mapper reports them all at once.
   */
  once(key: string): boolean;
}

/**
 * Maps the violations of one keyword family to model-facing errors, in the manner of an Ajv
 * vocabulary: the keywords it owns and a pure `map`. An empty result means the violation is a
 * wrapper whose leaves say what is wrong.
 */
export interface ViolationMapper {
  /** Keywords whose violations this mapper handles. */
  readonly keywords: readonly string[];
  /** Maps one violation; never throws, never includes a regex source, schema or default value. */
  map(violation: RawViolation, context: MappingContext): readonly ValidationError[];
}

/** The rendered value for `actual`, or `undefined` when values must not be shown. */
export function renderActual(value: unknown, context: MappingContext): string | undefined {
  return context.includeActualValues ? renderValue(value) : undefined;
}

/** Fields a constraint mapper decides; the rest come from the violation. */
export interface ConstraintErrorFields {
  readonly message: string;
  readonly expected?: string;
  readonly suggestion?: string;
  /** Defaults to the violation's instance path. */
  readonly path?: string;
  /** Defaults to the violation's value. */
  readonly value?: unknown;
}

/**
 * True when a property on `pointer` has a secret-looking name (`api_key`, `token`, `password`,
 * `authorization`...: the log scrubber's key rule). The value under such a key is never echoed
 * as `actual`, whatever `include_actual_values` says: errors reach the model, the terminal and logs.
 */
export function isSecretPath(pointer: string): boolean {
  // `~1` and `~0` (RFC 6901 escapes) cannot hide a secret word: the pattern has no `/` or `~`.
  return pointer.split('/').some((token) => SECRET_KEY_PATTERN.test(token.slice(0, 256)));
}

/** An ACODE-TSR-005 error for `violation`, with `actual` rendered per the context (never under a secret-named key). */
export function constraintError(violation: RawViolation, context: MappingContext, fields: ConstraintErrorFields): ValidationError {
  const value = 'value' in fields ? fields.value : violation.value;
  const path = fields.path ?? violation.instancePath;
  return withoutUndefined({
    path: boundedPath(path),
    code: ERROR_CODES.CONSTRAINT_VIOLATION,
    message: fields.message,
    expected: fields.expected,
    actual: isSecretPath(path) ? undefined : renderActual(value, context),
    suggestion: fields.suggestion,
    keyword: violation.keyword,
  });
}

/** Drops `undefined` fields so errors serialise without empty keys. */
export function withoutUndefined(error: ValidationError): ValidationError {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (value !== undefined) copy[key] = value;
  return copy as unknown as ValidationError;
}

/** Reads an own property of a value the engine reported, without touching prototypes. */
export function ownProperty(value: unknown, name: string): { readonly found: boolean; readonly value: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { found: false, value: undefined };
  if (!Object.prototype.hasOwnProperty.call(value, name)) return { found: false, value: undefined };
  return { found: true, value: (value as Record<string, unknown>)[name] };
}

/** A keyword value that is a non-negative number, or `undefined`. */
export function numberKeyword(schema: Record<string, unknown>, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `1 item`, `2 items`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
