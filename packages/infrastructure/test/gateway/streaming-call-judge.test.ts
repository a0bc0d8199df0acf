import type { ToolCallFragment } from '@acode/application';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolContract } from '../../src/gateway/request-tool-contract.js';
import { StreamingCallJudge, type EarlyAbort } from '../../src/gateway/streaming-call-judge.js';
import { WireNamedRegistry } from '../../src/gateway/wire-named-registry.js';
import { createToolCallParser } from '../../src/library/create-tool-call-parser.js';

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer' }, units: { type: 'string', enum: ['c', 'f'] }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['city'],
  additionalProperties: false,
} as const;

function registry(strict = true): WireNamedRegistry {
  const contract = toolContract([{ wireName: 'get_weather', description: 'Weather for a city.', parameters: WEATHER }], { strict });
  if (!contract.ok) throw new Error(JSON.stringify(contract.errors));
  return new WireNamedRegistry(contract.contract);
}

/** Streams one call to a judge as an OpenAI-compatible server does: the name, then the arguments in pieces. */
function judgeStreamed(judge: StreamingCallJudge, name: string, args: string, cuts: readonly number[] = []): EarlyAbort | undefined {
  const fragments: ToolCallFragment[] = [{ index: 0, name }];
  let from = 0;
  for (const cut of [...cuts, args.length]) {
    if (cut > from) fragments.push({ index: 0, arguments: args.slice(from, cut) });
    from = cut;
  }
  for (const fragment of fragments) {
    const verdict = judge.observe(fragment);
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

/** Arguments the schema accepts. */
const validArguments = fc.record(
  { city: fc.string({ minLength: 1, maxLength: 12 }), days: fc.integer({ min: -5, max: 400 }), units: fc.constantFrom('c', 'f'), tags: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) },
  { requiredKeys: ['city'] },
);

function cutsOf(text: string, raw: readonly number[]): number[] {
  return [...new Set(raw.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
}

describe('StreamingCallJudge', () => {
  it('never stops a call whose arguments validate, however they are cut', () => {
    fc.assert(
      fc.property(validArguments, fc.array(fc.nat(), { maxLength: 10 }), (value, rawCuts) => {
        const text = JSON.stringify(value);
        expect(judgeStreamed(new StreamingCallJudge(registry()), 'get_weather', text, cutsOf(text, rawCuts))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('stops a call at a forbidden property or a wrong type, and the parser refuses the call as judged', () => {
    const parser = createToolCallParser({ registry: registry() });
    const damage = fc.oneof(
      fc.record({ key: fc.constantFrom('country', 'unit', 'verbose'), value: fc.jsonValue({ maxDepth: 1 }) }).map(({ key, value }) => ({ key, value, reason: 'forbidden_property' as const })),
      fc.record({ key: fc.constant('days'), value: fc.oneof(fc.double({ min: 0.5, max: 9.5, noInteger: true, noNaN: true }), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 })) }).map((item) => ({ ...item, reason: 'wrong_type' as const })),
      fc.record({ key: fc.constant('tags'), value: fc.oneof(fc.integer(), fc.boolean(), fc.constant({})) }).map((item) => ({ ...item, reason: 'wrong_type' as const })),
    );
    fc.assert(
      fc.property(validArguments, damage, fc.array(fc.nat(), { maxLength: 10 }), (value, bad, rawCuts) => {
        const { [bad.key]: _dropped, ...rest } = value as Record<string, unknown>;
        const text = JSON.stringify({ ...rest, [bad.key]: bad.value, after: 'the rest of the call' });
        const verdict = judgeStreamed(new StreamingCallJudge(registry()), 'get_weather', text, cutsOf(text, rawCuts));
        expect(verdict?.reason).toBe(bad.reason);
        expect(verdict?.property).toBe(bad.key);
        // The call as judged is one the parser refuses: it cannot reach a client.
        const parsed = parser.parseRawToolCalls([verdict!.call], '', {});
        expect(parsed.toolCalls).toEqual([]);
        expect(parsed.errors.map((error) => error.code)).toEqual(['ACODE-TLP-004']);
      }),
      { numRuns: 300 },
    );
  });

  it('stops a call whose complete name is no tool of the request, before any argument is judged', () => {
    const judge = new StreamingCallJudge(registry());
    expect(judge.observe({ index: 0, name: 'get_wea' })).toBeUndefined();
    expect(judge.observe({ index: 0, name: 'th' })).toBeUndefined();
    const verdict = judge.observe({ index: 0, arguments: '{"ci' });
    expect(verdict).toMatchObject({ reason: 'unknown_tool', tool: 'get_wea' + 'th' });
    const parsed = createToolCallParser({ registry: registry() }).parseRawToolCalls([verdict!.call], '', {});
    expect(parsed.errors.map((error) => error.code)).toEqual(['ACODE-TLP-005']);
  });

  it.each([
    ['a null (strict nulls are dropped)', '{"units": null, "city": "Paris"}'],
    ['a string for a non-string property (a stringified value may be decoded)', '{"tags": "[\\"a\\"]", "city": "Paris"}'],
    ['an envelope key (an envelope is unwrapped)', '{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ['text a repair may read (single quotes)', "{'country': 'FR', 'city': 'Paris'}"],
    ['a value of the right type that breaks another keyword (minLength)', '{"city": "", "days": 2'],
  ])('does not judge %s', (_name, text) => {
    expect(judgeStreamed(new StreamingCallJudge(registry()), 'get_weather', text)).toBeUndefined();
  });

  it('judges no property under gateway.strict: false where the schema leaves objects open', () => {
    const open = toolContract([{ wireName: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }], { strict: false });
    if (!open.ok) throw new Error('bad tools');
    expect(judgeStreamed(new StreamingCallJudge(new WireNamedRegistry(open.contract)), 'get_weather', '{"country": "FR", "city": "Paris"}')).toBeUndefined();
  });

  it('judges a call that arrives whole (Ollama) at once, and keeps earlier calls for the answer of the stopped request', () => {
    const judge = new StreamingCallJudge(registry());
    expect(judge.observe({ index: 0, name: 'get_weather', argumentsObject: { city: 'Paris' }, whole: true })).toBeUndefined();
    const verdict = judge.observe({ index: 1, name: 'get_weather', argumentsObject: { city: 'Lyon', days: true }, whole: true });
    expect(verdict).toMatchObject({ index: 1, reason: 'wrong_type', property: 'days' });
    expect(judge.calls().map((call) => call.arguments)).toEqual([{ city: 'Paris' }, { city: 'Lyon', days: true }]);
  });
});
