import { AcodeException, type IToolSchemaRegistry } from '@acode/application';
import { DEFAULT_REGISTRY_LIMITS, type JsonSchema, type ToolDefinition } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// 000 ST-1 / AV-2 (M-2.1, M-2.2): schema size and depth limits, enforced by the registry built by
// the real container. There is no compile timer: compile cost is bounded by the size and depth
// limits, so the "compilation timeout" bullet is proved by the worst schema the limits allow
// compiling to a clear result. No wall-clock time is asserted (timings are not reproducible).

const KIB = 1024;

function tool(name: string, parameters: JsonSchema): ToolDefinition {
  return { name, version: '1.0.0', description: `The ${name} tool`, parameters } as ToolDefinition;
}

/** What registering gives: the outcome, or the code and message of the refusal. Anything else fails the test. */
function attempt(registry: IToolSchemaRegistry, definition: ToolDefinition): { ok: true } | { ok: false; code: string; message: string } {
  try {
    registry.registerTool(definition);
    return { ok: true };
  } catch (error) {
    expect(error).toBeInstanceOf(AcodeException);
    return { ok: false, code: (error as AcodeException).code, message: (error as AcodeException).message };
  }
}

/** An object schema with `count` string properties, each `padding` characters of description. */
function wideSchema(count: number, padding: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (let i = 0; i < count; i += 1) properties[`p${i}`] = { type: 'string', description: 'd'.repeat(padding) };
  return { type: 'object', properties, additionalProperties: false } as JsonSchema;
}

/** An object schema nested `levels` objects deep below the root (root = level 1). */
function nestedSchema(levels: number): JsonSchema {
  let schema: JsonSchema = { type: 'object', properties: { leaf: { type: 'string' } } } as JsonSchema;
  for (let i = 1; i < levels; i += 1) schema = { type: 'object', properties: { child: schema } } as JsonSchema;
  return schema;
}

function byteSize(schema: JsonSchema): number {
  return Buffer.byteLength(JSON.stringify(schema), 'utf8');
}

describe('ST-1 schema complexity limits, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  beforeAll(async () => (booted = await bootContainer()));
  afterAll(() => disposeBooted(booted));

  it('uses the documented defaults: 50 KiB and depth 20 (decision 10)', () => {
    expect(DEFAULT_REGISTRY_LIMITS.maxSchemaSizeBytes).toBe(50 * KIB);
    expect(DEFAULT_REGISTRY_LIMITS.maxSchemaDepth).toBe(20);
  });

  it('refuses a schema over 50 KiB with a code and the limit, and registers nothing', () => {
    const schema = wideSchema(60, 1000);
    expect(byteSize(schema)).toBeGreaterThan(50 * KIB);
    const outcome = attempt(booted.registry, tool('huge_schema', schema));
    expect(outcome).toMatchObject({ ok: false, code: expect.stringMatching(/^ACODE-TSR-00[68]$/) });
    expect(outcome.ok ? '' : outcome.message).toMatch(/51200|50 ?KiB/);
    expect(booted.registry.findTool('huge_schema')).toBeUndefined();
  });

  it('accepts a schema just under 50 KiB', () => {
    const schema = wideSchema(45, 1000);
    expect(byteSize(schema)).toBeLessThan(50 * KIB);
    expect(attempt(booted.registry, tool('big_schema', schema))).toEqual({ ok: true });
  });

  it('refuses nesting beyond 20 levels, naming the depth, and accepts a shallower one', () => {
    const deep = attempt(booted.registry, tool('deep_schema', nestedSchema(40)));
    expect(deep).toMatchObject({ ok: false, code: expect.stringMatching(/^ACODE-(TSR-00[68]|DEF-001)$/) });
    expect(deep.ok ? '' : deep.message).toMatch(/depth|nest/i);
    expect(attempt(booted.registry, tool('shallow_schema', nestedSchema(5)))).toEqual({ ok: true });
  });

  it('refuses a 100,000-level schema without overflowing the stack', () => {
    const outcome = attempt(booted.registry, tool('abyss_schema', nestedSchema(100_000)));
    expect(outcome).toMatchObject({ ok: false });
  });

  it('gives a clear result for the worst schema the limits allow: ≈50 KiB of properties, enums, patterns, refs and compositions at full depth', () => {
    const properties: Record<string, JsonSchema> = {};
    let i = 0;
    const worst = (): JsonSchema => ({ type: 'object', properties, additionalProperties: false, $defs: { deep: nestedSchema(15) } }) as JsonSchema;
    // Fill with the expensive keywords until one more property would cross the size limit.
    while (true) {
      const candidate: JsonSchema = {
        anyOf: [
          { type: 'string', pattern: `^(v|w)+${i}_[0-9]$`, enum: Array.from({ length: 8 }, (_, n) => `v${i}_${n}`) },
          { type: 'integer', minimum: 0, maximum: i + 1 },
          { $ref: '#/$defs/deep' },
        ],
      } as JsonSchema;
      properties[`p${i}`] = candidate;
      if (byteSize(worst()) > DEFAULT_REGISTRY_LIMITS.maxSchemaSizeBytes - 64) {
        delete properties[`p${i}`];
        break;
      }
      i += 1;
    }
    expect(byteSize(worst())).toBeGreaterThan(45 * KIB);
    const outcome = attempt(booted.registry, tool('worst_schema', worst()));
    // Either answer is acceptable as long as it is a result with a code, never a crash or hang.
    if (!outcome.ok) expect(outcome.code).toMatch(/^ACODE-[A-Z]{3}-\d{3}$/);
    else {
      const valid = booted.registry.tryValidateArguments('worst_schema', { p0: 'v0_3', p1: 1 });
      expect(valid.success).toBe(true);
      const invalid = booted.registry.tryValidateArguments('worst_schema', { p0: 'zzz', p1: true });
      expect(invalid.success).toBe(false);
    }
  });
});
