import { MAX_ACTUAL_VALUE_LENGTH } from '@acode/domain';
import { truncate } from './display-text.js';

/**
 * Renders a value as compact JSON cut to `max` characters with `…` (decision 11). The rendering
 * stops once it is long enough, so a 1 MiB value costs no more than a short one; nesting is
 * walked without recursion.
 */
export function renderValue(value: unknown, max: number = MAX_ACTUAL_VALUE_LENGTH): string {
  let out = '';
  // A work list of pending pieces: values to render or literal punctuation.
  const work: Array<{ value: unknown } | { text: string }> = [{ value }];
  while (work.length > 0 && out.length <= max) {
    const item = work.pop() as { value: unknown } | { text: string };
    if ('text' in item) {
      out += item.text;
      continue;
    }
    const current = item.value;
    if (Array.isArray(current)) {
      const pieces: Array<{ value: unknown } | { text: string }> = [{ text: '[' }];
      // Only as many elements as could still fit: each takes at least one character.
      const count = Math.min(current.length, max);
      for (let i = 0; i < count; i++) pieces.push(...(i > 0 ? [{ text: ',' }] : []), { value: current[i] });
      pieces.push({ text: count < current.length ? ',…]' : ']' });
      for (let i = pieces.length - 1; i >= 0; i--) work.push(pieces[i] as { value: unknown } | { text: string });
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      const count = Math.min(keys.length, max);
      const pieces: Array<{ value: unknown } | { text: string }> = [{ text: '{' }];
      for (let i = 0; i < count; i++) {
        const key = keys[i] as string;
        pieces.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key.slice(0, max))}:` }, { value: (current as Record<string, unknown>)[key] });
      }
      pieces.push({ text: count < keys.length ? ',…}' : '}' });
      for (let i = pieces.length - 1; i >= 0; i--) work.push(pieces[i] as { value: unknown } | { text: string });
    } else if (typeof current === 'string') {
      out += JSON.stringify(current.slice(0, max + 1));
    } else if (typeof current === 'number' || typeof current === 'boolean' || current === null) {
      out += JSON.stringify(current);
    } else {
      out += 'null';
    }
  }
  return work.length > 0 || out.length > max ? truncate(out, max) : out;
}
