import { DEFAULT_TOOL_REGISTRY_OPTIONS, SchemaCompilationException } from '@acode/application';
import { ERROR_CODES, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { RecordingLogger } from '../support/recording-logger.js';

// 001 §4.2/§5.1: outputSchema is compiled at registration by the parameters' compiler, and results are checked against it.

function makeRegistry() {
  return new ToolSchemaRegistry(
    new CfworkerSchemaCompiler(),
    new RecordingLogger(),
    { increment: () => {}, setGauge: () => {}, observe: () => {} },
    { current: () => 'corr-test', run: (fn) => fn() },
    { now: () => 0 },
    DEFAULT_TOOL_REGISTRY_OPTIONS,
  );
}

function counter(outputSchema?: unknown): ToolDefinition {
  return {
    name: 'count_words',
    description: 'Counts words.',
    version: '1.0.0',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as JsonSchemaObject }),
  };
}

function refusal(definition: ToolDefinition): SchemaCompilationException {
  try {
    makeRegistry().registerTool(definition);
  } catch (error) {
    if (error instanceof SchemaCompilationException) return error;
    throw error;
  }
  throw new Error('registration was not refused');
}

describe('outputSchema at registration', () => {
  it.each([
    ['an unknown type', { type: 'objekt' }, '/outputSchema/type'],
    ['a remote $ref', { $ref: 'https://example.com/schema.json' }, '/outputSchema/$ref'],
    ['an untyped property', { type: 'object', properties: { count: {} } }, '/outputSchema/properties/count'],
    ['a $ref to a missing definition', { $ref: '#/$defs/missing' }, '/outputSchema/$ref'],
  ])('refuses %s with the registry schema error at its path', (_label, schema, path) => {
    const error = refusal(counter(schema));
    expect(error.violations.map((v) => v.path)).toContain(path);
    expect(error.violations.every((v) => v.code === ERROR_CODES.SCHEMA_INVALID || v.code === ERROR_CODES.SCHEMA_COMPILATION_FAILED)).toBe(true);
  });

  it('accepts an output schema of any root type', () => {
    expect(makeRegistry().registerTool(counter({ type: 'array', items: { type: 'string' } })).status).toBe('registered');
  });
});

describe('tryValidateOutput', () => {
  const registry = makeRegistry();
  registry.registerTool(counter({ type: 'object', properties: { count: { type: 'integer', minimum: 0 } }, required: ['count'] }));

  it('accepts a matching result and refuses others with errors that carry no values', () => {
    expect(registry.tryValidateOutput('count_words', { count: 3 })).toEqual({ valid: true, checked: true });
    const refused = registry.tryValidateOutput('count_words', { count: 'secret-value' });
    expect(refused.valid).toBe(false);
    if (refused.valid) return;
    expect(refused.errors[0]).toMatchObject({ path: '/count' });
    expect(JSON.stringify(refused)).not.toContain('secret-value');
    // Strict like arguments (decision 7): an undeclared field is refused.
    expect(registry.tryValidateOutput('count_words', { count: 1, extra: true }).valid).toBe(false);
  });

  it('has nothing to check for a tool without an outputSchema, and fails closed for an unknown tool', () => {
    const plain = makeRegistry();
    plain.registerTool(counter());
    expect(plain.tryValidateOutput('count_words', 'anything')).toEqual({ valid: true, checked: false });
    expect(plain.tryValidateOutput('nope', {}).valid).toBe(false);
  });
});
