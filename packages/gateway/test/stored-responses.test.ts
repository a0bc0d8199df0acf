import { describe, expect, it } from 'vitest';
import { StoredResponses } from '../src/stored-responses.js';

const entry = (text: string) => ({ conversation: [{ role: 'user' as const, content: text }], response: { id: text } });

describe('StoredResponses', () => {
  it('gives back what it keeps, and nothing for an id it never kept', () => {
    const stored = new StoredResponses();
    stored.put('resp_a', entry('a'));
    expect(stored.get('resp_a')).toEqual(entry('a'));
    expect(stored.get('resp_b')).toBeUndefined();
  });

  it('drops the oldest past its count', () => {
    const stored = new StoredResponses({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) stored.put(id, entry(id));
    expect([stored.get('a'), stored.get('b')?.response, stored.get('c')?.response]).toEqual([undefined, { id: 'b' }, { id: 'c' }]);
    expect(stored.size).toBe(2);
  });

  it('drops the oldest past its bytes, and keeps none larger than the whole bound', () => {
    const stored = new StoredResponses({ maxBytes: 400 });
    stored.put('a', entry('x'.repeat(60)));
    stored.put('b', entry('y'.repeat(60)));
    expect(stored.get('a')).toBeUndefined();
    expect(stored.get('b')).toBeDefined();
    stored.put('huge', entry('z'.repeat(1000)));
    expect(stored.get('huge')).toBeUndefined();
    expect(stored.get('b')).toBeDefined();
  });

  it('forgets one past its age', () => {
    let now = 0;
    const stored = new StoredResponses({ ttlMs: 1000, now: () => now });
    stored.put('a', entry('a'));
    now = 999;
    expect(stored.get('a')).toBeDefined();
    now = 1000;
    expect(stored.get('a')).toBeUndefined();
    expect(stored.size).toBe(0);
  });

  it('replaces one kept again under its id, counting its bytes once', () => {
    const stored = new StoredResponses({ maxBytes: 340 });
    stored.put('a', entry('x'.repeat(40)));
    stored.put('a', entry('y'.repeat(40)));
    stored.put('b', entry('b'));
    expect(stored.get('a')?.response).toEqual({ id: 'y'.repeat(40) });
    expect(stored.get('b')).toBeDefined();
  });
});
