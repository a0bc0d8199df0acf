import { createHash } from 'node:crypto';
import { canonicalJsonText } from '@acode/domain';

/**
 * sha256 of the canonical JSON of a schema, first 12 hex digits: the schema hash registrations
 * log. Key order does not change it (decision 12). Expects JSON data the compiler's checks passed.
 */
export function schemaHash(value: unknown): string {
  return sha256Prefix(canonicalJsonText(value));
}

/** First 12 hex digits of the sha256 of a text (UTF-8). */
export function sha256Prefix(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
}
