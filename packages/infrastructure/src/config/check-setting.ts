import type { ConfigWarning } from './acode-config.js';
import { invalidValue, valueWarning } from './config-problems.js';
import { describeValue, dottedKey, quote } from './describe-value.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { describeRule, type SettingRule, type SettingValue } from './setting-rule.js';
import { utf8ByteLength } from '../validation/utf8-byte-length.js';

/** `{name}` in a template. Linear: one character class, no nested quantifier. */
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Most unknown placeholders named in one warning, so a hostile template cannot flood the output. */
const MAX_PLACEHOLDERS_NAMED = 5;

/**
 * Checks one setting against its rule and returns the value. A wrong type or an
 * out-of-range value throws ACODE-CFG-002 naming file, line, dotted key and what is allowed;
 * a value accepted but not honoured as written adds an ACODE-CFG-002 warning to `warnings`.
 * YAML 1.1 words (`yes`, `on`) and quoted numbers are strings here, never coerced.
 */
export function checkSetting(document: ConfigDocument, path: ConfigPath, rule: SettingRule, value: unknown, warnings: ConfigWarning[]): SettingValue {
  const expected = describeRule(rule);
  switch (rule.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) throw invalidValue(document, path, expected, value);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalidValue(document, path, expected, value);
      if (rule.unsupported?.value === value) {
        const reason = `${dottedKey(path)} cannot be ${value}: ${rule.unsupported.reason}`;
        if (rule.unsupported.severity === 'error') throw invalidValue(document, path, expected, value, reason);
        warnings.push(valueWarning(document, path, reason));
      }
      return value;
    case 'enum':
      if (typeof value !== 'string' || !rule.values.includes(value)) throw invalidValue(document, path, expected, value);
      return value;
    case 'string': {
      if (typeof value !== 'string' || value.trim() === '') throw invalidValue(document, path, expected, value);
      const bytes = utf8ByteLength(value);
      if (bytes > rule.maxBytes) throw invalidValue(document, path, expected, value, `${dottedKey(path)} must be ${expected}; got ${bytes} bytes`);
      if (rule.placeholders) {
        const unknown = unknownPlaceholders(value, rule.placeholders);
        if (unknown.length > 0) warnings.push(valueWarning(document, path, placeholderReason(path, unknown, rule.placeholders)));
      }
      return value;
    }
    case 'list':
      return checkList(document, path, rule.values, expected, value);
  }
}

/** A list of distinct names from `allowed`; the first wrong entry is named with the allowed values. */
function checkList(document: ConfigDocument, path: ConfigPath, allowed: readonly string[], expected: string, value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidValue(document, path, expected, value);
  const seen = new Set<string>();
  value.forEach((item: unknown, position) => {
    const itemPath = [...path, position];
    if (typeof item !== 'string' || !allowed.includes(item)) {
      throw invalidValue(document, itemPath, expected, item, `${dottedKey(path)} lists ${describeValue(item)}, which is not one of: ${allowed.join(', ')}`);
    }
    if (seen.has(item)) throw invalidValue(document, itemPath, expected, item, `${dottedKey(path)} lists ${quote(item)} twice`);
    seen.add(item);
  });
  return Object.freeze([...(value as string[])]);
}

/** The distinct placeholders of `text` that are not in `allowed`, in order of first use. */
function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!allowed.includes(name)) unknown.add(name);
  }
  return [...unknown];
}

function placeholderReason(path: ConfigPath, unknown: readonly string[], allowed: readonly string[]): string {
  const named = unknown.slice(0, MAX_PLACEHOLDERS_NAMED).map((name) => quote(`{${name}}`));
  const more = unknown.length > MAX_PLACEHOLDERS_NAMED ? ` and ${unknown.length - MAX_PLACEHOLDERS_NAMED} more` : '';
  const noun = unknown.length === 1 ? 'placeholder' : 'placeholders';
  return (
    `${dottedKey(path)} uses unknown ${noun} ${named.join(', ')}${more}, which will be sent to the model as written; ` +
    `known placeholders: ${allowed.map((name) => `{${name}}`).join(', ')}`
  );
}
