import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { ConfigWarning } from './acode-config.js';
import { describeValue, dottedKey } from './describe-value.js';
import { locate } from './locate.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';

/**
 * ACODE-CFG-002 for the value at `path`: `file:line:col: <key> must be <expected>; got <value>`,
 * or `reason` in place of the sentence when the value is refused for something other than its shape.
 */
export function invalidValue(document: ConfigDocument, path: ConfigPath, expected: string, value: unknown, reason?: string): ConfigurationException {
  const key = dottedKey(path);
  const subject = key === '' ? 'the top level' : key;
  const message = `${locate(document, path)}: ${reason ?? `${subject} must be ${expected}; got ${describeValue(value)}`}`;
  return new ConfigurationException(ERROR_CODES.CONFIG_INVALID, message, { file: document.file, key });
}

/** ACODE-CFG-003 warning: the key at `path` is not one the section knows, and is ignored. */
export function unknownKey(document: ConfigDocument, path: ConfigPath): ConfigWarning {
  const key = dottedKey(path);
  return { code: ERROR_CODES.CONFIG_UNKNOWN_KEY, file: document.file, key, message: `${locate(document, path)}: unknown key ${key} is ignored` };
}

/** ACODE-CFG-002 warning: the value at `path` is accepted but not honoured as written, for `reason`. */
export function valueWarning(document: ConfigDocument, path: ConfigPath, reason: string): ConfigWarning {
  return { code: ERROR_CODES.CONFIG_INVALID, file: document.file, key: dottedKey(path), message: `${locate(document, path)}: ${reason}` };
}

/** A section written with nothing under it (`tool_registry:`) is an empty mapping; anything but a mapping is refused. */
export function sectionMapping(document: ConfigDocument, path: ConfigPath, value: unknown): Record<string, unknown> {
  if (value === null) return {};
  if (!isMapping(value)) throw invalidValue(document, path, 'a mapping', value);
  return value;
}

/** True for a YAML mapping (a plain object), false for lists and scalars. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
