import { describe, expect, it } from 'vitest';
import type { GatewayTool } from '../../src/gateway/gateway-request.js';
import { readOpenAiChatRequest } from '../../src/gateway/read-openai-chat-request.js';
import { toolContract } from '../../src/gateway/request-tool-contract.js';
import { hashOf } from '../../src/gateway/to-tool-name.js';

const city = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

function contractOf(tools: readonly GatewayTool[], strict?: boolean) {
  const result = toolContract(tools, strict === undefined ? {} : { strict });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.contract;
}

describe('toolContract', () => {
  it('registers each tool under a valid name and maps the names both ways', () => {
    const contract = contractOf([
      { wireName: 'getWeather', description: 'Weather now', parameters: city },
      { wireName: 'fs.read', description: '', parameters: undefined },
    ]);
    expect(contract.definitions.map((d) => [d.name, d.version])).toEqual([
      ['get_weather', '1.0.0'],
      ['fs_read', '1.0.0'],
    ]);
    expect(contract.toRegistry('getWeather')).toBe('get_weather');
    expect(contract.toRegistry('get_weather')).toBeUndefined();
    expect(contract.toWire('fs_read')).toBe('fs.read');
    expect(contract.toWire('unknown_tool')).toBe('unknown_tool');
    expect(contract.registry.getAllTools().map((d) => d.name)).toEqual(['fs_read', 'get_weather']);
    expect(contract.definitions[1]).toMatchObject({ description: "The client's tool fs.read (declared without a description).", parameters: { type: 'object', properties: {} } });
    expect(contract.registry.tryValidateArguments('get_weather', '{"city":"Paris"}').success).toBe(true);
  });

  it('accepts a tool read from a real request, draft-07 schemas included', () => {
    const read = readOpenAiChatRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Look up',
            parameters: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { where: { $ref: '#/definitions/place' } }, definitions: { place: { type: 'string' } } },
          },
        },
        { type: 'function', function: { name: 'noop', parameters: {} } },
      ],
    });
    if (!read.ok) throw new Error(read.error.message);
    const contract = contractOf(read.request.tools);
    expect(contract.definitions[0]?.parameters).toMatchObject({ $defs: { place: { type: 'string' } }, properties: { where: { $ref: '#/$defs/place' } } });
    expect(contract.registry.tryValidateArguments('lookup', '{"where":"Paris"}').success).toBe(true);
    expect(contract.registry.tryValidateArguments('lookup', '{"where":1}').success).toBe(false);
    expect(contract.definitions[1]?.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('gives a clash to the name that was valid already, and a hash suffix to the other, whatever the order', () => {
    for (const order of [['get-weather', 'get_weather'], ['get_weather', 'get-weather']]) {
      const contract = contractOf(order.map((wireName) => ({ wireName, description: 'w', parameters: city })));
      expect(contract.toRegistry('get_weather')).toBe('get_weather');
      expect(contract.toRegistry('get-weather')).toBe(`get_weather_${hashOf('get-weather')}`);
      expect(contract.toWire(`get_weather_${hashOf('get-weather')}`)).toBe('get-weather');
    }
  });

  it('cuts a long description to 500 characters without splitting an emoji', () => {
    const contract = contractOf([{ wireName: 'a', description: '😀'.repeat(600), parameters: undefined }]);
    expect(Array.from(contract.definitions[0]!.description)).toHaveLength(500);
    expect(contract.definitions[0]!.description).toBe('😀'.repeat(500));
  });

  it('reports every problem of every tool at once, each at its place in the request', () => {
    const result = toolContract([
      { wireName: 'a', description: 'x', parameters: { type: 'object', properties: { filePath: { type: 'string' }, any: {} } } },
      { wireName: 'b', description: 'x', parameters: [] },
      { wireName: 'c', description: 'x', parameters: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } },
      { wireName: 'd', description: 'x', parameters: { type: 'string' } },
      { wireName: 'e', description: 'x', parameters: city },
      { wireName: 'e', description: 'x', parameters: city },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.code, e.field])).toEqual([
      ['ACODE-GTW-002', '/tools/0/function/parameters/properties/filePath'],
      ['ACODE-GTW-002', '/tools/0/function/parameters/properties/any'],
      ['ACODE-GTW-002', '/tools/1/function/parameters'],
      ['ACODE-GTW-002', '/tools/2/function/parameters/$schema'],
      ['ACODE-GTW-002', '/tools/3/function/parameters/type'],
      ['ACODE-GTW-002', '/tools/5/function/name'],
    ]);
    expect(result.errors[0]?.message).toBe(
      'Tool "a" (tools[0]): parameter name "filePath" is not snake_case (lowercase letters, digits and underscores, starting with a letter); did you mean "file_path"? (at /parameters/properties/filePath)',
    );
    expect(result.errors[2]?.message).toBe('Tool "b" (tools[1]): parameters must be a JSON Schema object with type "object"; got an array');
    expect(result.errors[3]?.message).toMatch(/^Tool "c" \(tools\[2\]\): Unsupported \$schema "http:\/\/json-schema.org\/draft-04\/schema#"/);
    expect(result.errors[4]?.message).toMatch(/^Tool "d" \(tools\[3\]\): /);
    expect(result.errors[5]?.message).toBe('Tool "e" (tools[5]) is declared twice (tools[4] and tools[5])');
  });

  it('refuses unknown properties by default, and accepts them with strict: false', () => {
    const tools = [{ wireName: 'w', description: 'w', parameters: city }];
    expect(contractOf(tools).registry.tryValidateArguments('w', '{"city":"P","extra":1}')).toMatchObject({ success: false, errors: [{ code: 'ACODE-TSR-005', path: '/extra' }] });
    const relaxed = contractOf(tools, false).registry;
    expect(relaxed.tryValidateArguments('w', '{"city":"P","extra":1}').success).toBe(true);
    // Everything else stays: types, required properties, and an explicit additionalProperties: false.
    expect(relaxed.tryValidateArguments('w', '{"city":5}').success).toBe(false);
    expect(relaxed.tryValidateArguments('w', '{}').success).toBe(false);
    const closed = contractOf([{ wireName: 'w', description: 'w', parameters: { ...city, additionalProperties: false } }], false).registry;
    expect(closed.tryValidateArguments('w', '{"city":"P","extra":1}').success).toBe(false);
  });

  it('never throws on hostile tools', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5_000; i++) deep = { type: 'object', properties: { a: deep } };
    const trap = new Proxy({}, { get: () => { throw new Error('boom'); } });
    const inputs: unknown[] = [
      [{ wireName: 'deep', description: 'x', parameters: deep }],
      [{ wireName: 5, description: 'x', parameters: undefined }],
      [trap],
      [null],
      [{ wireName: '__proto__', description: 'x', parameters: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') }],
      Array.from({ length: 300 }, (_, i) => ({ wireName: `t${i}`, description: 'd'.repeat(100_000), parameters: city })),
    ];
    for (const tools of inputs) expect(() => toolContract(tools as GatewayTool[])).not.toThrow();
    expect(toolContract(inputs[0] as GatewayTool[])).toMatchObject({ ok: false, errors: [{ code: 'ACODE-GTW-002', field: expect.stringMatching(/^\/tools\/0\/function\/parameters/) }] });
    expect(toolContract(inputs[1] as GatewayTool[])).toEqual({ ok: false, errors: [{ code: 'ACODE-GTW-002', field: '/tools/0/function/name', message: 'tools[0] has no name' }] });
    expect(toolContract(inputs[5] as GatewayTool[])).toEqual({ ok: false, errors: [{ code: 'ACODE-GTW-002', field: '/tools', message: 'A request may declare at most 128 tools; this one declares 300' }] });
    expect(toolContract((inputs[5] as GatewayTool[]).slice(0, 128)).ok).toBe(true);
  });
});
