import { ModelClientException } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { AnswerBudget, MemoryPool } from '../../src/gateway/answer-budget.js';

describe('AnswerBudget', () => {
  it('takes claims up to its own limit and refuses the one past it with ACODE-GTW-006 naming the setting', () => {
    const budget = new AnswerBudget(100);
    budget.claim(60);
    budget.claim(40);
    expect(budget.used).toBe(100);
    let refusal: unknown;
    try {
      budget.claim(1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ModelClientException);
    expect(refusal).toMatchObject({ code: 'ACODE-GTW-006', message: expect.stringContaining('gateway.max_buffered_bytes') });
    // A refused claim takes nothing.
    expect(budget.used).toBe(100);
  });

  it('draws from the host-wide pool, and a claim the pool cannot give names max_total_buffered_bytes', () => {
    const pool = new MemoryPool(150);
    const first = new AnswerBudget(100, pool);
    const second = new AnswerBudget(100, pool);
    first.claim(100);
    second.claim(50);
    expect(pool.used).toBe(150);
    expect(() => second.claim(1)).toThrow(/gateway\.max_total_buffered_bytes/);
    expect(second.used).toBe(50);
    expect(pool.used).toBe(150);
  });

  it('gives back what it releases and, once closed, everything; later claims are ignored', () => {
    const pool = new MemoryPool(1000);
    const budget = new AnswerBudget(500, pool);
    budget.claim(300);
    budget.release(100);
    expect(budget.used).toBe(200);
    expect(pool.used).toBe(200);
    expect(budget.peak).toBe(300);
    budget.close();
    expect(pool.used).toBe(0);
    budget.claim(400);
    expect(pool.used).toBe(0);
    budget.close();
    expect(pool.used).toBe(0);
  });

  it('never gives the pool back more than it took', () => {
    const pool = new MemoryPool(1000);
    const other = new AnswerBudget(500, pool);
    other.claim(100);
    const budget = new AnswerBudget(500, pool);
    budget.claim(10);
    budget.release(50);
    expect(pool.used).toBe(100);
  });

  it('refuses limits that are not positive integers', () => {
    expect(() => new AnswerBudget(0)).toThrow(RangeError);
    expect(() => new MemoryPool(1.5)).toThrow(RangeError);
  });
});
