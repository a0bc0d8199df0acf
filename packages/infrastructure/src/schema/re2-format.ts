import { createHash } from 'node:crypto';
import { format as engineFormats } from '@cfworker/json-schema';
import type { RE2JS } from 're2js';
import { re2Search } from './re2-pattern.js';

/** Prefix of the format names that carry rewritten `pattern`s; refused in tool schemas. */
export const RE2_FORMAT_PREFIX = 'acode-re2:';

/** What a registered format stands for, so a failure can be split back into `pattern` and `format`. */
export interface Re2FormatEntry {
  readonly name: string;
  readonly regex: RE2JS;
  /** The schema's own `format`, asserted together with the pattern; absent when it had none. */
  readonly originalFormat: string | undefined;
}

const entries = new Map<string, Re2FormatEntry>();

/**
 * Registers, once per process, a format in @cfworker/json-schema's format table that runs
 * `regex` with RE2 (plus the schema's own `format`, which the rewrite displaces). The engine
 * calls `new RegExp(pattern)` for `pattern` and offers no hook, but it looks formats up in that
 * exported table at validation time; a `pattern` rewritten to such a format therefore runs in
 * linear time. Names derive from the pattern and format, so equal pairs share one entry; the table
 * grows with the distinct patterns of registered schemas, which are few and fixed at startup.
 */
export function registerRe2Format(pattern: string, regex: RE2JS, originalFormat: string | undefined): Re2FormatEntry {
  // The full digest: a collision would make one pattern validate with another's regex.
  const name = RE2_FORMAT_PREFIX + createHash('sha256').update(JSON.stringify([pattern, originalFormat ?? null])).digest('hex');
  const existing = entries.get(name);
  if (existing !== undefined) return existing;
  const entry: Re2FormatEntry = { name, regex, originalFormat };
  const formatCheck = originalFormatCheck(originalFormat);
  engineFormats[name] = (value: string) => re2Search(regex, value) && (formatCheck === undefined || formatCheck(value));
  entries.set(name, entry);
  return entry;
}

/** The entry of a registered format name; `undefined` for every other format. */
export function re2FormatEntry(name: unknown): Re2FormatEntry | undefined {
  return typeof name === 'string' ? entries.get(name) : undefined;
}

/** The engine's check of a standard format; `undefined` for unknown formats, which it does not assert. */
export function originalFormatCheck(name: string | undefined): ((value: string) => boolean) | undefined {
  if (name === undefined || name.startsWith(RE2_FORMAT_PREFIX)) return undefined;
  return engineFormats[name];
}
