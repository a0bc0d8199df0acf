import { ERROR_CODES } from '@acode/domain';
import { isScalar, parseDocument } from 'yaml';
import { MAX_CONFIG_ALIAS_COUNT } from './config-limits.js';
import type { ConfigProblem } from './config-problem.js';
import { CONFIG_YAML_OPTIONS } from './read-config-file.js';
import { utf8ByteLength } from '../validation/utf8-byte-length.js';

/** Largest value `config set` accepts, in UTF-8 bytes: above any setting's own limit, far below the file's. */
export const MAX_CONFIG_VALUE_BYTES = 64 * 1024;

/** A value typed on the command line, read as YAML. */
export interface ParsedConfigValue {
  /** The value as the loader would read it from the file (`3` a number, `"3"` a string). */
  readonly value: unknown;
  /** The quoting the user chose (`"text"`, `'text'`), kept when the value is written; `undefined` for plain text. */
  readonly quoting: 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | undefined;
}

/** The outcome of {@link parseConfigValue}. */
export type ParseConfigValueResult = ({ readonly ok: true } & ParsedConfigValue) | { readonly ok: false; readonly problem: ConfigProblem };

/**
 * Reads `rawValue` as one YAML value with the loader's own options, so the command line and the
 * file agree: `3` is a number, `true` a boolean, `"3"` and `yes` strings, `[a, b]` a list.
 * Empty text is `null`. Refuses (ACODE-CFG-002 naming `key`) text over
 * {@link MAX_CONFIG_VALUE_BYTES}, YAML errors and several documents.
 */
export function parseConfigValue(key: string, rawValue: string): ParseConfigValueResult {
  const bytes = utf8ByteLength(rawValue);
  if (bytes > MAX_CONFIG_VALUE_BYTES) return refused(key, `the value is ${bytes} bytes; at most ${MAX_CONFIG_VALUE_BYTES} are accepted`);
  try {
    const document = parseDocument(rawValue, CONFIG_YAML_OPTIONS);
    const error = document.errors[0];
    if (error !== undefined) return refused(key, `the value is not valid YAML (${error.code}); quote text that contains YAML punctuation`);
    const value: unknown = document.toJS({ maxAliasCount: MAX_CONFIG_ALIAS_COUNT });
    const contents = document.contents;
    const type = isScalar(contents) ? contents.type : undefined;
    return { ok: true, value, quoting: type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? type : undefined };
  } catch {
    // An alias without its anchor, or nesting deep enough to exhaust the parser.
    return refused(key, 'the value cannot be read as YAML');
  }
}

function refused(key: string, reason: string): ParseConfigValueResult {
  return { ok: false, problem: { code: ERROR_CODES.CONFIG_INVALID, key, message: `Cannot set ${key}: ${reason}` } };
}
