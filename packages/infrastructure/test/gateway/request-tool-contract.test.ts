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

  it('names a tool by its place in the request, tools of other kinds counted, when it is declared twice', () => {
    const contract = contractOf([
      { position: 1, wireName: 'f', description: 'x', parameters: city },
      { position: 2, wireName: 'f', description: 'x', parameters: { ...city } },
    ]);
    expect(contract.warnings.map((w) => [w.field, w.message])).toEqual([['/tools/2/function/name', 'Tool "f" (tools[2]) is declared twice (tools[1] and tools[2]); both say the same, so they are one tool']]);
  });

  it('takes any name an upstream would: dots, hyphens, non-ASCII, camelCase, over 64 characters', () => {
    const names = ['math.factorial', 'get-weather', '天气', 'getPlayerStats', `x${'y'.repeat(100)}`];
    const contract = contractOf(names.map((wireName) => ({ wireName, description: 'd', parameters: city })));
    expect(contract.warnings).toEqual([]);
    for (const name of names) {
      const registryName = contract.toRegistry(name);
      expect(registryName).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(contract.toWire(registryName as string)).toBe(name);
    }
    expect(new Set(names.map((name) => contract.toRegistry(name))).size).toBe(names.length);
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

  it('takes every tool an upstream would, reporting what the registry rules find as warnings at their place in the request', () => {
    const result = toolContract([
      { wireName: 'a', description: 'x', parameters: { type: 'object', properties: { filePath: { type: 'string' }, any: {} } } },
      { wireName: 'b', description: 'x', parameters: [] },
      { wireName: 'c', description: 'x', parameters: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'integer', minimum: 0, exclusiveMinimum: true } } } },
      { wireName: 'd', description: 'x', parameters: { type: 'string' } },
      { wireName: 'e', description: 'x', parameters: city },
      { wireName: 'e', description: 'x', parameters: city },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { contract } = result;
    expect(contract.warnings.map((w) => [w.code, w.field, w.unchecked])).toEqual([
      ['ACODE-GTW-008', '/tools/0/function/parameters/properties/filePath', false],
      ['ACODE-GTW-008', '/tools/0/function/parameters/properties/any', false],
      ['ACODE-GTW-008', '/tools/1/function/parameters', true],
      ['ACODE-GTW-008', '/tools/2/function/parameters/$schema', false],
      ['ACODE-GTW-008', '/tools/3/function/parameters/type', true],
      ['ACODE-GTW-008', '/tools/5/function/name', false],
    ]);
    expect(contract.warnings[0]?.message).toBe(
      'Tool "a" (tools[0]): parameter name "filePath" is not snake_case (lowercase letters, digits and underscores, starting with a letter); did you mean "file_path"?; taken as declared',
    );
    expect(contract.warnings[5]?.message).toBe('Tool "e" (tools[5]) is declared twice (tools[4] and tools[5]); both say the same, so they are one tool');
    const { registry } = contract;
    // camelCase stays the client's: the schema still checks, under the names it declares.
    expect(registry.tryValidateArguments('a', '{"filePath":"x","any":[1]}').success).toBe(true);
    expect(registry.tryValidateArguments('a', '{"filePath":1}').success).toBe(false);
    // Not an object schema: the calls are read, not checked.
    expect(registry.tryValidateArguments('b', '{"anything":1}').success).toBe(true);
    expect(registry.tryValidateArguments('d', '{"anything":1}').success).toBe(true);
    // Draft-04's boolean exclusiveMinimum read as the bound it means.
    expect(registry.tryValidateArguments('c', '{"n":1}').success).toBe(true);
    expect(registry.tryValidateArguments('c', '{"n":0}').success).toBe(false);
    expect(registry.tryValidateArguments('e', '{"city":"Paris"}').success).toBe(true);
    expect(registry.tryValidateArguments('e', '{"city":3}').success).toBe(false);
  });

  it('takes loose schemas real clients send: wrong-typed and required defaults, objects without properties, camelCase names', () => {
    const contract = contractOf([
      {
        wireName: 'get_player',
        description: 'x',
        parameters: {
          type: 'object',
          properties: { playerID: { type: 'string' }, verbose: { type: 'boolean', default: 'True' }, filters: { type: 'object' }, order: { type: 'integer', default: 1 } },
          required: ['playerID', 'order'],
        },
      },
    ]);
    expect(contract.warnings.every((w) => w.code === 'ACODE-GTW-008' && !w.unchecked)).toBe(true);
    const fields = contract.warnings.map((w) => w.field);
    expect(fields).toContain('/tools/0/function/parameters/properties/playerID');
    expect(fields.some((field) => field.startsWith('/tools/0/function/parameters/properties/verbose'))).toBe(true);
    expect(fields.some((field) => field.startsWith('/tools/0/function/parameters/properties/order'))).toBe(true);
    // The arguments come back as sent: no default written in (not "True", not order 1).
    expect(contract.registry.tryValidateArguments('get_player', '{"playerID":"p7","order":2}')).toMatchObject({ success: true, arguments: { playerID: 'p7', order: 2 } });
    const sent = contract.registry.tryValidateArguments('get_player', '{"playerID":"p7","order":2}');
    expect(sent.success && Object.keys(sent.arguments)).toEqual(['playerID', 'order']);
    expect(contract.registry.tryValidateArguments('get_player', '{"playerID":7,"order":2}').success).toBe(false);
  });

  it('leaves a tool declared twice differently unchecked, and one whose schema cannot compile', () => {
    const contract = contractOf([
      { wireName: 'e', description: 'x', parameters: city },
      { wireName: 'e', description: 'y', parameters: { type: 'object', properties: { n: { type: 'integer' } } } },
      { wireName: 'p', description: 'x', parameters: { type: 'object', properties: { s: { type: 'string', pattern: '(?=a)b' } } } },
      { wireName: 'r', description: 'x', parameters: { type: 'object', properties: { s: { $ref: '#/$defs/missing' } } } },
    ]);
    expect(contract.warnings.filter((w) => w.unchecked).map((w) => w.field)).toEqual(['/tools/1/function/name', '/tools/2/function', '/tools/3/function']);
    // A schema that cannot compile is one problem: one warning, never also "taken as declared".
    expect(contract.warnings.filter((w) => w.field.startsWith('/tools/2/') || w.field.startsWith('/tools/3/')).map((w) => w.unchecked)).toEqual([true, true]);
    for (const name of ['e', 'p', 'r']) expect(contract.registry.tryValidateArguments(name, '{"n":"x","s":1}').success).toBe(true);
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

  it('reads a hostile draft-04 schema as data: __proto__ stays a key, nothing is polluted, deep nesting is warned about', () => {
    const schema = JSON.parse(
      '{"$schema":"http://json-schema.org/draft-04/schema#","__proto__":{"polluted":1},"type":"object","properties":{"__proto__":{"type":"number","minimum":0,"exclusiveMinimum":true}}}',
    );
    const contract = contractOf([{ wireName: 'p', description: 'x', parameters: schema }]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const parameters = contract.definitions[0]?.parameters as Record<string, unknown>;
    expect(Object.getPrototypeOf(parameters)).toBe(Object.prototype);
    expect(Object.hasOwn(parameters['properties'] as object, '__proto__')).toBe(true);
    expect(contract.registry.tryValidateArguments('p', '{"__proto__": 0}').success).toBe(false);
    expect(contract.registry.tryValidateArguments('p', '{"__proto__": 1}').success).toBe(true);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5_000; i++) deep = { type: 'object', properties: { a: deep } };
    const nested = toolContract([{ wireName: 'd', description: 'x', parameters: { $schema: 'http://json-schema.org/draft-04/schema#', ...deep } }]);
    expect(nested.ok && nested.contract.warnings.some((w) => w.unchecked)).toBe(true);
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
    expect(toolContract(inputs[0] as GatewayTool[])).toMatchObject({ ok: true, contract: { warnings: [{ code: 'ACODE-GTW-008', unchecked: true, field: expect.stringMatching(/^\/tools\/0\/function\/parameters/) }] } });
    expect(toolContract(inputs[1] as GatewayTool[])).toEqual({ ok: false, errors: [{ code: 'ACODE-GTW-002', field: '/tools/0/function/name', message: 'tools[0] has no name' }] });
    expect(toolContract(inputs[5] as GatewayTool[])).toEqual({ ok: false, errors: [{ code: 'ACODE-GTW-002', field: '/tools', message: 'A request may declare at most 128 tools; this one declares 300' }] });
    expect(toolContract((inputs[5] as GatewayTool[]).slice(0, 128)).ok).toBe(true);
  });
});
