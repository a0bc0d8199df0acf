import { describe, expect, it } from 'vitest';
import { readRequestTools } from '../../src/gateway/read-request-tools.js';

describe('readRequestTools', () => {
  it('reads absent and null as no tools', () => {
    expect(readRequestTools(undefined)).toEqual({ ok: true, tools: [], ignored: [] });
    expect(readRequestTools(null)).toEqual({ ok: true, tools: [], ignored: [] });
  });

  it('keeps the name, description, schema and strict flag; null parameters are none', () => {
    expect(readRequestTools([{ type: 'function', function: { name: 'a', description: 'd', parameters: null, strict: false } }])).toEqual({
      ok: true,
      tools: [{ position: 0, wireName: 'a', description: 'd', parameters: undefined, strict: false }],
      ignored: [],
    });
  });

  it('leaves tools of other kinds out, each noted with its place, and refuses a type that is not a name', () => {
    expect(readRequestTools([{ type: 'custom', custom: { name: 'grammar' } }, { type: 'function', function: { name: 'a' } }, { type: 'web_search' }])).toEqual({
      ok: true,
      tools: [{ position: 1, wireName: 'a', description: '', parameters: undefined }],
      ignored: [
        { field: '/tools/0/type', type: '"custom"' },
        { field: '/tools/2/type', type: '"web_search"' },
      ],
    });
  });

  it.each([
    [[1], 'ACODE-GTW-001', '/tools/0', 'tools[0] must be an object; got an integer'],
    [[{ type: 'function' }], 'ACODE-GTW-001', '/tools/0/function', 'tools[0].function must be an object; got nothing'],
    [[{ type: 'function', function: { name: 1 } }], 'ACODE-GTW-001', '/tools/0/function/name', 'tools[0].function.name must be a string; got an integer'],
    [[{ type: 'function', function: { name: 'a', description: 3 } }], 'ACODE-GTW-001', '/tools/0/function/description', 'tools[0].function.description must be a string; got an integer'],
    [[{ type: 'function', function: { name: 'a', strict: 'yes' } }], 'ACODE-GTW-001', '/tools/0/function/strict', 'tools[0].function.strict must be a boolean; got a string'],
    [[{ function: { name: 'a' } }], 'ACODE-GTW-001', '/tools/0/type', 'tools[0].type must be a string such as "function"; got nothing'],
  ])('refuses %j', (tools, code, field, message) => {
    expect(readRequestTools(tools)).toEqual({ ok: false, error: { code, field, message } });
  });

  it('refuses parameters nested past 64 levels', () => {
    let deep: unknown = {};
    for (let i = 0; i < 1_000; i++) deep = { not: deep };
    expect(readRequestTools([{ type: 'function', function: { name: 'a', parameters: deep } }])).toEqual({
      ok: false,
      error: { code: 'ACODE-GTW-002', field: '/tools/0/function/parameters', message: 'tools[0].function.parameters must be JSON nesting at most 64 levels' },
    });
  });
});
