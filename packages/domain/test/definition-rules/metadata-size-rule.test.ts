import { describe, expect, it } from 'vitest';
import { MAX_METADATA_BYTES, metadataSizeRule } from '../../src/definition-rules/metadata-size-rule.js';
import { validateToolDefinition } from '../../src/validate-tool-definition.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (metadata: unknown) => metadataSizeRule.check(validDefinition({ metadata }));

describe('metadata size rule', () => {
  it('accepts metadata up to 16 KiB of JSON', () => {
    const text = 'x'.repeat(MAX_METADATA_BYTES - JSON.stringify({ notes: '' }).length);
    expect(JSON.stringify({ notes: text }).length).toBe(MAX_METADATA_BYTES);
    expect(check({ notes: text })).toEqual([]);
  });

  it('refuses one byte more, counting UTF-8 bytes', () => {
    const text = 'x'.repeat(MAX_METADATA_BYTES - JSON.stringify({ notes: '' }).length + 1);
    expect(check({ notes: text })).toEqual([
      { code: 'ACODE-DEF-001', path: '/metadata', message: 'metadata must be at most 16384 bytes (16 KiB) of JSON; this one is larger' },
    ]);
    expect(check({ notes: 'é'.repeat(MAX_METADATA_BYTES / 2) })).toHaveLength(1);
  });

  it('refuses 200 KB of metadata through validateToolDefinition', () => {
    const definition = validDefinition({ metadata: { blob: 'a'.repeat(200_000) } });
    expect(validateToolDefinition(definition).map((v) => v.path)).toContain('/metadata');
  });

  it('refuses a million small entries without walking them all', () => {
    const many = Array.from({ length: 1_000_000 }, () => 0);
    const started = performance.now();
    expect(check({ many })).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
