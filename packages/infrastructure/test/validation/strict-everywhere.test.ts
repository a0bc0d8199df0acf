import { DEFAULT_TOOL_REGISTRY_OPTIONS, type IJsonRepairer } from '@acode/application';
import { DEFAULT_REGISTRY_LIMITS, toErrorEnvelope, type ToolDefinition, type ToolValidationFailure } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { findUnanchoredPatterns } from '../../src/schema/unanchored-patterns.js';
import { decodeJsonText } from '../../src/tool-calls/decode-json-text.js';
import { scanJsonText } from '../../src/validation/json-text-scanner.js';
import { RecordingLogger } from '../support/recording-logger.js';

/** Issue 13 item 5, "strict everywhere", over the library's real paths. */

function makeRegistry() {
  const logger = new RecordingLogger();
  const metrics = { increment() {}, setGauge() {}, observe() {} };
  const registry = new ToolSchemaRegistry(new CfworkerSchemaCompiler(), logger, metrics, { current: () => 'corr-1', run: (fn) => fn() }, { now: () => 0 }, DEFAULT_TOOL_REGISTRY_OPTIONS);
  return { registry, logger };
}

function tool(parameters: Record<string, unknown>, name = 'strict_tool', version = '1.0.0'): ToolDefinition {
  return { name, description: 'A tool for strictness tests.', version, category: 'general', parameters: { type: 'object', additionalProperties: false, ...parameters } } as ToolDefinition;
}

function failure(result: ReturnType<ToolSchemaRegistry['tryValidateArguments']>): ToolValidationFailure {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.arguments)}`);
  return result;
}

const pathTool = tool({ properties: { path: { type: 'string', description: 'Path' }, nested: { type: 'object', description: 'N', properties: { a: { type: 'integer', description: 'A' } }, additionalProperties: false } }, required: ['path'] });

describe('duplicate property names', () => {
  it('refuses {"path":"/safe","path":"/etc/shadow"} with ACODE-TSR-002, naming the key and the second position', () => {
    const { registry } = makeRegistry();
    registry.registerTool(pathTool);
    const text = '{"path":"/safe","path":"/etc/shadow"}';
    const [error] = failure(registry.tryValidateArguments('strict_tool', text)).errors;
    expect(error).toMatchObject({ code: 'ACODE-TSR-002', position: 16 });
    expect(error?.message).toContain('"path"');
    expect(error?.message).toContain('position 16');
  });

  it('refuses a duplicate spelled with an escape, and in a nested object', () => {
    const { registry } = makeRegistry();
    registry.registerTool(pathTool);
    expect(failure(registry.tryValidateArguments('strict_tool', '{"path":"/a","p\\u0061th":"/b"}')).errors[0]).toMatchObject({ code: 'ACODE-TSR-002', position: 13 });
    expect(failure(registry.tryValidateArguments('strict_tool', '{"path":"/a","nested":{"a":1,"a":2}}')).errors[0]).toMatchObject({ code: 'ACODE-TSR-002', position: 29 });
  });

  it('accepts the same name in different objects', () => {
    const { registry } = makeRegistry();
    registry.registerTool(tool({ properties: { list: { type: 'array', description: 'L', items: { type: 'object', description: 'I', properties: { a: { type: 'integer', description: 'A' } }, additionalProperties: false } } } }));
    expect(registry.tryValidateArguments('strict_tool', '{"list":[{"a":1},{"a":2}]}').success).toBe(true);
  });

  it('bounds and sanitises the echoed key', () => {
    const key = `${'k'.repeat(200)}\u001b[31m`;
    const scan = scanJsonText(JSON.stringify({ x: 1 }).replace('"x"', `${JSON.stringify(key)}:1,${JSON.stringify(key)}`), 64, { rejectDuplicateKeys: true });
    expect(scan).toMatchObject({ ok: false, kind: 'duplicate-key' });
    if (scan.ok || scan.kind !== 'duplicate-key') return;
    expect(scan.reason.length).toBeLessThan(140);
    expect(scan.reason).not.toContain('\u001b');
  });

  it('is refused by the tool-call decoder (ACODE-TLP-002), never sent to the repairer', () => {
    let repairs = 0;
    const repairer: IJsonRepairer = { repair: () => (repairs++, { success: true, repaired: '{}', repairs: [] }) } as unknown as IJsonRepairer;
    const decoded = decodeJsonText('{"path":"/safe","path":"/etc/shadow"}', { maxSizeBytes: 1000, maxDepth: 10, repairer, repairTimeoutMs: 50, subject: 'arguments' });
    expect(decoded).toMatchObject({ ok: false, kind: 'duplicate-key', code: 'ACODE-TLP-002', position: 16 });
    expect(repairs).toBe(0);
  });

  it('is refused in the repairer output too', () => {
    const repairer = { repair: () => ({ success: true, repaired: '{"path":"/safe","path":"/etc/shadow"}', repairs: ['trailing_comma_removed'] }) } as unknown as IJsonRepairer;
    const decoded = decodeJsonText('{"path":"/safe","path":"/etc/shadow",}', { maxSizeBytes: 1000, maxDepth: 10, repairer, repairTimeoutMs: 50, subject: 'arguments' });
    expect(decoded).toMatchObject({ ok: false, kind: 'duplicate-key', code: 'ACODE-TLP-002' });
    if (!decoded.ok) expect(decoded.message).toContain('"path"');
  });
});

describe('integers outside the safe range', () => {
  const numbers = tool({
    properties: {
      id: { type: 'integer', description: 'Id' },
      amount: { type: 'number', description: 'Amount' },
      ids: { type: 'array', description: 'Ids', items: { $ref: '#/$defs/id' } },
    },
    $defs: { id: { type: 'integer' } },
  });

  it('refuses an integer past 2^53 - 1 for an integer property (ACODE-TSR-010), at its path', () => {
    const { registry } = makeRegistry();
    registry.registerTool(numbers);
    const errors = failure(registry.tryValidateArguments('strict_tool', '{"id": 9007199254740993}')).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'ACODE-TSR-010', path: '/id', position: 7 });
    expect(failure(registry.tryValidateArguments('strict_tool', '{"ids": [1, -9007199254740992]}')).errors[0]).toMatchObject({ code: 'ACODE-TSR-010', path: '/ids/1' });
  });

  it('accepts the safe bounds, and a large value where the schema says number', () => {
    const { registry } = makeRegistry();
    registry.registerTool(numbers);
    expect(registry.tryValidateArguments('strict_tool', '{"id": 9007199254740991, "ids": [-9007199254740991]}').success).toBe(true);
    expect(registry.tryValidateArguments('strict_tool', '{"amount": 9007199254740993}').success).toBe(true);
    // Fraction or exponent: a double by construction, left to the schema.
    expect(registry.tryValidateArguments('strict_tool', '{"amount": 1e300}').success).toBe(true);
  });
});

describe('the error cap says how many errors it left out', () => {
  it('70 errors come back as 50 with omittedErrors saying more exist, in the envelope too', () => {
    const { registry } = makeRegistry();
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 70; i++) properties[`p${i}`] = { type: 'integer', description: 'P' };
    registry.registerTool(tool({ properties }));
    const args = Object.fromEntries(Object.keys(properties).map((key) => [key, 'x']));
    const result = failure(registry.tryValidateArguments('strict_tool', JSON.stringify(args)));
    expect(result.errors).toHaveLength(DEFAULT_REGISTRY_LIMITS.maxValidationErrors);
    // A lower bound: the engine stops looking one failure past the cap (bounded cost).
    expect(result.omittedErrors).toBeGreaterThanOrEqual(1);
    expect(result.omittedErrors).toBeLessThanOrEqual(20);
    const envelope = toErrorEnvelope(result);
    expect(envelope.omitted_errors).toBe(result.omittedErrors);
    expect(envelope.omitted_errors_note).toMatch(/^\.\.\.and at least \d+ more errors? not shown/);
  });

  it('says nothing when nothing was left out', () => {
    const { registry } = makeRegistry();
    registry.registerTool(pathTool);
    const result = failure(registry.tryValidateArguments('strict_tool', '{}'));
    expect(result.omittedErrors).toBeUndefined();
    expect(toErrorEnvelope(result)).not.toHaveProperty('omitted_errors');
  });
});

describe('a malformed version range is its own error', () => {
  it("'>==1' is ACODE-TSR-011, not 'no matching version'", () => {
    const { registry } = makeRegistry();
    registry.registerTool(pathTool);
    const bad = failure(registry.tryValidateArguments('strict_tool', '{"path":"/a"}', { version: '>==1' }));
    expect(bad.errors[0]?.code).toBe('ACODE-TSR-011');
    expect(bad.errors[0]?.message).toContain('Invalid version range');
    expect(failure(registry.tryValidateArguments('strict_tool', '{"path":"/a"}', { version: '>=9' })).errors[0]?.code).toBe('ACODE-TSR-001');
    expect(registry.tryValidateArguments('strict_tool', '{"path":"/a"}', { version: '^1' }).success).toBe(true);
  });
});

describe('unanchored patterns (decision 7)', () => {
  it('finds a pattern without ^...$ and leaves anchored ones alone', () => {
    expect(findUnanchoredPatterns({ type: 'object', properties: { a: { type: 'string', pattern: '[a-z]+' }, b: { type: 'string', pattern: '^[a-z]+$' }, c: { type: 'string', pattern: '^a\\$' } } })).toEqual([
      { pointer: '/properties/a/pattern', pattern: '[a-z]+' },
      { pointer: '/properties/c/pattern', pattern: '^a\\$' },
    ]);
  });

  it('registration logs a warning naming the tool and the schema path, and still registers', () => {
    const { registry, logger } = makeRegistry();
    registry.registerTool(tool({ properties: { name: { type: 'string', description: 'N', pattern: '[a-z]+' } } }));
    const warning = logger.records.find((entry) => entry.level === 'warn' && entry.message.includes('Unanchored pattern'));
    expect(warning?.message).toContain("'strict_tool'");
    expect(warning?.message).toContain('parameters/properties/name/pattern');
    expect(registry.size).toBe(1);
  });
});
