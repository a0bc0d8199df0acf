import { DuplicateToolException, type IToolSchemaRegistry } from '@acode/application';
import type { ToolDefinition, ToolValidationResult } from '@acode/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// 000 ST-4 (concurrency safety), FR-009 and NFR-006. Node runs one JavaScript thread per isolate,
// so "concurrent" here means many async callers interleaved on the event loop; the registry swaps
// an immutable snapshot per registration, so a reader sees the state before or after, never half.
// Worker-thread determinism is covered by test/integration/registry-integration.test.ts.

function numbered(n: number, version = '1.0.0'): ToolDefinition {
  return {
    name: `tool_${n}`,
    version,
    description: `Tool number ${n}`,
    category: n % 2 === 0 ? 'custom' : 'general',
    aliases: [`alias_${n}`],
    parameters: {
      type: 'object',
      properties: { value: { type: 'integer', minimum: n, maximum: n } },
      required: ['value'],
      additionalProperties: false,
    },
  } as ToolDefinition;
}

/** Yields to the event loop a varying number of times, so the callers interleave. */
async function jitter(n: number): Promise<void> {
  for (let i = 0; i < n % 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

function strip(result: ToolValidationResult): unknown {
  const { correlationId: _ignored, ...rest } = result;
  return rest;
}

describe('ST-4 concurrency safety, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  let registry: IToolSchemaRegistry;
  beforeEach(async () => {
    booted = await bootContainer();
    registry = booted.registry;
  });
  afterEach(() => disposeBooted(booted));

  it('keeps every one of 300 interleaved registrations, each whole, beside interleaved validations', async () => {
    const coreCount = registry.size;
    const writers = Array.from({ length: 300 }, async (_, n) => {
      await jitter(n);
      return registry.registerTool(numbered(n)).status;
    });
    const readers = Array.from({ length: 300 }, async (_, n) => {
      await jitter(n + 2);
      return strip(registry.tryValidateArguments('file_read', n % 2 ? '{"path":"/a"}' : '{}'));
    });
    const [statuses, reads] = await Promise.all([Promise.all(writers), Promise.all(readers)]);
    expect(statuses.every((s) => s === 'registered')).toBe(true);
    expect(registry.size).toBe(coreCount + 300);
    for (let n = 0; n < 300; n += 1) {
      const found = registry.findTool(`alias_${n}`);
      expect(found?.definition.name).toBe(`tool_${n}`);
      expect(registry.tryValidateArguments(`tool_${n}`, { value: n }).success).toBe(true);
      expect(registry.tryValidateArguments(`tool_${n}`, { value: n + 1 }).success).toBe(false);
    }
    // The readers all saw the same answers for the same input, whatever was being registered.
    expect(new Set(reads.filter((_, n) => n % 2).map((r) => JSON.stringify(r))).size).toBe(1);
    expect(new Set(reads.filter((_, n) => n % 2 === 0).map((r) => JSON.stringify(r))).size).toBe(1);
    expect(registry.getToolsByCategory('custom')).toHaveLength(150);
  });

  it('lets exactly one of many racing conflicting registrations of one name and version win', async () => {
    const racers = Array.from({ length: 50 }, async (_, n) => {
      await jitter(n);
      try {
        registry.registerTool({ ...numbered(1), description: `Contender ${n % 10}` });
        return 'won';
      } catch (error) {
        expect(error).toBeInstanceOf(DuplicateToolException);
        return 'refused';
      }
    });
    const outcomes = await Promise.all(racers);
    const winner = registry.getToolDefinition('tool_1').description;
    const sameAsWinner = Array.from({ length: 50 }, (_, n) => `Contender ${n % 10}` === winner).filter(Boolean).length;
    // The winner and its identical re-registrations succeed (idempotent); every other one is refused.
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(sameAsWinner);
    expect(registry.getVersions('tool_1')).toEqual(['1.0.0']);
  });

  it('never shows a reader a partial update: every listed tool is resolvable and validatable at that moment', async () => {
    const writers = Array.from({ length: 200 }, async (_, n) => {
      await jitter(n);
      registry.registerTool(numbered(n, `1.${n % 3}.0`));
    });
    const observations: string[] = [];
    const readers = Array.from({ length: 200 }, async (_, n) => {
      await jitter(n + 1);
      const listed = registry.getAllTools();
      // size and the list come from the same snapshot when no registration runs in between.
      if (listed.length !== registry.size) observations.push(`size ${registry.size} vs list ${listed.length}`);
      for (const definition of listed) {
        const found = registry.findTool(definition.name, { version: definition.version });
        if (found?.definition !== definition) observations.push(`${definition.name}@${definition.version} not resolvable`);
        if (!Object.isFrozen(definition)) observations.push(`${definition.name} not frozen`);
        for (const alias of definition.aliases ?? []) {
          if (registry.findTool(alias)?.definition.name !== definition.name) observations.push(`alias ${alias} dangling`);
        }
      }
    });
    await Promise.all([...writers, ...readers]);
    expect(observations).toEqual([]);
  });

  it('returns a list snapshot that later registrations do not change', () => {
    const before = registry.getAllTools();
    const length = before.length;
    registry.registerTool(numbered(7));
    expect(before).toHaveLength(length);
    expect(registry.getAllTools()).toHaveLength(length + 1);
    expect(Object.isFrozen(before)).toBe(true);
  });
});
