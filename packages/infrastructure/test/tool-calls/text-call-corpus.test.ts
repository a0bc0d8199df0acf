import { readdirSync, readFileSync } from 'node:fs';
import type { IToolSchemaRegistry } from '@acode/application';
import type { JsonObject, JsonSchemaObject, ToolCallParseResult, ToolDefinition } from '@acode/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import type { ToolCallParser } from '../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from './parser-fixture.js';

/**
 * The public text-call corpus (issue 12 items 6-8): every case of `test/fixtures/text-calls/`
 * through the real parser. A family's cases are one `it.each` block, so a family whose extractor
 * is not written yet fails on its own. Positives must give exactly the expected calls (names and
 * arguments) and no error; negatives (`negatives.json`, texts without call markers) must give no
 * call and no error. The streaming block cuts each content into small deltas (markers split
 * across chunks), runs them through the SSE accumulator, and must find the same calls.
 */

interface CorpusTool {
  readonly name: string;
  readonly parameters: JsonSchemaObject;
}

interface CorpusCase {
  readonly id: string;
  readonly family: string;
  readonly source: string;
  readonly content: string;
  readonly expected: ReadonlyArray<{ readonly name: string; readonly arguments: JsonObject }>;
  readonly expectedContent?: string;
  readonly expectedReasoning?: string;
  readonly tools?: readonly CorpusTool[];
}

const CORPUS_DIR = new URL('../fixtures/text-calls/', import.meta.url);
const FILES = readdirSync(CORPUS_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort();
const CORPUS: ReadonlyArray<{ readonly file: string; readonly cases: readonly CorpusCase[] }> = FILES.map((file) => ({
  file: file.replace(/\.json$/, ''),
  cases: JSON.parse(readFileSync(new URL(file, CORPUS_DIR), 'utf8')) as CorpusCase[],
}));
const ALL_CASES = CORPUS.flatMap(({ cases }) => cases);

/** Every tool the corpus calls: the names its cases expect, typed where a case gives a schema. */
function corpusTools(cases: readonly CorpusCase[]): ToolDefinition[] {
  const schemas = new Map<string, JsonSchemaObject>();
  for (const item of cases) {
    for (const call of item.expected) if (!schemas.has(call.name)) schemas.set(call.name, { type: 'object', additionalProperties: true });
  }
  for (const item of cases) for (const tool of item.tools ?? []) schemas.set(tool.name, tool.parameters);
  return [...schemas].map(([name, parameters]) => ({ name, version: '1.0.0', description: `Corpus tool ${name}`, parameters }));
}

/** What a case is checked on: the calls' names and arguments, and the errors (none expected). */
function outcome(result: ToolCallParseResult) {
  return {
    calls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
    errors: result.errors.map((error) => `${error.code}: ${error.message}`),
  };
}

/** The content as OpenAI SSE deltas of `size` code points, the whole stream cut into `chunkBytes`-byte chunks. */
function sseChunks(content: string, size: number, chunkBytes: number): Uint8Array[] {
  const points = Array.from(content);
  const events: string[] = [];
  for (let at = 0; at < points.length; at += size) {
    const delta = points.slice(at, at + size).join('');
    events.push(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: delta }, finish_reason: null }] })}\n\n`);
  }
  events.push(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`, 'data: [DONE]\n\n');
  const bytes = new TextEncoder().encode(events.join(''));
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes) chunks.push(bytes.subarray(at, at + chunkBytes));
  return chunks;
}

let parser: ToolCallParser;
let registry: IToolSchemaRegistry;
beforeAll(async () => {
  ({ parser, registry } = await newParser());
  for (const tool of corpusTools(ALL_CASES)) registry.registerTool(tool);
});

describe('text-call corpus: the fixtures themselves', () => {
  it('has one file per family plus negatives, each case with an id, a source and a content', () => {
    expect(FILES).toContain('negatives.json');
    expect(CORPUS.length).toBeGreaterThanOrEqual(10);
    const ids = new Set<string>();
    for (const { file, cases } of CORPUS) {
      expect(cases.length, file).toBeGreaterThan(0);
      for (const item of cases) {
        expect(item.id, file).toMatch(/^[a-z0-9-]+$/);
        expect(ids.has(`${file}/${item.id}`), `${file}/${item.id} is duplicated`).toBe(false);
        ids.add(`${file}/${item.id}`);
        expect(item.source.length, item.id).toBeGreaterThan(0);
        expect(item.content.length, item.id).toBeGreaterThan(0);
        expect(file === 'negatives' ? item.expected.length === 0 : item.expected.length > 0, `${file}/${item.id}`).toBe(true);
      }
    }
  });

  it('registers every tool the corpus calls', () => {
    for (const tool of corpusTools(ALL_CASES)) expect(registry.findTool(tool.name)?.definition.name, tool.name).toBe(tool.name);
  });
});

for (const { file, cases } of CORPUS) {
  const negative = file === 'negatives';
  describe(`text-call corpus: ${file}`, () => {
    it.each(cases.map((item) => [item.id, item] as const))(negative ? '%s gives no call and no error' : '%s gives exactly the expected calls', (_id, item) => {
      const result = parser.parseResponse(ollamaResponse([], item.content));
      expect(outcome(result)).toEqual({ calls: item.expected, errors: [] });
      if (item.expectedContent !== undefined) expect(result.content).toBe(item.expectedContent);
      if (item.expectedReasoning !== undefined) expect(result.reasoning ?? '').toBe(item.expectedReasoning);
    });
  });
}

describe('text-call corpus: streamed in small deltas (markers split across chunks)', () => {
  it.each(ALL_CASES.map((item) => [`${item.family}/${item.id}`, item] as const))('%s gives the same calls as the whole text', async (_id, item) => {
    const whole = outcome(parser.parseResponse(ollamaResponse([], item.content)));
    for (const [size, chunkBytes] of [
      [3, 7],
      [1, 5],
    ] as const) {
      const stream = await accumulateStream(sseChunks(item.content, size, chunkBytes));
      expect(stream.complete).toBe(true);
      expect(stream.errors).toEqual([]);
      expect(stream.content).toBe(item.content);
      const streamed = parser.parseRawToolCalls(stream.calls, stream.content, stream.finishReason === undefined ? {} : { finishReason: stream.finishReason });
      expect(outcome(streamed), `deltas of ${size}`).toEqual(whole);
    }
  });
});
