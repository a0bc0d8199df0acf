import { AcodeException, TOKENS, type ICorrelationContext, type IToolSchemaRegistry } from '@acode/application';
import { toErrorEnvelope, type ToolDefinition, type ToolValidationFailure } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// 000 ST-3 / AV-3 (M-3.1..M-3.4), NFR-012 and decision 11: what a model or user sees never holds
// the full schema, a regex source, a default value, an internal path or class name, or a stack
// trace, and always holds the correlation id.

const PATTERN_SOURCE = '^zq[0-9]{3}-secretpattern$';
const DEFAULT_VALUE = 'default-marker-7f3a';

const guarded: ToolDefinition = {
  name: 'guarded_tool',
  version: '1.0.0',
  description: 'A tool whose schema holds things that must not leak',
  parameters: {
    type: 'object',
    properties: {
      code: { type: 'string', pattern: PATTERN_SOURCE, description: 'A code' },
      mode: { type: 'string', enum: ['fast', 'safe'], default: 'safe', description: 'Mode' },
      label: { type: 'string', default: DEFAULT_VALUE, maxLength: 24, description: 'A label' },
      count: { type: 'integer', minimum: 1, maximum: 3 },
      nested: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'], additionalProperties: false },
    },
    required: ['code', 'count'],
    additionalProperties: false,
  },
} as ToolDefinition;

/** Calls that fail in every way the registry knows. */
const FAILING_CALLS: Array<[string, unknown]> = [
  ['guarded_tool', '{"code":"nope","count":1}'],
  ['guarded_tool', '{}'],
  ['guarded_tool', '{"code":"zq123-secretpattern","count":"1"}'],
  ['guarded_tool', '{"code":"zq123-secretpattern","count":9,"mode":"FAST","label":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'],
  ['guarded_tool', '{"code":"zq123-secretpattern","count":1,"nested":{},"extra":true}'],
  ['guarded_tool', '{"code":'],
  ['guarded_tool', `{"code":"${'x'.repeat(2 * 1024 * 1024)}"}`],
  ['guarded_tool', '{"code":"zq123-secretpattern","count":1}'.replace('{', '['.repeat(100) + '{')],
  ['guarded_tool', { code: 5, count: 1 }],
  ['unknown_tool', '{}'],
  ['guarded-tool', '{}'],
  // A hostile name is echoed back (bounded and escaped); it must not drag internals along.
  ['file_read\u0000; rm -rf ~ && echo $HOME', '{}'],
];

/** Markers that must never reach a model: internals of the schema or of the program. */
function assertSanitised(text: string): void {
  expect(text).not.toContain(PATTERN_SOURCE);
  expect(text).not.toContain('secretpattern$');
  expect(text).not.toContain(DEFAULT_VALUE);
  expect(text).not.toContain(JSON.stringify(guarded.parameters));
  expect(text).not.toContain('"properties"');
  expect(text).not.toContain('node_modules');
  expect(text).not.toMatch(/\/work\/|\/src\/|\.ts:\d|\.js:\d/);
  expect(text).not.toMatch(/Exception|Error:|TypeError|RangeError|\bat \S+ \(|\n\s+at /);
  expect(text).not.toMatch(/ToolSchemaRegistry|CfworkerSchemaCompiler|CompiledToolSchema/);
}

describe('ST-3 error message sanitisation, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  let registry: IToolSchemaRegistry;
  let correlation: ICorrelationContext;
  beforeAll(async () => {
    booted = await bootContainer();
    registry = booted.registry;
    registry.registerTool(guarded);
    correlation = booted.scope.resolve<ICorrelationContext>(TOKENS.CorrelationContext);
  });
  afterAll(() => disposeBooted(booted));

  it.each(FAILING_CALLS.map(([name, args], n) => [n, name, args] as const))(
    'keeps schema internals, paths, class names and stack traces out of failure %i',
    (_n, name, args) => {
      const result = correlation.run(() => registry.tryValidateArguments(name, args as string), 'corr-st3-0001');
      expect(result.success).toBe(false);
      const failure = result as ToolValidationFailure;
      assertSanitised(JSON.stringify(failure));
      assertSanitised(JSON.stringify(toErrorEnvelope(failure)));
      for (const error of failure.errors) expect(error.code).toMatch(/^ACODE-TSR-\d{3}$/);
    },
  );

  it('puts the active correlation id in every failure and its model-facing envelope', () => {
    for (const [name, args] of FAILING_CALLS) {
      const failure = correlation.run(() => registry.tryValidateArguments(name, args as string), 'corr-st3-4242') as ToolValidationFailure;
      expect(failure.correlationId).toBe('corr-st3-4242');
      expect(toErrorEnvelope(failure).correlation_id).toBe('corr-st3-4242');
    }
  });

  it('gives a correlation id even outside an operation, and a different one per call', () => {
    const first = registry.tryValidateArguments('guarded_tool', '{}');
    const second = registry.tryValidateArguments('guarded_tool', '{}');
    expect(first.correlationId).toMatch(/\S{8,}/);
    expect(second.correlationId).toMatch(/\S{8,}/);
    expect(first.correlationId).not.toBe(second.correlationId);
  });

  it('keeps the messages of the throwing forms sanitised too, and gives them a code', () => {
    for (const [name, args] of FAILING_CALLS) {
      let caught: unknown;
      try {
        correlation.run(() => registry.validateArguments(name, args as string), 'corr-st3-9');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AcodeException);
      const exception = caught as AcodeException;
      expect(exception.code).toMatch(/^ACODE-TSR-\d{3}$/);
      assertSanitised(exception.message);
    }
    expect(() => registry.getToolDefinition('no_such_tool')).toThrow(AcodeException);
  });

  it('never writes argument values or schema secrets to the log above debug level', () => {
    correlation.run(() => registry.tryValidateArguments('guarded_tool', '{"code":"VALUE-MARKER-91","count":1}'), 'corr-st3-log');
    const lines = booted
      .log()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { level: string; message: string });
    const visible = lines.filter((line) => line.level !== 'debug');
    expect(visible.length).toBeGreaterThan(0);
    for (const line of visible) {
      expect(JSON.stringify(line)).not.toContain('VALUE-MARKER-91');
      expect(JSON.stringify(line)).not.toContain(PATTERN_SOURCE);
    }
    expect(visible.some((line) => JSON.stringify(line).includes('corr-st3-log'))).toBe(true);
  });
});
