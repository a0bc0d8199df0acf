import { InvalidToolDefinitionException } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { createToolCallParser, createToolRegistry } from '@acode/infrastructure';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toOurArguments, toWireArguments } from '../src/mcp/mcp-property-names.js';
import {
  fromMcpAnnotations,
  fromMcpTool,
  fromMcpTools,
  mcpMetadataOf,
  mcpToolName,
  toMcpAnnotations,
  toMcpCall,
  toMcpTool,
  toParameterName,
  toToolName,
  validateMcpCall,
  type McpTool,
} from '../src/mcp/index.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

async function connect(server: McpServer | Server): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'acode-test', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(() => client.close());
  return client;
}

describe('MCP server tools → our registry', () => {
  async function weatherServer(calls: unknown[]): Promise<Client> {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    server.registerTool(
      'get-weather',
      {
        title: 'Weather',
        description: 'Current weather for a city.',
        inputSchema: { city: z.string().min(1), unit: z.enum(['c', 'f']).default('c'), days: z.array(z.number().int()).max(3).optional() },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: `${args.city}: 21°` }] };
      },
    );
    server.registerTool(
      'fs.write',
      { description: 'Writes a file.', inputSchema: { path: z.string(), text: z.string() }, outputSchema: { bytes: z.number() } },
      async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: 'ok' }], structuredContent: { bytes: args.text.length } };
      },
    );
    server.registerTool('noop', { description: 'Does nothing.', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async () => ({ content: [] }));
    return connect(server);
  }

  it('lists, converts, registers, validates a model call and calls the server tool by its wire name', async () => {
    const calls: unknown[] = [];
    const client = await weatherServer(calls);
    const listed = (await client.listTools()).tools;
    const definitions = fromMcpTools(listed);
    expect(definitions.map((d) => d.name)).toEqual(['get_weather', 'fs_write', 'noop']);
    expect(definitions.map((d) => mcpToolName(d))).toEqual(['get-weather', 'fs.write', 'noop']);
    const registry = createToolRegistry({ tools: definitions });

    // A model's broken call, parsed and validated by our parser against the MCP tool's schema.
    const parser = createToolCallParser({ registry });
    const parsed = parser.parseRawToolCalls([{ index: 0, name: 'get_weather', arguments: "{'city': 'Oslo', 'days': [1, 2],}", source: 'openai' }], '');
    expect(parsed.errors).toEqual([]);
    const call = parsed.toolCalls[0]!;
    expect(call.arguments).toEqual({ city: 'Oslo', unit: 'c', days: [1, 2] });

    const result = await client.callTool(toMcpCall(registry, call));
    expect(result.content).toEqual([{ type: 'text', text: 'Oslo: 21°' }]);
    expect(calls).toEqual([{ city: 'Oslo', unit: 'c', days: [1, 2] }]);

    // The registry refuses what the server would refuse too, before any call is made.
    expect(registry.tryValidateArguments('get_weather', { city: 'Oslo', days: [1.5] }).success).toBe(false);
    expect(registry.tryValidateArguments('fs_write', { path: 'a' }).success).toBe(false);
    expect(validateMcpCall(registry, { name: 'fs.write', arguments: { path: 'a', text: 'hi' } }).success).toBe(true);
    expect(validateMcpCall(registry, { name: 'fs.nope', arguments: {} })).toMatchObject({ success: false, errors: [{ code: 'ACODE-TSR-001' }] });
  });

  it('normalises the draft-07 schemas the SDK lists, and keeps the output schema', async () => {
    const client = await weatherServer([]);
    const listed = (await client.listTools()).tools;
    expect(listed[0]?.inputSchema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    const [weather, write] = fromMcpTools(listed);
    expect(weather!.parameters['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    const registry = createToolRegistry({ tools: [write!] });
    expect(registry.tryValidateOutput('fs_write', { bytes: 2 }).valid).toBe(true);
    expect(registry.tryValidateOutput('fs_write', { bytes: 'two' }).valid).toBe(false);
  });

  it('maps the annotations to sideEffects, idempotent and requiresConfirmation, MCP defaults included', async () => {
    const client = await weatherServer([]);
    const [weather, write, noop] = fromMcpTools((await client.listTools()).tools);
    expect(weather).toMatchObject({ sideEffects: 'read_only', idempotent: true, requiresConfirmation: false });
    expect(weather!.metadata?.['mcp']).toEqual({ name: 'get-weather', title: 'Weather', annotations: { readOnlyHint: true, openWorldHint: true } });
    // No annotations: MCP's defaults say it may write, destructively, and is not idempotent.
    expect(write).toMatchObject({ sideEffects: 'writes', idempotent: false, requiresConfirmation: true });
    expect(noop).toMatchObject({ sideEffects: 'writes', idempotent: true, requiresConfirmation: false });
    expect(fromMcpTool((await client.listTools()).tools[1]!, { requiresConfirmation: false }).requiresConfirmation).toBe(false);
  });

  it('reads a hand-written draft-07 schema with definitions and tuple items from a raw server', async () => {
    const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } });
    const rawTool = {
      name: 'plotPoint',
      description: 'Plots a point.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { point: { $ref: '#/definitions/point' }, color: { type: 'string' } },
        required: ['point'],
        definitions: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
      },
    };
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [rawTool] }));
    const client = await connect(server);
    const [definition] = fromMcpTools((await client.listTools()).tools);
    expect(definition!.name).toBe('plot_point');
    const registry = createToolRegistry({ tools: [definition!] });
    expect(registry.tryValidateArguments('plot_point', { point: [1, 2] }).success).toBe(true);
    expect(registry.tryValidateArguments('plot_point', { point: [1, 2, 3] }).success).toBe(false);
    expect(registry.tryValidateArguments('plot_point', { point: ['a', 2] }).success).toBe(false);
  });
});

describe('our definitions → an MCP server', () => {
  const definitions: ToolDefinition[] = [
    {
      name: 'read_file',
      description: 'Reads a text file.',
      version: '1.0.0',
      parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      outputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      sideEffects: 'read_only',
    },
    {
      name: 'delete_file',
      description: 'Deletes a file.',
      version: '1.0.0',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      sideEffects: 'writes',
      requiresConfirmation: true,
      idempotent: true,
    },
    {
      name: 'list_lines',
      description: 'Lists lines.',
      version: '1.0.0',
      parameters: { type: 'object', properties: {} },
      outputSchema: { type: 'array', items: { type: 'string' } },
    },
  ];

  it('serves toMcpTool of our definitions, lists them through a client, and validates calls by wire name', async () => {
    const registry = createToolRegistry({ tools: definitions });
    const ran: unknown[] = [];
    const server = new Server({ name: 'acode', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: registry.getAllTools().map((d) => toMcpTool(d)) as Tool[] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const validation = validateMcpCall(registry, request.params);
      if (!validation.success) return { isError: true, content: [{ type: 'text', text: validation.errors.map((e) => `${e.code} ${e.message}`).join('; ') }] };
      ran.push(validation.arguments);
      return { content: [{ type: 'text', text: 'done' }], structuredContent: { text: 'hello' } };
    });
    const client = await connect(server);
    const listed = (await client.listTools()).tools;
    const byName = new Map(listed.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(['delete_file', 'list_lines', 'read_file']);
    expect(byName.get('read_file')!.annotations).toEqual({ readOnlyHint: true });
    expect(byName.get('read_file')!.inputSchema).toEqual({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(byName.get('read_file')!.outputSchema).toMatchObject({ type: 'object', required: ['text'] });
    expect(byName.get('delete_file')!.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // MCP allows only object output schemas: an array output is served without one.
    expect(byName.get('list_lines')!.outputSchema).toBeUndefined();

    const ok = await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
    expect(ok.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'delete_file', arguments: { path: 7 } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('ACODE-TSR-004');
    expect(ran).toEqual([{ path: 'a.txt' }]);
  });

  it('round-trips: an MCP tool converted, then served, keeps its wire name and annotations', () => {
    const original: McpTool = {
      name: 'get-weather',
      title: 'Weather',
      description: 'Current weather.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    };
    const served = toMcpTool(fromMcpTool(original));
    expect(served).toEqual({ ...original, inputSchema: original.inputSchema, annotations: { readOnlyHint: true, openWorldHint: false } });
    const writer: McpTool = { name: 'fs.write', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, annotations: { destructiveHint: false, idempotentHint: true } };
    expect(toMcpTool(fromMcpTool(writer)).annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(fromMcpAnnotations(toMcpAnnotations(fromMcpTool(writer)))).toEqual(fromMcpAnnotations(writer.annotations));
  });
});

describe('names', () => {
  it('tells apart wire names that meet, whatever their order', () => {
    const tool = (name: string): McpTool => ({ name, description: 'x', inputSchema: { type: 'object', properties: {} } });
    const one = fromMcpTools([tool('get-weather'), tool('get_weather'), tool('get.weather')]).map((d) => d.name);
    const other = fromMcpTools([tool('get.weather'), tool('get_weather'), tool('get-weather')]).map((d) => d.name);
    expect(one[1]).toBe('get_weather');
    expect(new Set(one).size).toBe(3);
    expect([...one].sort()).toEqual([...other].sort());
    expect(() => createToolRegistry({ tools: fromMcpTools([tool('get-weather'), tool('get_weather')]) })).not.toThrow();
  });
});

describe('hostile MCP tools', () => {
  const base: McpTool = { name: 'ok-tool', description: 'x', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } };

  it('refuses what is not an MCP tool with ACODE codes', () => {
    const codeOf = (value: unknown): string | undefined => {
      try {
        fromMcpTool(value as McpTool);
      } catch (error) {
        return error instanceof InvalidToolDefinitionException ? error.code : 'not an ACODE exception';
      }
      return undefined;
    };
    expect(codeOf(null)).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, name: 42 })).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, name: 'x'.repeat(10_000) })).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, inputSchema: 'object' })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, inputSchema: [] })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, outputSchema: { $schema: 42, type: 'object' } })).toBe('ACODE-TSR-006');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 50_000; i++) deep = { type: 'object', properties: { a: deep } };
    expect(codeOf({ ...base, inputSchema: deep })).toBe('ACODE-TSR-006');
  });

  it('gives a wire name with control characters a clean name of ours, and still finds its calls by the wire name', () => {
    for (const wire of ['get\u0000weather\n', '\u001b[31mred', '\u0000\u0001', '\u202Eevil', `x${'\u0007'.repeat(511)}`]) {
      const definition = fromMcpTool({ ...base, name: wire });
      expect(definition.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(mcpToolName(definition)).toBe(wire);
      const registry = createToolRegistry({ tools: [definition] });
      expect(validateMcpCall(registry, { name: wire, arguments: { a: 'x' } })).toMatchObject({ success: true, tool: definition.name });
      expect(toMcpCall(registry, { name: definition.name, arguments: { a: 'x' } }).name).toBe(wire);
    }
  });

  it('ignores annotations that are not booleans, reading MCP defaults, and cuts a long description', () => {
    const definition = fromMcpTool({ ...base, description: 'd'.repeat(5000), annotations: { readOnlyHint: 'yes', destructiveHint: 0 } as never });
    expect(definition).toMatchObject({ sideEffects: 'writes', requiresConfirmation: true });
    expect(definition.metadata?.['mcp']).toEqual({ name: 'ok-tool' });
    expect(Array.from(definition.description)).toHaveLength(500);
    expect(() => createToolRegistry({ tools: [definition] })).not.toThrow();
  });

  it('lets the registry refuse a loose MCP schema with its ACODE message', () => {
    const loose = fromMcpTool({ ...base, inputSchema: { type: 'object', properties: { anything: {}, filePath: { type: 'string' } } } });
    expect(() => createToolRegistry({ tools: [loose] })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
  });

  it('accepts the SDK Tool type and gives back one', () => {
    const sdkTool: Tool = { name: 'x.y', inputSchema: { type: 'object' } };
    const asOurs: McpTool = sdkTool;
    const back: Tool = toMcpTool(fromMcpTool(asOurs));
    expect(back.name).toBe('x.y');
  });
});

describe('MCP property names that are not snake_case', () => {
  const filesInputSchema = {
    type: 'object',
    properties: {
      filePath: { type: 'string' },
      options: {
        type: 'object',
        properties: { maxResults: { type: 'integer', minimum: 1 }, 'case-sensitive': { type: 'boolean' } },
        required: ['maxResults'],
        additionalProperties: false,
      },
      ranges: {
        type: 'array',
        items: { type: 'object', properties: { startLine: { type: 'integer' }, endLine: { type: 'integer' } }, required: ['startLine'], additionalProperties: false },
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  } as const;

  async function filesServer(calls: unknown[]): Promise<Client> {
    const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } });
    const tool = { name: 'searchFile', description: 'Searches a file.', inputSchema: filesInputSchema, annotations: { readOnlyHint: true } };
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [tool] as unknown as Tool[] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      calls.push(request.params.arguments);
      return { content: [{ type: 'text', text: 'found' }] };
    });
    return connect(server);
  }

  it('renames camelCase and kebab-case names at every depth, validates our names and calls the server with its own', async () => {
    const calls: unknown[] = [];
    const client = await filesServer(calls);
    const [definition] = fromMcpTools((await client.listTools()).tools);
    expect(definition!.parameters).toEqual({
      type: 'object',
      properties: {
        file_path: { type: 'string' },
        options: { type: 'object', properties: { max_results: { type: 'integer', minimum: 1 }, case_sensitive: { type: 'boolean' } }, required: ['max_results'], additionalProperties: false },
        ranges: { type: 'array', items: { type: 'object', properties: { start_line: { type: 'integer' }, end_line: { type: 'integer' } }, required: ['start_line'], additionalProperties: false } },
      },
      required: ['file_path'],
      additionalProperties: false,
    });
    expect(definition!.metadata?.['mcp']).toMatchObject({
      name: 'searchFile',
      properties: {
        renamed: { file_path: 'filePath' },
        properties: { options: { renamed: { max_results: 'maxResults', case_sensitive: 'case-sensitive' } }, ranges: { items: { renamed: { start_line: 'startLine', end_line: 'endLine' } } } },
      },
    });
    // The mapping is plain JSON: it survives serialisation.
    const registry = createToolRegistry({ tools: [JSON.parse(JSON.stringify(definition)) as ToolDefinition] });

    const parser = createToolCallParser({ registry });
    const parsed = parser.parseRawToolCalls(
      [{ index: 0, name: 'search_file', arguments: '{"file_path": "a.ts", "options": {"max_results": 5, "case_sensitive": true}, "ranges": [{"start_line": 1, "end_line": 9}, {"start_line": 20}]}', source: 'openai' }],
      '',
    );
    expect(parsed.errors).toEqual([]);
    const call = parsed.toolCalls[0]!;
    // A model using the wire's names is refused: ours are the only names.
    expect(registry.tryValidateArguments('search_file', { filePath: 'a.ts' }).success).toBe(false);

    const result = await client.callTool(toMcpCall(registry, call));
    expect(result.content).toEqual([{ type: 'text', text: 'found' }]);
    expect(calls).toEqual([{ filePath: 'a.ts', options: { maxResults: 5, 'case-sensitive': true }, ranges: [{ startLine: 1, endLine: 9 }, { startLine: 20 }] }]);

    // An MCP client's call in the wire's names validates, and comes out in ours.
    const validation = validateMcpCall(registry, { name: 'searchFile', arguments: calls[0] as Record<string, unknown> });
    expect(validation).toMatchObject({ success: true, arguments: call.arguments });
    expect(validateMcpCall(registry, { name: 'searchFile', arguments: { filePath: 'a.ts', options: { maxResults: 0 } } })).toMatchObject({ success: false });
  });

  it('round-trips: toMcpTool(fromMcpTool(tool)) has the original input schema, names, $ref, $defs and defaults included', () => {
    const tool: McpTool = {
      name: 'plotChart',
      description: 'Plots.',
      inputSchema: {
        type: 'object',
        properties: {
          chartType: { enum: ['bar', 'line'] },
          dataPoints: { type: 'array', items: { $ref: '#/$defs/dataPoint' } },
          styleOptions: { type: 'object', properties: { lineWidth: { type: 'number' } }, default: { lineWidth: 2 } },
          seriesA: { $ref: '#/properties/styleOptions' },
          label: { anyOf: [{ type: 'string' }, { type: 'object', properties: { textValue: { type: 'string' } }, required: ['textValue'] }] },
        },
        required: ['chartType', 'dataPoints'],
        dependentRequired: { seriesA: ['styleOptions'] },
        $defs: { dataPoint: { type: 'object', properties: { xValue: { type: 'number' }, yValue: { type: 'number' } }, required: ['xValue', 'yValue'] } },
      },
    };
    const definition = fromMcpTool(tool);
    expect(definition.parameters['properties']).toHaveProperty('series_a', { $ref: '#/properties/style_options' });
    expect(definition.parameters['dependentRequired']).toEqual({ series_a: ['style_options'] });
    expect((definition.parameters['properties'] as Record<string, unknown>)['style_options']).toMatchObject({ default: { line_width: 2 } });
    expect(definition.parameters['$defs']).toStrictEqual({ dataPoint: { type: 'object', properties: { x_value: { type: 'number' }, y_value: { type: 'number' } }, required: ['x_value', 'y_value'] } });
    expect(toMcpTool(definition).inputSchema).toEqual(tool.inputSchema);
    expect(toMcpTool(JSON.parse(JSON.stringify(definition)) as ToolDefinition).inputSchema).toEqual(tool.inputSchema);

    const registry = createToolRegistry({ tools: [definition] });
    const wire = { chartType: 'bar', dataPoints: [{ xValue: 1, yValue: 2 }], label: { textValue: 'x' } };
    const validation = validateMcpCall(registry, { name: 'plotChart', arguments: wire });
    expect(validation.success ? [] : validation.errors).toEqual([]);
    // The default is applied in our names; sent back, it is in the wire's.
    expect(validation).toMatchObject({ success: true, arguments: { chart_type: 'bar', data_points: [{ x_value: 1, y_value: 2 }], label: { text_value: 'x' }, style_options: { line_width: 2 } } });
    if (!validation.success) return;
    expect(toMcpCall(registry, { name: 'plot_chart', arguments: validation.arguments }).arguments).toEqual({ ...wire, styleOptions: { lineWidth: 2 } });
    // dependentRequired and the $ref through a renamed name mean what they meant on the wire.
    expect(validateMcpCall(registry, { name: 'plotChart', arguments: { ...wire, seriesA: { lineWidth: 3 } } })).toMatchObject({ success: false, errors: [{ keyword: 'dependentRequired' }] });
    expect(validateMcpCall(registry, { name: 'plotChart', arguments: { ...wire, seriesA: { lineWidth: 3 }, styleOptions: {} } })).toMatchObject({ success: true, arguments: { series_a: { line_width: 3 } } });
    expect(validateMcpCall(registry, { name: 'plotChart', arguments: { ...wire, seriesA: { lineWidth: 'wide' }, styleOptions: {} } }).success).toBe(false);
  });

  it('leaves a tool whose names are valid exactly as before', () => {
    const tool: McpTool = { name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };
    const definition = fromMcpTool(tool);
    expect(definition.metadata?.['mcp']).toEqual({ name: 'read_file' });
    const registry = createToolRegistry({ tools: [definition] });
    const args = { path: 'a' };
    expect(toMcpCall(registry, { name: 'read_file', arguments: args }).arguments).toBe(args);
  });

  it('refuses renames that could change what a call means, with ACODE-TSR-006 and the path', () => {
    const refusal = (inputSchema: Record<string, unknown>) => {
      try {
        fromMcpTool({ name: 't', inputSchema: inputSchema as McpTool['inputSchema'] });
      } catch (error) {
        if (error instanceof InvalidToolDefinitionException) return { code: error.code, violations: error.violations.map((v) => ({ code: v.code, path: v.path, message: v.message })) };
        throw error;
      }
      return undefined;
    };
    const clash = refusal({ type: 'object', properties: { fooBar: { type: 'string' }, foo_bar: { type: 'string' } } });
    expect(clash).toMatchObject({ code: 'ACODE-TSR-006', violations: [{ code: 'ACODE-TSR-006', path: '/parameters/properties/foo_bar' }] });
    expect(clash!.violations[0]!.message).toContain('"fooBar"');
    // Two branches that apply to the same object clash too; a nested object is judged on its own.
    expect(refusal({ type: 'object', anyOf: [{ properties: { fooBar: { type: 'string' } } }, { properties: { 'foo-bar': { type: 'string' } } }] })).toMatchObject({ code: 'ACODE-TSR-006' });
    expect(refusal({ type: 'object', properties: { fooBar: { type: 'string' }, nested: { type: 'object', properties: { foo_bar: { type: 'string' } } } } })).toBeUndefined();
    expect(refusal({ type: 'object', properties: { fooBar: { type: 'string' } }, patternProperties: { '^x': { type: 'string' } } })).toMatchObject({
      code: 'ACODE-TSR-006',
      violations: [{ path: '/parameters/patternProperties' }],
    });
    expect(refusal({ type: 'object', properties: { opts: { type: 'object', properties: { maxResults: { type: 'integer' } }, propertyNames: { maxLength: 9 } } } })).toMatchObject({
      violations: [{ path: '/parameters/properties/opts/propertyNames' }],
    });
    const tree = refusal({ type: 'object', properties: { root: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { childNodes: { type: 'array', items: { $ref: '#/$defs/node' } } } } } });
    expect(tree).toMatchObject({ code: 'ACODE-TSR-006' });
    expect(tree!.violations[0]!.message).toContain('recursive');
    expect(refusal({ type: 'object', properties: { fooBar: { type: 'string' } }, allOf: [{ $ref: 'https://example.com/schema' }] })).toMatchObject({ violations: [{ path: '/parameters/allOf/0/$ref' }] });
    // Names that need no renaming keep every keyword usable.
    expect(refusal({ type: 'object', properties: { foo: { type: 'string' } }, patternProperties: { '^x': { type: 'string' } } })).toBeUndefined();
  });

  it('keeps a property named __proto__ an own property, renamed like any other', () => {
    const inputSchema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"fooBar":{"type":"string"}}}') as McpTool['inputSchema'];
    const definition = fromMcpTool({ name: 'p', inputSchema });
    expect(Object.keys(definition.parameters['properties'] as object)).toEqual(['proto', 'foo_bar']);
    const registry = createToolRegistry({ tools: [definition] });
    const wire = JSON.parse('{"__proto__":"x","fooBar":"y"}') as Record<string, unknown>;
    const validation = validateMcpCall(registry, { name: 'p', arguments: wire });
    expect(validation).toMatchObject({ success: true, arguments: { proto: 'x', foo_bar: 'y' } });
    if (validation.success) expect(Object.keys(toMcpCall(registry, { name: 'p', arguments: validation.arguments }).arguments ?? {})).toEqual(['__proto__', 'fooBar']);
    expect(toMcpTool(definition).inputSchema).toEqual(inputSchema);
  });

  it('names parameters by the rule of tool names', () => {
    expect(toParameterName('filePath')).toBe('file_path');
    expect(toParameterName('max-results')).toBe('max_results');
    expect(toParameterName('getHTTPStatus')).toBe('get_http_status');
    expect(toParameterName('$id')).toBe('id');
    expect(toParameterName('2fa')).toBe('arg_2fa');
    expect(toParameterName('日本語')).toMatch(/^arg_[0-9a-f]{8}$/);
    expect(toParameterName('run')).toBe('run');
    expect(toParameterName('a'.repeat(80) + 'B').length).toBeLessThanOrEqual(64);
  });

  it('maps generated camelCase arguments wire → ours → wire as the identity, and they validate', () => {
    const camel = fc
      .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.array(fc.stringMatching(/^[A-Z][a-z]{0,5}$/), { minLength: 0, maxLength: 2 }))
      .map(([head, tail]) => head + tail.join(''));
    type Shape = { kind: 'leaf' } | { kind: 'object'; fields: Array<[string, Shape]> } | { kind: 'array'; item: Shape };
    const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
      shape: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant<Shape>({ kind: 'leaf' }),
        fc.uniqueArray(fc.tuple(camel, tie('shape')), { minLength: 1, maxLength: 4, selector: ([name]) => toParameterName(name) }).map((fields): Shape => ({ kind: 'object', fields })),
        tie('shape').map((item): Shape => ({ kind: 'array', item })),
      ),
    })).shape;
    const schemaOf = (s: Shape): Record<string, unknown> =>
      s.kind === 'leaf'
        ? { type: 'string' }
        : s.kind === 'array'
          ? { type: 'array', items: schemaOf(s.item) }
          : { type: 'object', properties: Object.fromEntries(s.fields.map(([name, sub]) => [name, schemaOf(sub)])), additionalProperties: false };
    const valueOf = (s: Shape): fc.Arbitrary<unknown> =>
      s.kind === 'leaf'
        ? fc.string({ maxLength: 3 })
        : s.kind === 'array'
          ? fc.array(valueOf(s.item), { maxLength: 3 })
          : fc.record(Object.fromEntries(s.fields.map(([name, sub]) => [name, valueOf(sub)])), { requiredKeys: [] });
    const root = fc.uniqueArray(fc.tuple(camel, shape), { minLength: 1, maxLength: 4, selector: ([name]) => toParameterName(name) }).map((fields): Shape => ({ kind: 'object', fields }));
    fc.assert(
      fc.property(
        root.chain((s) => fc.tuple(fc.constant(s), valueOf(s))),
        ([s, wire]) => {
          const definition = fromMcpTool({ name: 'gen', inputSchema: schemaOf(s) as McpTool['inputSchema'] });
          expect(toMcpTool(definition).inputSchema).toEqual(schemaOf(s));
          const registry = createToolRegistry({ tools: [definition] });
          const validation = validateMcpCall(registry, { name: 'gen', arguments: wire as Record<string, unknown> });
          expect(validation.success).toBe(true);
          if (!validation.success) return;
          expect(JSON.stringify(validation.arguments)).not.toMatch(/"[a-z]+[A-Z]\w*":/);
          expect(toMcpCall(registry, { name: 'gen', arguments: validation.arguments }).arguments).toEqual(wire);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('maps any arguments as a bijection, whichever names each side sends', () => {
    const definition = fromMcpTool({ name: 'b', inputSchema: { type: 'object', properties: { fooBar: { type: 'object', properties: { bazQux: { type: 'string' } } }, list: { type: 'array', items: { type: 'object', properties: { aB: { type: 'string' } } } } } } });
    const names = mcpMetadataOf(definition)?.properties;
    expect(names).toBeDefined();
    // A wire object that also sends the new name literally: the two trade places, nothing is lost.
    expect(toOurArguments(names, { fooBar: 1, foo_bar: 2 })).toEqual({ foo_bar: 1, fooBar: 2 });
    const key = fc.constantFrom('fooBar', 'foo_bar', 'bazQux', 'baz_qux', 'list', 'aB', 'a_b', 'other');
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 2 }), fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(key, tie('v'), { maxKeys: 4 })),
    })).v;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (wire) => {
        expect(toWireArguments(names, toOurArguments(names, wire))).toEqual(wire);
        expect(toOurArguments(names, toWireArguments(names, wire))).toEqual(wire);
      }),
      { numRuns: 300 },
    );
  });
});
