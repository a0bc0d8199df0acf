import { describe, expect, it } from 'vitest';
import { RandomIdGenerator } from '../../src/execution/random-id-generator.js';
import { SystemWallClock } from '../../src/execution/system-wall-clock.js';

describe('RandomIdGenerator', () => {
  const ids = new RandomIdGenerator();

  it('makes prefixed ids of 12 random bytes in base64url', () => {
    expect(ids.nextId('exec')).toMatch(/^exec_[A-Za-z0-9_-]{16}$/);
  });

  it('makes URL-safe tokens of 32 random bytes', () => {
    const token = ids.secretToken();
    expect(token).toMatch(/^ct_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32);
  });

  it('never starts a token with a dash, which a command line would read as an option', () => {
    // One token in 64 would start with `-` without the prefix: 2,000 draws all but surely meet one.
    const tokens = Array.from({ length: 2_000 }, () => ids.secretToken());
    expect(tokens.filter((token) => !/^[A-Za-z]/.test(token))).toEqual([]);
  });

  it('does not repeat itself over many draws', () => {
    const drawn = new Set(Array.from({ length: 10_000 }, () => ids.nextId('s')));
    expect(drawn.size).toBe(10_000);
  });
});

describe('SystemWallClock', () => {
  it('reads the system calendar time', () => {
    const before = Date.now();
    const now = new SystemWallClock().nowEpochMs();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
