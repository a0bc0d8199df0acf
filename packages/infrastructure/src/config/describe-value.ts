import { MAX_ECHOED_TEXT_LENGTH } from './config-limits.js';

/** The YAML type of a parsed value, in the words a config author knows. */
export function yamlTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'mapping';
    default:
      return typeof value;
  }
}

/**
 * Describes a value for an error message: scalars with their (shortened) text, collections by
 * type only, so a large or nested value never floods the message.
 */
export function describeValue(value: unknown): string {
  const type = yamlTypeOf(value);
  if (type === 'string') return `string ${quote(value as string)}`;
  if (type === 'integer' || type === 'number' || type === 'boolean') return `${type} ${String(value)}`;
  return type;
}

/** Quotes text for a message, cut to a safe length and with control characters escaped. */
export function quote(text: string): string {
  const shown = text.length > MAX_ECHOED_TEXT_LENGTH ? `${text.slice(0, MAX_ECHOED_TEXT_LENGTH)}…` : text;
  return JSON.stringify(shown);
}

/** Joins a dotted key; segments that are not plain identifiers are quoted so the key stays unambiguous. */
export function dottedKey(path: readonly (string | number)[]): string {
  let key = '';
  for (const segment of path) {
    if (typeof segment === 'number') key += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) key += key === '' ? segment : `.${segment}`;
    else key += `[${quote(segment)}]`;
  }
  return key;
}
