import { describe, expect, it } from 'vitest';
import type { GatewayTool } from '../../src/gateway/gateway-request.js';
import { ToolContractCache } from '../../src/gateway/tool-contract-cache.js';

const tool = (wireName: string, properties: Record<string, unknown> = { city: { type: 'string' } }): GatewayTool => ({
  wireName,
  description: 'd',
  parameters: { type: 'object', properties },
});

describe('ToolContractCache', () => {
  it('returns the same contract for the same tools, key order ignored', () => {
    const cache = new ToolContractCache();
    const first = cache.get([tool('a')]);
    const again = cache.get([{ parameters: { properties: { city: { type: 'string' } }, type: 'object' }, description: 'd', wireName: 'a' }]);
    expect(again).toBe(first);
    expect(cache.size).toBe(1);
  });

  it('keeps strict and relaxed contracts apart, and different lists apart', () => {
    const cache = new ToolContractCache();
    const strict = cache.get([tool('a')]);
    expect(cache.get([tool('a')], { strict: false })).not.toBe(strict);
    expect(cache.get([tool('a')], { strict: true })).toBe(strict);
    expect(cache.get([tool('a', { town: { type: 'string' } })])).not.toBe(strict);
    expect(cache.size).toBe(3);
  });

  it('keeps refused lists and lists taken with warnings too', () => {
    const cache = new ToolContractCache();
    const refused = cache.get([{ wireName: '', description: 'x', parameters: undefined }]);
    expect(refused.ok).toBe(false);
    expect(cache.get([{ wireName: '', description: 'x', parameters: undefined }])).toBe(refused);
    const warned = cache.get([tool('a', { badName: { type: 'string' } })]);
    expect(warned.ok && warned.contract.warnings.map((found) => found.field)).toEqual(['/tools/0/function/parameters/properties/badName']);
    expect(cache.get([tool('a', { badName: { type: 'string' } })])).toBe(warned);
  });

  it('drops the least recently used list past its bound', () => {
    const cache = new ToolContractCache({ maxEntries: 2 });
    const a = cache.get([tool('a')]);
    const b = cache.get([tool('b')]);
    expect(cache.get([tool('a')])).toBe(a); // a is now the most recent
    cache.get([tool('c')]); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.get([tool('a')])).toBe(a);
    expect(cache.get([tool('b')])).not.toBe(b);
  });

  it('compiles a list that is not JSON each time, without caching it', () => {
    const cache = new ToolContractCache();
    const odd: GatewayTool[] = [{ wireName: 'a', description: 'd', parameters: { type: 'object', properties: {}, f: () => 1 } }];
    expect(() => cache.get(odd)).not.toThrow();
    expect(cache.size).toBe(0);
  });

  it('falls back to the default bound for a nonsense size', () => {
    const cache = new ToolContractCache({ maxEntries: -1 });
    for (let i = 0; i < 70; i++) cache.get([tool(`t${i}`)]);
    expect(cache.size).toBe(64);
  });
});
