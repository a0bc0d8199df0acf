import type { JsonSchemaObject } from '@acode/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairJson } from '../../src/repair/repair-json.js';
import { decodeArguments, type ArgumentsDecodeOptions } from '../../src/tool-calls/decode-arguments.js';
import { readPlainTextArguments } from '../../src/tool-calls/plain-text-arguments.js';

const SEARCH = {
  type: 'object',
  properties: { query: { type: 'string', description: 'What to search for', minLength: 1, maxLength: 200 }, limit: { type: 'integer' } },
  required: ['query'],
  additionalProperties: false,
} as JsonSchemaObject;
const tool = (parameters: JsonSchemaObject) => ({ names: ['web_search'], parameters });

const clock = { now: () => 0 };
const options: ArgumentsDecodeOptions = {
  maxSizeBytes: 4096,
  maxDepth: 8,
  repairer: { repair: (text, opts) => repairJson(text, { clock, ...opts }) },
  repairTimeoutMs: 100,
  subject: 'arguments',
  tool: tool(SEARCH),
};

/** Sentences of words that name no property and hold nothing JSON-ish. */
const sentence = fc
  .array(fc.constantFrom('What', 'is', 'a', 'pre-trained', 'chatbot', 'how', 'to', 'sort', 'lists', 'in', 'Rust', 'café', '2024', 'the', 'weather', "it's", '"RAG"', 'C#', 'x+y', '50%', 'is:'), { minLength: 1, maxLength: 12 })
  .map((words) => `${words.join(' ')}?`)
  .filter((text) => !text.startsWith('"') && !text.startsWith("'") && !/^[\w.$-]+\s*[:=(]/u.test(text));

describe('readPlainTextArguments', () => {
  it('reads the text a model sent as the value of the one required string property', () => {
    expect(readPlainTextArguments('What is a pre-trained chatbot?', tool(SEARCH))).toEqual({ query: 'What is a pre-trained chatbot?' });
  });

  it('keeps the text as sent, quotes and line breaks included', () => {
    expect(readPlainTextArguments('say "hi"\nthen go', tool(SEARCH))).toEqual({ query: 'say "hi"\nthen go' });
  });

  it.each([
    ['two required properties', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a', 'b'] }],
    ['no required property', { type: 'object', properties: { a: { type: 'string' } } }],
    ['a required integer', { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }],
    ['a string or null', { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'] }],
    ['a union', { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }, required: ['a'] }],
    ['a pattern', { type: 'object', properties: { a: { type: 'string', pattern: '^x' } }, required: ['a'] }],
    ['a format', { type: 'object', properties: { a: { type: 'string', format: 'uri' } }, required: ['a'] }],
    ['an object constraint', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], minProperties: 2 }],
    ['a union of objects', { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }] }],
    ['a required name not declared', { type: 'object', properties: {}, required: ['a'] }],
  ])('reads nothing for a schema with %s', (_, schema) => {
    expect(readPlainTextArguments('What is it?', tool(schema as JsonSchemaObject))).toBeUndefined();
  });

  it('reads nothing the property would refuse', () => {
    expect(readPlainTextArguments('x'.repeat(201), tool(SEARCH))).toBeUndefined();
    const colours = { type: 'object', properties: { colour: { type: 'string', enum: ['red', 'green'] } }, required: ['colour'] } as JsonSchemaObject;
    expect(readPlainTextArguments('blue', tool(colours))).toBeUndefined();
    expect(readPlainTextArguments('red', tool(colours))).toEqual({ colour: 'red' });
  });

  it('counts lengths in code points, as JSON Schema does', () => {
    const short = { type: 'object', properties: { q: { type: 'string', maxLength: 2 } }, required: ['q'] } as JsonSchemaObject;
    expect(readPlainTextArguments('😀😀', tool(short))).toEqual({ q: '😀😀' });
    expect(readPlainTextArguments('😀😀😀', tool(short))).toBeUndefined();
  });

  it.each([
    ['JSON', '{"query": "x"'],
    ['an array', '["x"]'],
    ['a quoted string', '"What is it?'],
    ['a single-quoted string', "'What is it?"],
    ['markup', '<parameter=query>x'],
    ['a closing tag after the text', 'What is it?</tool_call>'],
    ['a special token', 'What is it?<|eot_id|>'],
    ['a fence', 'Here: ```json'],
    ['a brace inside', 'Sure: {"query": "x"}'],
    ['a bracket inside', 'the list [a, b]'],
    ['a call', 'web_search("x")'],
    ['an assignment', 'query=x'],
    ['a name and a colon', 'q: x'],
    ['the property named later', 'Here are the arguments: query = x'],
    ['the property named in quotes', 'so "query": x'],
    ['the tool named first', 'web_search\nWhat is it?'],
    ['an escaped quote first', '\\"What is it?\\"'],
  ])('reads nothing for text that holds %s', (_, text) => {
    expect(readPlainTextArguments(text, tool(SEARCH))).toBeUndefined();
  });

  it('lets a URL start the text', () => {
    expect(readPlainTextArguments('https://example.com/a', tool(SEARCH))).toEqual({ query: 'https://example.com/a' });
  });
});

describe('decodeArguments with the tool: plain text', () => {
  it('flags the reading plain_text_arguments', () => {
    expect(decodeArguments('What is a pre-trained chatbot?', options)).toEqual({ ok: true, value: { query: 'What is a pre-trained chatbot?' }, repairs: ['plain_text_arguments'] });
  });

  it('reads a number or literal followed by prose as the text, but never a JSON value alone', () => {
    expect(decodeArguments('2024 was the year?', options)).toEqual({ ok: true, value: { query: '2024 was the year?' }, repairs: ['plain_text_arguments'] });
    expect(decodeArguments('None of these work', options)).toEqual({ ok: true, value: { query: 'None of these work' }, repairs: ['plain_text_arguments'] });
    // Valid JSON, or a literal the repairer spells as JSON: a value of another type, not text.
    expect(decodeArguments('42', options).ok).toBe(false);
    expect(decodeArguments('True', options).ok).toBe(false);
  });

  it('reads nothing with repair off or without the tool', () => {
    expect(decodeArguments('What is it?', { ...options, repairer: undefined }).ok).toBe(false);
    const { tool: _, ...withoutTool } = options;
    expect(decodeArguments('What is it?', withoutTool).ok).toBe(false);
  });

  it('reads nothing past the size limit', () => {
    expect(decodeArguments('What is it?', { ...options, maxSizeBytes: 5 })).toMatchObject({ ok: false, kind: 'size' });
  });

  it('recovers any plain sentence', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        expect(decodeArguments(text, options)).toEqual({ ok: true, value: { query: text }, repairs: ['plain_text_arguments'] });
      }),
      { numRuns: 300 },
    );
  });

  it('never changes the meaning of valid JSON arguments', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (object) => {
        const text = JSON.stringify(object);
        const decoded = decodeArguments(text, options);
        // Only the size limit may refuse valid JSON here (depth 3 is inside the limit of 8).
        if (!decoded.ok) {
          expect({ kind: decoded.kind, over: Buffer.byteLength(text) > options.maxSizeBytes }).toEqual({ kind: 'size', over: true });
          return;
        }
        expect(decoded).toEqual({ ok: true, value: JSON.parse(text), repairs: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('never reads JSON-ish or named text as the value: that has another reading', () => {
    const damaged = fc.oneof(
      fc.tuple(sentence, fc.jsonValue({ maxDepth: 2 })).map(([prose, value]) => `${prose} {"query": ${JSON.stringify(value)}`),
      sentence.map((text) => `query: ${text}`),
      sentence.map((text) => `query=${text}`),
      sentence.map((text) => `web_search(${text})`),
      sentence.map((text) => `web_search\n${text}`),
      sentence.map((text) => `<parameter=query>${text}`),
      sentence.map((text) => `${text} [1, 2`),
    );
    fc.assert(
      fc.property(damaged, (text) => {
        const decoded = decodeArguments(text, options);
        expect(decoded.ok && decoded.repairs.includes('plain_text_arguments')).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('never reads plain text where two required properties could hold it', () => {
    const two = tool({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a', 'b'] } as JsonSchemaObject);
    fc.assert(
      fc.property(sentence, (text) => {
        expect(decodeArguments(text, { ...options, tool: two }).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
