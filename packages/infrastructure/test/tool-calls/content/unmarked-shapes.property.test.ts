import type { JsonObject } from '@acode/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContentHoldback } from '../../../src/gateway/content-holdback.js';
import { extractBareJson, extractGranite, extractPythonic, leadingNameState, type ToolCallParser } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

/**
 * Generated damage over the unmarked call shapes of prompted models (bare `f(a=1)` calls, lists
 * in fences, quoted calls and pairs, `{"tool_calls": [...]}`, `params`, ChatML framing, Granite
 * 20B's `<function_call>` runs, a stray closer): each shape gives exactly its calls; no strict
 * prefix of it (an output cut at its length limit) gives a call; prose around it on the same line
 * never makes it a call; and a stream holds a bare call opening the message back whole.
 */

interface Call {
  readonly name: string;
  readonly arguments: JsonObject;
}

const NAMES = ['get_weather', 'get_time', 'set_alarm'] as const;
/** Values every shape can write: no quotes, backslashes or brackets in strings, so a cut cannot close one early. */
const value = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null), fc.stringMatching(/^[A-Za-z0-9 ,.:-]{0,12}$/));
const call: fc.Arbitrary<Call> = fc.record({
  name: fc.constantFrom(...NAMES),
  arguments: fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,7}$/), value, { maxKeys: 3 }) as fc.Arbitrary<JsonObject>,
});
const calls = fc.array(call, { minLength: 1, maxLength: 3 });

function py(item: unknown): string {
  if (item === null) return 'None';
  if (item === true) return 'True';
  if (item === false) return 'False';
  if (typeof item === 'string') return `'${item}'`;
  return String(item);
}
const pyCall = ({ name, arguments: args }: Call): string => `${name}(${Object.entries(args).map(([key, item]) => `${key}=${py(item)}`).join(', ')})`;
const envelope = ({ name, arguments: args }: Call, key = 'arguments'): string => `{"name": ${JSON.stringify(name)}, "${key}": ${JSON.stringify(args)}}`;

/** Every shape, written as prompted models write it. */
const SHAPES: Readonly<Record<string, (list: readonly Call[]) => string>> = {
  bareLines: (list) => list.map(pyCall).join('\n'),
  bareCommas: (list) => list.map(pyCall).join(', '),
  bareSemicolons: (list) => `${list.map(pyCall).join('; ')};`,
  fencedList: (list) => `\`\`\`python\n[${list.map(pyCall).join(', ')}]\n\`\`\``,
  fencedBare: (list) => `\`\`\`\n${list.map(pyCall).join('\n')}\n\`\`\``,
  quotedCalls: (list) => `[${list.map((item) => JSON.stringify(pyCall(item))).join(', ')}]`,
  pairs: (list) => `[${list.map((item) => `[${JSON.stringify(item.name)}, ${JSON.stringify(item.arguments)}]`).join(', ')}]`,
  dictPositional: (list) => list.map((item) => `${item.name}(${JSON.stringify(item.arguments)})`).join('\n'),
  wrapper: (list) => `{"tool_calls": [${list.map((item) => envelope(item)).join(', ')}]}`,
  params: (list) => list.map((item) => envelope(item, 'params')).join('\n'),
  framed: (list) => list.map((item) => `<|im_start|>assistant\n${envelope(item)}\n<|im_end|>`).join('\n'),
  granite: (list) => list.map((item) => `<function_call> ${envelope(item)}`).join(' '),
  strayCloser: (list) => `[${list.map((item) => envelope(item)).join(', ')}]]`,
};
const shape = fc.constantFrom(...Object.keys(SHAPES));

/** Where the calls of a shape end: the stray closer after them is debris, a cut before it cuts nothing. */
function callsEnd(kind: string, text: string): number {
  return kind === 'strayCloser' ? text.length - 1 : text.length;
}
/** Prose of words, no trigger or bracket characters. */
const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.!?]{0,30}[A-Za-z.!?]$/);

let parser: ToolCallParser;
beforeAll(async () => {
  const made = await newParser();
  parser = made.parser;
  for (const name of NAMES) made.registry.registerTool({ name, version: '1.0.0', description: `Test tool ${name}`, parameters: { type: 'object', additionalProperties: true } });
});

function parsed(content: string, finishReason?: string) {
  const result = parser.parseResponse(ollamaResponse([], content), finishReason === undefined ? {} : { finishReason });
  return { calls: result.toolCalls.map((item) => ({ name: item.name, arguments: item.arguments })), errors: result.errors, content: result.content };
}

describe('unmarked call shapes: generated damage', () => {
  it('each shape gives exactly its calls, and nothing of it stays in the text', () => {
    fc.assert(
      fc.property(shape, calls, (kind, list) => {
        const result = parsed((SHAPES[kind] as (list: readonly Call[]) => string)(list));
        expect(result.errors, kind).toEqual([]);
        expect(result.calls, kind).toEqual(list);
        expect(result.content, kind).toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('a cut anywhere inside a shape, at the length limit, never runs the call it fell in, nor any after it', () => {
    fc.assert(
      fc.property(shape, calls, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (kind, list, where) => {
        const text = (SHAPES[kind] as (list: readonly Call[]) => string)(list);
        const cut = 1 + Math.floor(where * (callsEnd(kind, text) - 1));
        const ran = parsed(text.slice(0, cut), 'length').calls;
        // Only whole calls written before the cut may run: never the last one, never one changed.
        expect(ran.length, `${kind}: ${text.slice(0, cut)}`).toBeLessThan(list.length);
        expect(ran, `${kind}: ${text.slice(0, cut)}`).toEqual(list.slice(0, ran.length));
      }),
      { numRuns: 600 },
    );
  });

  it('a cut inside a shape of one call, at the length limit, runs nothing', () => {
    fc.assert(
      fc.property(shape, call, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (kind, one, where) => {
        const text = (SHAPES[kind] as (list: readonly Call[]) => string)([one]);
        const cut = 1 + Math.floor(where * (callsEnd(kind, text) - 1));
        expect(parsed(text.slice(0, cut), 'length').calls, `${kind}: ${text.slice(0, cut)}`).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('the whole shape, at the length limit, runs no call it may have been cut after', () => {
    fc.assert(
      fc.property(fc.constantFrom('bareLines', 'bareCommas', 'bareSemicolons', 'dictPositional', 'params', 'framed', 'granite'), calls, (kind, list) => {
        const result = parsed((SHAPES[kind] as (list: readonly Call[]) => string)(list), 'length');
        expect(result.calls, kind).toEqual(list.slice(0, -1));
        expect(result.errors.map((error) => error.code), kind).toEqual(['ACODE-TLP-010']);
      }),
      { numRuns: 200 },
    );
  });

  it('prose around a shape on the same line never makes it a call', () => {
    const inline = fc.constantFrom('bareLines', 'bareCommas', 'bareSemicolons', 'quotedCalls', 'pairs', 'dictPositional', 'wrapper', 'params', 'strayCloser');
    fc.assert(
      fc.property(words, inline, fc.array(call, { minLength: 1, maxLength: 1 }), words, (before, kind, list, after) => {
        const text = `${before} ${(SHAPES[kind] as (list: readonly Call[]) => string)(list)} ${after}`;
        expect(parsed(text).calls, text).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a call to an undeclared tool beside declared ones is refused, never dropped, and never hides them', () => {
    fc.assert(
      fc.property(fc.constantFrom('bareLines', 'fencedList', 'wrapper', 'params', 'framed', 'granite'), calls, (kind, list) => {
        const noFunction: Call = { name: 'no_function', arguments: {} };
        const result = parsed((SHAPES[kind] as (list: readonly Call[]) => string)([...list, noFunction]));
        expect(result.calls, kind).toEqual(list);
        expect(result.errors.map((error) => [error.index, error.code, error.tool]), kind).toEqual([[list.length, 'ACODE-TLP-005', 'no_function']]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('unmarked call shapes: hostile text', () => {
  it('reads long runs of each shape, and text built to make the scanners backtrack, in linear time', () => {
    const context = { isKnownTool: (name: string) => (NAMES as readonly string[]).includes(name), toolSchema: () => undefined };
    const texts = [
      'get_weather(a=1)\n'.repeat(20_000),
      `${'get_weather(a=1), '.repeat(20_000)}x`,
      '<|im_end|>'.repeat(50_000),
      `${'<|im_start|>assistant\n{"name": "get_weather", "arguments": {}}\n<|im_end|>\n'.repeat(5_000)}`,
      '<function_call> {"a": "'.repeat(50_000),
      `${'<function_call> {"x": 1}</function_call>'.repeat(20_000)}`,
      '```\n'.repeat(50_000),
      `${"['get_weather(a=1)', ".repeat(20_000)}]`,
      `${'[["get_weather", {}], '.repeat(20_000)}]`,
      `${'{"tool_calls": ['.repeat(20_000)}`,
      `get_weather(note='${"It's ".repeat(50_000)}')`,
    ];
    for (const text of texts) {
      const started = Date.now();
      for (const extract of [extractPythonic, extractBareJson, extractGranite]) extract(text, context);
      expect(Date.now() - started, text.slice(0, 40)).toBeLessThan(2_000);
    }
  });
});

describe('unmarked call shapes: streaming', () => {
  it('leadingNameState waits on a bare call opening the message, and lets prose go', () => {
    expect(leadingNameState('  get_wea', ['get_weather'])).toBe('wait');
    expect(leadingNameState('\nGET_WEATHER (', ['get_weather'])).toBe('trigger');
    expect(leadingNameState('get_weather', ['get_weather'])).toBe('wait');
    expect(leadingNameState('get_weather is', ['get_weather'])).toBe('no');
    expect(leadingNameState('Hello', ['get_weather'])).toBe('no');
    expect(leadingNameState('   ', [])).toBe('no');
  });

  it('holds a bare call opening the message back whole however the text is cut, and forwards prose', () => {
    fc.assert(
      fc.property(fc.constantFrom('bareLines', 'bareCommas', 'dictPositional'), calls, fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom<readonly ['pythonic'] | undefined>(undefined, ['pythonic']), (kind, list, rawCuts, formats) => {
        const text = (SHAPES[kind] as (list: readonly Call[]) => string)(list);
        const forwarded: string[] = [];
        const holdback = new ContentHoldback(formats, [...NAMES], (piece) => forwarded.push(piece));
        let from = 0;
        for (const cut of [...[...new Set(rawCuts.map((at) => at % (text.length + 1)))].sort((a, b) => a - b), text.length]) {
          holdback.push(text.slice(from, cut));
          from = cut;
        }
        expect(forwarded.join('')).toBe('');
        expect(holdback.unsent).toBe(text);
      }),
      { numRuns: 200 },
    );
    const forwarded: string[] = [];
    const holdback = new ContentHoldback(['pythonic'], [...NAMES], (piece) => forwarded.push(piece));
    for (const piece of ['Get', ' the weather', ' now.']) holdback.push(piece);
    expect(forwarded.join('')).toBe('Get the weather now.');
  });
});
