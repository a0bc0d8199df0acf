import { appendPointer, isPlainObject } from '@acode/domain';
import type { JsonSchemaObject } from '@acode/domain';
import { compileRe2Pattern } from './re2-pattern.js';
import { registerRe2Format, type Re2FormatEntry } from './re2-format.js';
import {
  CHILD_SCHEMA_ARRAY_KEYWORDS,
  CHILD_SCHEMA_KEYWORDS,
  CHILD_SCHEMA_MAP_KEYWORDS,
  DEFINITION_MAP_KEYWORDS,
  IN_PLACE_SCHEMA_ARRAY_KEYWORDS,
  IN_PLACE_SCHEMA_KEYWORDS,
  IN_PLACE_SCHEMA_MAP_KEYWORDS,
} from './schema-keywords.js';

/** Where a schema object of the engine's copy came from in the original schema. */
export interface SchemaOrigin {
  /** JSON Pointer of this schema in the original. */
  readonly pointer: string;
  /** The original schema object holding this schema's keywords (its parent, for a `false` schema). */
  readonly holder: JsonSchemaObject;
  /** Set when this object stands for a `false` schema: the keyword that holds it (`additionalProperties`). */
  readonly falseKeyword?: string;
  /** Set when the original's `pattern` was rewritten to an RE2 format. */
  readonly re2Format?: Re2FormatEntry;
}

/** How to prepare the engine's copy. */
export interface EngineCopyOptions {
  /** Pointers of the schemas to close with `unevaluatedProperties: false` (see `findStrictBoundaries`). */
  readonly closeAt: ReadonlySet<string>;
  /** Rewrite `pattern` to an RE2-backed format; refuse `patternProperties` keys RE2 cannot compile. */
  readonly re2Patterns: boolean;
}

/** The engine's copy, or the first pattern (or `patternProperties` key) RE2 refused. */
export type EngineCopyResult =
  | { readonly ok: true; readonly copy: unknown; readonly origins: WeakMap<object, SchemaOrigin> }
  | { readonly ok: false; readonly pointer: string; readonly reason: string };

class PatternRefused {
  constructor(
    readonly pointer: string,
    readonly reason: string,
  ) {}
}

const EMPTY_HOLDER: JsonSchemaObject = Object.freeze({});

/**
 * Builds the copy of a schema the engine validates with, leaving the original untouched (the
 * engine annotates what it dereferences, and the original is frozen):
 * - `false` schemas become `{not: {}}` (same meaning), because the engine reports a `false` schema
 *   without its schema location, and `not` with it;
 * - schemas in `closeAt` get `unevaluatedProperties: false` (decision 7);
 * - with `re2Patterns`, `pattern` becomes a format that runs RE2 (see `registerRe2Format`), and
 *   every `patternProperties` key must compile on RE2, which matches it (see `boundedValidate`).
 * Every schema object of the copy maps back to its origin, so violations name the original.
 * Recursive: the caller bounds the depth first.
 */
export function buildEngineCopy(schema: unknown, options: EngineCopyOptions): EngineCopyResult {
  const origins = new WeakMap<object, SchemaOrigin>();
  try {
    const copy = copySchema(schema, '', EMPTY_HOLDER, 'false', options, origins);
    return { ok: true, copy, origins };
  } catch (error) {
    if (error instanceof PatternRefused) return { ok: false, pointer: error.pointer, reason: error.reason };
    throw error;
  }
}

function copySchema(schema: unknown, pointer: string, parent: JsonSchemaObject, keyword: string, options: EngineCopyOptions, origins: WeakMap<object, SchemaOrigin>): unknown {
  if (schema === false) {
    const replacement = { not: {} };
    origins.set(replacement, { pointer, holder: parent, falseKeyword: keyword });
    return replacement;
  }
  if (!isPlainObject(schema)) return structuredClone(schema);
  const original = schema as JsonSchemaObject;
  const copy: Record<string, unknown> = {};
  let re2Format: Re2FormatEntry | undefined;
  for (const [key, value] of Object.entries(original)) {
    const at = appendPointer(pointer, key);
    if (IN_PLACE_SCHEMA_KEYWORDS.has(key) || CHILD_SCHEMA_KEYWORDS.has(key)) {
      copy[key] = copySchema(value, at, original, key, options, origins);
    } else if ((IN_PLACE_SCHEMA_ARRAY_KEYWORDS.has(key) || CHILD_SCHEMA_ARRAY_KEYWORDS.has(key)) && Array.isArray(value)) {
      copy[key] = value.map((item, index) => copySchema(item, appendPointer(at, index), original, key, options, origins));
    } else if ((IN_PLACE_SCHEMA_MAP_KEYWORDS.has(key) || CHILD_SCHEMA_MAP_KEYWORDS.has(key) || DEFINITION_MAP_KEYWORDS.has(key)) && isPlainObject(value)) {
      // `patternProperties` keys run on RE2 too (see `boundedValidate`): each must compile there.
      if (key === 'patternProperties' && options.re2Patterns) {
        for (const name of Object.keys(value)) {
          const compiled = compileRe2Pattern(name);
          if (!compiled.ok) throw new PatternRefused(appendPointer(at, name), compiled.reason);
        }
      }
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, copySchema(item, appendPointer(at, name), original, key, options, origins)]));
    } else if (key === 'pattern' && options.re2Patterns && typeof value === 'string') {
      const compiled = compileRe2Pattern(value);
      if (!compiled.ok) throw new PatternRefused(at, compiled.reason);
      re2Format = registerRe2Format(value, compiled.regex, typeof original.format === 'string' ? original.format : undefined);
    } else {
      copy[key] = structuredClone(value);
    }
  }
  if (re2Format !== undefined) copy.format = re2Format.name;
  if (options.closeAt.has(pointer) && copy.unevaluatedProperties === undefined) {
    const closer = { not: {} };
    origins.set(closer, { pointer: appendPointer(pointer, 'unevaluatedProperties'), holder: original, falseKeyword: 'unevaluatedProperties' });
    copy.unevaluatedProperties = closer;
  }
  origins.set(copy, re2Format === undefined ? { pointer, holder: original } : { pointer, holder: original, re2Format });
  return copy;
}
