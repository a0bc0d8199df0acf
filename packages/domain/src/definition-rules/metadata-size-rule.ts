import { formatByteSize } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** Largest `metadata` accepted, in bytes of its JSON text (UTF-8). */
export const MAX_METADATA_BYTES = 16 * 1024;

/**
 * `metadata` is at most {@link MAX_METADATA_BYTES} (16 KiB) of JSON. It is stored with the
 * definition, copied into every registry snapshot and listed by `tools show`; a free-form field
 * must not be a way to push megabytes into all of them. The size is counted by a walk that stops
 * as soon as the bound is passed, so a huge value costs no more than the bound to reject; what
 * is not JSON is the metadata rule's to report.
 */
export const metadataSizeRule: DefinitionRule = {
  name: 'metadata-size',
  check(definition) {
    const metadata = ownValue(definition, 'metadata');
    if (!isPlainObject(metadata)) return [];
    if (jsonSizeWithin(metadata, MAX_METADATA_BYTES)) return [];
    return [
      definitionViolation('/metadata', `metadata must be at most ${MAX_METADATA_BYTES} bytes (${formatByteSize(MAX_METADATA_BYTES)}) of JSON; this one is larger`),
    ];
  },
};

/** Whether `JSON.stringify(value)` would take at most `limit` UTF-8 bytes; stops counting once past it. */
function jsonSizeWithin(value: unknown, limit: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') size += stringBytes(item, limit - size);
    else if (typeof item === 'number' || typeof item === 'boolean' || item === null) size += String(item).length;
    else if (Array.isArray(item)) {
      size += 2 + Math.max(0, item.length - 1);
      if (size > limit) return false;
      for (const child of item) stack.push(child);
    } else if (typeof item === 'object' && item !== undefined) {
      const entries = Object.entries(item);
      size += 2 + Math.max(0, entries.length - 1) + entries.length; // braces, commas, colons
      if (size > limit) return false;
      for (const [key, child] of entries) stack.push(key, child);
    }
    if (size > limit) return false;
  }
  return true;
}

/** UTF-8 bytes of a JSON string literal (quotes, escapes counted as one byte each), at most `budget + 1`. */
function stringBytes(text: string, budget: number): number {
  let bytes = 2;
  for (let i = 0; i < text.length && bytes <= budget; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
