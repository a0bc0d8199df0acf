import { AcodeException, InvalidToolDefinitionException } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/library/index.js';

const readFile: ToolDefinition = {
  name: 'read_file',
  description: 'Reads a text file from the workspace.',
  version: '1.0.0',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string', minLength: 1 }, encoding: { type: 'string', enum: ['utf-8', 'latin1'], default: 'utf-8' } },
    required: ['path'],
    additionalProperties: false,
  },
};

describe('createToolRegistry', () => {
  it('registers the given tools and validates their arguments, defaults applied', () => {
    const registry = createToolRegistry({ tools: [readFile] });
    expect(registry.size).toBe(1);
    const result = registry.tryValidateArguments('read_file', '{"path":"a.txt"}');
    expect(result.success).toBe(true);
    if (result.success) expect(result.arguments).toEqual({ path: 'a.txt', encoding: 'utf-8' });
  });

  it('refuses arguments strictly, with ACODE codes and paths', () => {
    const registry = createToolRegistry({ tools: [readFile] });
    const result = registry.tryValidateArguments('read_file', '{"path":12,"mode":"x"}');
    expect(result.success).toBe(false);
    if (!result.success) {
      const codes = result.errors.map((e) => e.code);
      expect(codes).toContain('ACODE-TSR-004');
      expect(result.errors.some((e) => e.path === '/mode' && e.code === 'ACODE-TSR-005')).toBe(true);
    }
  });

  it('starts empty and takes tools later', () => {
    const registry = createToolRegistry();
    expect(registry.size).toBe(0);
    registry.registerTool(readFile);
    expect(registry.findTool('read_file')).toBeDefined();
  });

  it('throws the registry exception for a refused definition, naming the tool', () => {
    const bad = { ...readFile, name: 'Read-File' };
    expect(() => createToolRegistry({ tools: [bad] })).toThrow(InvalidToolDefinitionException);
    try {
      createToolRegistry({ tools: [bad] });
    } catch (error) {
      expect(error).toBeInstanceOf(AcodeException);
      expect((error as AcodeException).code).toMatch(/^ACODE-/);
    }
  });

  it('applies given limits over the defaults', () => {
    const registry = createToolRegistry({ tools: [readFile], limits: { maxArgumentSizeBytes: 32 } });
    const result = registry.tryValidateArguments('read_file', JSON.stringify({ path: 'x'.repeat(64) }));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[0]?.code).toBe('ACODE-TSR-009');
  });

  it('writes nothing to the console by default', () => {
    const writes: unknown[] = [];
    const original = { log: console.log, warn: console.warn, error: console.error };
    const errWrite = process.stderr.write.bind(process.stderr);
    console.log = console.warn = console.error = (...args: unknown[]) => void writes.push(args);
    process.stderr.write = ((chunk: unknown) => (writes.push(chunk), true)) as typeof process.stderr.write;
    try {
      const registry = createToolRegistry({ tools: [readFile] });
      registry.tryValidateArguments('read_file', '{"path":5}');
    } finally {
      Object.assign(console, original);
      process.stderr.write = errWrite;
    }
    expect(writes).toEqual([]);
  });
});
