import type { IToolSchemaRegistry } from '@acode/application';
import type { ToolDefinition, ToolValidationFailure } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// 000 AV-4 (argument injection) and NFR-011/NFR-014: hostile strings are data. They validate by
// the schema alone, come back byte for byte, and never reach Object.prototype.

const shellTool: ToolDefinition = {
  name: 'shell_like',
  version: '1.0.0',
  description: 'Takes a command string and free-form options',
  parameters: {
    type: 'object',
    properties: {
      command: { type: 'string', maxLength: 200 },
      // Free-form keys whose values may carry a 'polluted' member: the shape a pollution attempt needs.
      options: { type: 'object', additionalProperties: { type: 'object', properties: { polluted: { type: 'integer' } } } },
      mode: { type: 'string', enum: ['run', 'dry'], default: 'dry' },
      settings: {
        type: 'object',
        properties: { level: { type: 'integer', default: 1 } },
        additionalProperties: false,
        default: {},
      },
    },
    required: ['command'],
    additionalProperties: false,
  },
} as ToolDefinition;

const HOSTILE_STRINGS = [
  'ls; rm -rf / && echo $(whoami) `id` | tee /etc/passwd > /dev/null',
  '../../../../etc/shadow',
  'a\u0000b\u0000c',
  '\u202Egnp.exe\u202C',
  '💥\uD83D\uDE00 ЖЖ 中文 \u200B',
  "'; DROP TABLE tools; --",
  '<script>alert(1)</script>',
  '${process.exit(1)}',
  '{{constructor.constructor("return process")()}}',
];

describe('AV-4 hostile arguments, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  let registry: IToolSchemaRegistry;
  beforeAll(async () => {
    booted = await bootContainer();
    registry = booted.registry;
    registry.registerTool(shellTool);
  });
  afterAll(() => {
    disposeBooted(booted);
    delete (Object.prototype as Record<string, unknown>)['polluted'];
  });

  it.each(HOSTILE_STRINGS)('passes %j through as plain data, unchanged', (value) => {
    const result = registry.tryValidateArguments('shell_like', JSON.stringify({ command: value }));
    expect(result).toMatchObject({ success: true, arguments: { command: value, mode: 'dry' } });
  });

  it('refuses a hostile value that breaks a constraint with the same code as any other value', () => {
    const long = registry.tryValidateArguments('shell_like', JSON.stringify({ command: `${'; rm -rf /'.repeat(40)}` })) as ToolValidationFailure;
    expect(long.errors.map((e) => [e.code, e.path])).toEqual([['ACODE-TSR-005', '/command']]);
  });

  it('does not pollute Object.prototype through __proto__ in text, and keeps it as an own key or refuses it', () => {
    const text = '{"command":"x","options":{"__proto__":{"polluted":1}},"__proto__":{"polluted":2}}';
    const result = registry.tryValidateArguments('shell_like', text);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    // The top-level __proto__ is an unknown property: the strict schema refuses it.
    expect(result.success).toBe(false);
    const failure = result as ToolValidationFailure;
    expect(failure.errors.map((e) => e.path)).toContain('/__proto__');
  });

  it('keeps a nested __proto__ key as data when the schema allows free-form keys, and applies defaults without pollution', () => {
    const text = '{"command":"x","options":{"__proto__":{"polluted":1},"constructor":{"polluted":1}}}';
    const result = registry.tryValidateArguments('shell_like', text);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(result.success).toBe(true);
    if (!result.success) return;
    const options = result.arguments['options'] as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(options).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(options)).not.toEqual({ polluted: 1 });
    expect(result.arguments['settings']).toEqual({ level: 1 });
    expect(result.arguments['mode']).toBe('dry');
  });

  it('does not pollute Object.prototype through an already-parsed object carrying an own __proto__', () => {
    const args = JSON.parse('{"command":"x","options":{"__proto__":{"polluted":1}}}') as object;
    const result = registry.tryValidateArguments('shell_like', args);
    expect(result.success).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('gives each call its own default objects, so one caller cannot change another’s defaults', () => {
    const first = registry.tryValidateArguments('shell_like', '{"command":"x"}');
    const second = registry.tryValidateArguments('shell_like', '{"command":"y"}');
    if (!first.success || !second.success) throw new Error('both calls must validate');
    expect(first.arguments['settings']).not.toBe(second.arguments['settings']);
    expect(registry.getToolDefinition('shell_like').parameters.properties?.['settings']).toMatchObject({ default: {} });
  });

  it('answers hostile tool names with a bounded ACODE-TSR-001 result', () => {
    for (const name of [...HOSTILE_STRINGS, '__proto__', 'constructor', 'toString', 'x'.repeat(100_000)]) {
      const result = registry.tryValidateArguments(name, '{}') as ToolValidationFailure;
      expect(result.success).toBe(false);
      expect(result.errors[0]!.code).toBe('ACODE-TSR-001');
      expect(JSON.stringify(result).length).toBeLessThan(5_000);
    }
    expect(registry.findTool('__proto__')).toBeUndefined();
    expect(registry.findTool('constructor')).toBeUndefined();
  });
});
