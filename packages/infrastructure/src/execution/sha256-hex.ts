import { createHash } from 'node:crypto';

/** sha256 of a text (UTF-8), as 64 hex digits: how stores keep tokens and arguments. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
