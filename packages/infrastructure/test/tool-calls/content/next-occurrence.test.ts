import { describe, expect, it } from 'vitest';
import { nextOccurrence } from '../../../src/tool-calls/content/next-occurrence.js';

describe('nextOccurrence', () => {
  it('answers as indexOf for offsets that only grow', () => {
    const text = 'a<x>b<y>c<x>';
    const next = nextOccurrence(text);
    for (const [token, from] of [['<x>', 0], ['<y>', 0], ['<x>', 2], ['<y>', 6], ['<x>', 10], ['<z>', 0]] as const) {
      expect(next(token, from), `${token} from ${from}`).toBe(text.indexOf(token, from));
    }
  });

  it('keeps answering -1 for an absent token, and the remembered offset while it lies ahead', () => {
    const next = nextOccurrence('ab<x>');
    expect([next('<y>', 0), next('<y>', 3), next('<x>', 0), next('<x>', 2), next('<x>', 3)]).toEqual([-1, -1, 2, 2, -1]);
  });
});
