import { describe, expect, it } from 'vitest';
import { cheapestPeerByWork, withRatios, withRatiosByWork } from '../lib/ratios.mjs';

/** @param {Partial<{ id: string, work: string, role: string, state: string, cost: unknown }>} row */
const row = (row) => ({ id: 'x', work: 'w', role: 'acode', state: 'measured', cost: 1, ...row });
const costOf = (/** @type {any} */ r) => r.cost;

describe('withRatios', () => {
  const rows = [
    row({ id: 'parse', work: 'parse', role: 'baseline', cost: 2 }),
    row({ id: 'peer-a', role: 'peer', cost: 8 }),
    row({ id: 'peer-b', role: 'peer', cost: 4 }),
    row({ id: 'acode', role: 'acode', cost: 12 }),
    row({ id: 'other-peer', work: 'other', role: 'peer', cost: 1 }),
  ];

  it('divides each cost by the baseline and by the cheapest peer doing the same work', () => {
    const rated = withRatios(rows, costOf);
    const acode = rated.find((r) => r.id === 'acode');
    expect(acode?.vsBaseline).toBe(6);
    expect(acode?.vsCheapestPeer).toBe(3);
    expect(rated.find((r) => r.id === 'peer-a')?.vsCheapestPeer).toBe(2);
    expect(rated.find((r) => r.id === 'peer-b')?.vsCheapestPeer).toBe(1);
    // The baseline did other work than any peer.
    expect(rated.find((r) => r.id === 'parse')?.vsCheapestPeer).toBeUndefined();
  });

  it('leaves the input rows untouched', () => {
    const before = JSON.stringify(rows);
    withRatios(rows, costOf);
    expect(JSON.stringify(rows)).toBe(before);
  });

  it('gives no ratio to a failed row, and none against a failed baseline', () => {
    const rated = withRatios(
      [row({ id: 'parse', work: 'parse', role: 'baseline', state: 'failed' }), row({ id: 'broken', state: 'failed', cost: 5 }), row({ id: 'ok', cost: 5 })],
      costOf,
    );
    expect(rated.find((r) => r.id === 'broken')).not.toHaveProperty('vsBaseline');
    expect(rated.find((r) => r.id === 'ok')).not.toHaveProperty('vsBaseline');
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY, undefined, '4'])('ignores an unusable cost (%s) rather than dividing by it', (cost) => {
    const cheapest = cheapestPeerByWork([row({ id: 'bad', role: 'peer', cost }), row({ id: 'good', role: 'peer', cost: 7 })], costOf);
    expect(cheapest.get('w')).toBe(7);
    const rated = withRatios([row({ id: 'parse', work: 'parse', role: 'baseline', cost }), row({ id: 'a', cost: 3 })], costOf);
    expect(rated.find((r) => r.id === 'a')).not.toHaveProperty('vsBaseline');
  });
});

describe('withRatiosByWork', () => {
  const rows = [
    row({ id: 'parse-small', work: 'small', role: 'baseline', cost: 2 }),
    row({ id: 'acode-small', work: 'small', role: 'acode', cost: 2.4 }),
    row({ id: 'peer-small', work: 'small', role: 'peer', cost: 20 }),
    row({ id: 'parse-large', work: 'large', role: 'baseline', cost: 40 }),
    row({ id: 'acode-large', work: 'large', role: 'acode', cost: 60 }),
    row({ id: 'acode-broken', work: 'broken', role: 'acode', cost: 1 }),
  ];

  it('divides each row by the baseline of its own work, not the first baseline', () => {
    const rated = withRatiosByWork(rows, costOf);
    expect(rated.find((r) => r.id === 'acode-small')?.vsBaseline).toBeCloseTo(1.2, 12);
    expect(rated.find((r) => r.id === 'acode-large')?.vsBaseline).toBe(1.5);
    expect(rated.find((r) => r.id === 'peer-small')?.vsBaseline).toBe(10);
    expect(rated.find((r) => r.id === 'acode-small')?.vsCheapestPeer).toBeCloseTo(0.12, 12);
  });

  it('gives no ratio where the work has no usable baseline or peer', () => {
    const rated = withRatiosByWork([...rows, row({ id: 'parse-broken', work: 'broken', role: 'baseline', state: 'failed', cost: 1 })], costOf);
    const broken = rated.find((r) => r.id === 'acode-broken');
    expect(broken).not.toHaveProperty('vsBaseline');
    expect(broken).not.toHaveProperty('vsCheapestPeer');
    expect(rated.find((r) => r.id === 'acode-large')).not.toHaveProperty('vsCheapestPeer');
  });
});
