import type { TextCallFormat } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { leadingNameState, TextCallTriggers } from '../../../src/tool-calls/content/text-call-triggers.js';

/** One sample of each format's markup, as models write it (from the extractors' own test data). */
const SAMPLES: Record<string, string> = {
  tool_call_tag: '<tool_call>{"name":"f","arguments":{}}</tool_call>',
  tool_calls_marker: '[TOOL_CALLS]f[ARGS]{}',
  python_tag: '<|python_tag|>{"name":"f","parameters":{}}',
  function_tag: '<function=f>{}</function>',
  qwen3_xml: '<tool_call><function=f></function></tool_call>',
  pythonic: '[f(a=1)]',
  fenced_json: '```json\n{"name":"f","arguments":{}}\n```',
  bare_json: '{"name":"f","arguments":{}}',
  functools: 'functools[{"name":"f","arguments":{}}]',
  functionary: '>>>f\n{}',
  harmony: '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{}',
};

describe('TextCallTriggers', () => {
  it("holds each format's markup from its start, when only that format is looked for", () => {
    for (const [format, sample] of Object.entries(SAMPLES)) {
      const scan = new TextCallTriggers([format as TextCallFormat]).scan(`Sure. ${sample}`);
      expect(scan.at, format).toBeGreaterThanOrEqual(0);
      expect(scan.at, format).toBeLessThanOrEqual('Sure. '.length);
    }
  });

  it('tells how much of the end may begin a longer trigger', () => {
    const triggers = new TextCallTriggers(['functools']);
    expect(triggers.scan('calling functo')).toEqual({ at: -1, partial: 6 });
    expect(triggers.scan('plain prose')).toEqual({ at: -1, partial: 0 });
  });

  it('always holds at `<`, for reasoning tags the parser separates whatever the formats', () => {
    expect(new TextCallTriggers(['bare_json']).scan('a <think>').at).toBe(2);
  });
});

describe('leadingNameState', () => {
  it("waits while the text may become Functionary's NAME line, triggers once it is one, and lets other text go", () => {
    expect(leadingNameState('get_w', ['get_weather'])).toBe('wait');
    expect(leadingNameState('get_weather\n{', ['get_weather'])).toBe('trigger');
    expect(leadingNameState('all\n', [])).toBe('trigger');
    expect(leadingNameState('Hello', ['get_weather'])).toBe('no');
  });
});
