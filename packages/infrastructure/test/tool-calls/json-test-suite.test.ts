import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, TOOL_CALL_SOURCES } from '@acode/domain';
import type { IToolSchemaRegistry } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { createToolCallSettingsCatalog, ToolCallParser } from '../../src/tool-calls/index.js';
import { FakeRepairer, RecordingLogger } from './parser-fixture.js';

const CORPUS = join(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/JSONTestSuite/test_parsing');

/**
 * A registry with one tool that accepts any object unchanged, so the corpus tests the parser's
 * decoding and not a schema.
 */
const acceptAll = {
  findTool: (name: string) => (name === 'echo' ? { definition: { name: 'echo' } } : undefined),
  getAllTools: () => [{ name: 'echo' }],
  tryValidateArguments: (name: string, args: object) => ({ success: true, tool: name, version: '1.0.0', arguments: args, correlationId: 'c' }),
} as unknown as IToolSchemaRegistry;

describe('JSONTestSuite test_parsing through parseRawToolCalls as OpenAI string arguments', () => {
  const files = readdirSync(CORPUS).filter((file) => file.endsWith('.json'));
  const parser = new ToolCallParser(acceptAll, new FakeRepairer(), createToolCallSettingsCatalog({}), new RecordingLogger(), { current: () => 'c', run: (fn) => fn() }, new SystemClock());

  it('holds the corpus', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('parses every file into a call or a coded error, never a throw', () => {
    const codes = new Set<string>(Object.values(ERROR_CODES));
    for (const file of files) {
      // latin1 keeps invalid UTF-8 bytes as characters instead of failing the read.
      const text = readFileSync(join(CORPUS, file), 'latin1');
      const result = parser.parseRawToolCalls([{ index: 0, name: 'echo', arguments: text, source: 'openai' }], '');
      expect(result.toolCalls.length + result.errors.length, file).toBe(1);
      for (const error of result.errors) {
        expect(codes.has(error.code), file).toBe(true);
        expect(error.message.length, file).toBeGreaterThan(0);
      }
      for (const call of result.toolCalls) expect(TOOL_CALL_SOURCES).toContain(call.source);
    }
  });

  it('gives every y_ file whose value is an object exactly what JSON.parse gives, unrepaired', () => {
    let objects = 0;
    for (const file of files.filter((name) => name.startsWith('y_'))) {
      const text = readFileSync(join(CORPUS, file), 'utf8');
      const expected: unknown = JSON.parse(text);
      if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) continue;
      objects++;
      const result = parser.parseRawToolCalls([{ index: 0, name: 'echo', arguments: text, source: 'openai' }], '');
      if (file.includes('duplicated_key')) {
        // Issue 13: a repeated property name is refused (the last value would win silently), not repaired.
        expect(result.errors[0]?.code, file).toBe('ACODE-TLP-002');
        expect(result.toolCalls, file).toEqual([]);
        continue;
      }
      expect(result.errors, file).toEqual([]);
      expect(result.toolCalls[0]?.arguments, file).toEqual(expected);
      expect(result.toolCalls[0]?.repairs, file).toEqual([]);
    }
    expect(objects).toBeGreaterThan(10);
  });

  it('refuses every y_ file whose value is not an object with ACODE-TLP-002', () => {
    for (const file of files.filter((name) => name.startsWith('y_'))) {
      const text = readFileSync(join(CORPUS, file), 'utf8');
      const expected: unknown = JSON.parse(text);
      if (typeof expected === 'object' && expected !== null && !Array.isArray(expected)) continue;
      const result = parser.parseRawToolCalls([{ index: 0, name: 'echo', arguments: text, source: 'openai' }], '');
      expect(result.errors[0]?.code, file).toBe('ACODE-TLP-002');
      expect(result.errors[0]?.message, file).toMatch(/^The arguments must be a JSON object, got /);
    }
  });
});
