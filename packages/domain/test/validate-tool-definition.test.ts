import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/error-codes.js';
import { DEFINITION_RULES, MAX_DEFINITION_VIOLATIONS, validateToolDefinition } from '../src/validate-tool-definition.js';
import { nestedObjectSchema, TEN_MB, validDefinition, withProperties } from './fixtures/definitions.js';

const { DEFINITION_INVALID, SCHEMA_INVALID } = ERROR_CODES;

describe('validateToolDefinition', () => {
  it('accepts a definition that follows every rule', () => {
    expect(validateToolDefinition(validDefinition())).toEqual([]);
  });

  it('accepts a definition with every optional field set', () => {
    const full = validDefinition({
      aliases: ['read_file'],
      outputSchema: { type: 'object' },
      constraints: { maxExecutionTimeMs: 30_000, maxOutputSizeBytes: 1024, allowSideEffects: false, requiredIsolation: 'strict' },
      requiredPermissions: ['tool.filesystem.read'],
      requiresConfirmation: false,
      kind: 'retrieval',
      sideEffects: 'read_only',
      idempotent: true,
      allowedModes: ['text', 'voice'],
      latencyBudgetMs: 500,
      enabled: true,
      metadata: { author: 'acode', sensitive: false, tags: ['fs'] },
    });
    expect(validateToolDefinition(full)).toEqual([]);
  });

  it('accepts a tool without parameters and null constraints (001 AC 7, 8)', () => {
    expect(validateToolDefinition(validDefinition({ parameters: { type: 'object', properties: {} }, constraints: null }))).toEqual([]);
  });

  it('returns every violation at once, with its path and code', () => {
    const definition = validDefinition({
      name: 'Read File',
      description: '',
      version: '1.0',
      constraints: { maxExecutionTimeMs: 0 },
      parameters: {
        type: 'object',
        properties: { path: { type: 'string', default: 'a' } },
        required: ['path'],
      },
    });
    expect(validateToolDefinition(definition).map(({ code, path }) => ({ code, path }))).toEqual([
      { code: DEFINITION_INVALID, path: '/name' },
      { code: DEFINITION_INVALID, path: '/description' },
      { code: DEFINITION_INVALID, path: '/version' },
      { code: DEFINITION_INVALID, path: '/constraints/maxExecutionTimeMs' },
      { code: SCHEMA_INVALID, path: '/parameters/properties/path/default' },
    ]);
  });

  it.each([
    [null, 'null'],
    [undefined, 'nothing'],
    [42, 'an integer'],
    ['file_read', 'a string'],
    [[validDefinition()], 'an array'],
    [new Date(0), 'an object'],
    [new Map(), 'an object'],
  ])('refuses %o as a whole with one violation at the root', (input, got) => {
    expect(validateToolDefinition(input)).toEqual([
      { code: DEFINITION_INVALID, path: '', message: `a tool definition must be an object with name, description, version and parameters; got ${got}` },
    ]);
  });

  it('names every missing required field', () => {
    expect(validateToolDefinition({}).map((v) => v.path)).toEqual(['/name', '/description', '/version', '/parameters']);
  });

  it('reports wrong field types instead of throwing', () => {
    const paths = validateToolDefinition({ name: 1, description: [], version: 1.0, parameters: 'object', aliases: 'x', metadata: [] }).map((v) => v.path);
    expect(paths).toEqual(['/name', '/description', '/version', '/aliases', '/metadata', '/parameters']);
  });

  it('treats prototype-polluting keys as data and leaves Object.prototype alone', () => {
    const hostile = JSON.parse(
      '{"name":"file_read","description":"d","version":"1.0.0","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
        '"parameters":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","constructor","toString"]}}',
    );
    const violations = validateToolDefinition(hostile);
    // "__proto__" is also no snake_case parameter name (001 §4.3); it is reported as a name, not followed.
    expect(violations.map((v) => v.path)).toEqual(['/__proto__', '/constructor', '/parameters/properties/__proto__', '/parameters/required/2']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('handles 10 MB strings in every text field with short messages', () => {
    const violations = validateToolDefinition(validDefinition({ name: TEN_MB, description: TEN_MB, version: TEN_MB, category: TEN_MB }));
    expect(violations.map((v) => v.path)).toEqual(['/name', '/description', '/version', '/category']);
    for (const violation of violations) expect(violation.message.length).toBeLessThan(300);
  });

  it('stops a 100,000-deep parameters schema at depth 64 and says where', () => {
    const violations = validateToolDefinition(validDefinition({ parameters: nestedObjectSchema(100_000) }));
    expect(violations).toHaveLength(1);
    expect(violations[0]!.code).toBe(SCHEMA_INVALID);
    expect(violations[0]!.path).toBe(`/parameters${'/properties/a'.repeat(65)}`);
  });

  it('caps the list and says how many more there were', () => {
    const properties = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, {}]));
    const violations = validateToolDefinition(withProperties(properties));
    expect(violations).toHaveLength(MAX_DEFINITION_VIOLATIONS);
    expect(violations.at(-1)).toEqual({ code: DEFINITION_INVALID, path: '', message: `${100_000 - 99} more violations not shown; fix the ones above first` });
  });

  it('turns a field that throws when read into a violation, not a crash', () => {
    const definition = validDefinition();
    Object.defineProperty(definition, 'description', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const violations = validateToolDefinition(definition);
    expect(violations).toEqual([{ code: DEFINITION_INVALID, path: '', message: 'the definition could not be checked against rule "description"' }]);
  });

  it('runs only the rules it is given', () => {
    const [toolName] = DEFINITION_RULES;
    expect(validateToolDefinition(validDefinition({ name: 'X', version: 'bad' }), [toolName!]).map((v) => v.path)).toEqual(['/name']);
  });

  it('gives every rule a unique kebab-case name', () => {
    const names = DEFINITION_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
